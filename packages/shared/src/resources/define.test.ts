import { describe, expect, it } from 'vitest';
import { fieldInput, INT_MAX, INT_MIN } from './define';

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
