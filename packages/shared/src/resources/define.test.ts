import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptsType, fieldInput, INT_MAX, INT_MIN, type FieldDef } from './define';

describe('int fields', () => {
  it('without declared bounds take the bounds of PostgreSQL integer', () => {
    const n = fieldInput({ name: 'order', kind: 'int' });
    expect(n.safeParse(INT_MAX).success).toBe(true);
    expect(n.safeParse(INT_MIN).success).toBe(true);
    expect(n.safeParse(INT_MAX + 1).error?.issues[0]?.message).toBe('validation.range');
    expect(n.safeParse(INT_MIN - 1).error?.issues[0]?.message).toBe('validation.range');
    expect(n.safeParse(1.5).error?.issues[0]?.message).toBe('validation.number');
  });

  it('keep their declared bounds', () => {
    const n = fieldInput({ name: 'semantic_complexity', kind: 'int', min: 1, maxValue: 5 });
    expect(n.safeParse(5).success).toBe(true);
    expect(n.safeParse(6).error?.issues[0]?.message).toBe('validation.range');
    expect(n.safeParse(0).error?.issues[0]?.message).toBe('validation.range');
  });
});

describe('field declarations', () => {
  it('carry only the properties of their kind', () => {
    // @ts-expect-error an int field has no options
    const intWithOptions: FieldDef = { name: 'order', kind: 'int', options: ['a'] };
    // @ts-expect-error a JSON document cannot be sorted by
    const sortedJson: FieldDef = { name: 'answers', kind: 'json', schema: z.array(z.string()), sortable: true };
    // @ts-expect-error an enum must say its options
    const enumWithout: FieldDef = { name: 'status', kind: 'enum', enumName: 'status' };
    expect([intWithOptions, sortedJson, enumWithout]).toHaveLength(3);
  });
});

describe('json fields', () => {
  const f: FieldDef = {
    name: 'answers',
    kind: 'json',
    schema: z.array(z.object({ text: z.string().min(1, { error: 'validation.required' }), correct: z.boolean() })),
  };

  it('validate with their schema, naming the nested path', () => {
    expect(fieldInput(f).safeParse([{ text: 'cat', correct: true }]).success).toBe(true);
    const issue = fieldInput(f).safeParse([
      { text: 'cat', correct: true },
      { text: '', correct: false },
    ]).error?.issues[0];
    expect(issue?.path).toEqual([1, 'text']);
    expect(issue?.message).toBe('validation.required');
    expect(fieldInput(f).safeParse(null).success).toBe(true);
    expect(fieldInput({ ...f, required: true }).safeParse(null).success).toBe(false);
  });
});

describe('file fields', () => {
  it('take a file id', () => {
    const f: FieldDef = { name: 'image_id', kind: 'file', accept: ['image/*'] };
    expect(fieldInput(f).safeParse('0b7c6f1e-2f55-4b0e-9a55-2f8f1f0e4c11').success).toBe(true);
    expect(fieldInput(f).safeParse('cat.png').error?.issues[0]?.message).toBe('validation.invalid');
  });

  it('accept exact types and families', () => {
    expect(acceptsType(['image/*'], 'image/png')).toBe(true);
    expect(acceptsType(['image/*'], 'application/pdf')).toBe(false);
    expect(acceptsType(['audio/mpeg', 'application/pdf'], 'application/pdf')).toBe(true);
    expect(acceptsType(['image/png'], 'image/pngx')).toBe(false);
  });
});
