import { describe, expect, expectTypeOf, it } from 'vitest';
import { SESSION_STATUSES } from '../enums';
import { accountsPolicy } from '../policies/accounts';
import { GAME_RESOURCES } from '../resources/games';
import { RECORDING_RESOURCES } from '../resources/recordings';
import { TENANCY_RESOURCES } from '../resources/tenancy';
import { resourceRowSchema, type Ref, type ResourceRow } from './resource-row';

const recordings = RECORDING_RESOURCES.recordings;
type RecordingRow = ResourceRow<typeof recordings>;

/** A row of `def` as the schema types it: every key the schema names, each given a value it accepts. */
const stamps = {
  deleted_at: null,
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
  created_by: null,
  updated_by: null,
  created_by_name: null,
  updated_by_name: null,
};

describe('a resource row: its type and its schema read the declaration alike', () => {
  it('names exactly the declared, readable fields, the relations’ loaded labels and the stamps', () => {
    const schema = resourceRowSchema(recordings);
    const declared = recordings.fields.filter((f) => !('writeOnly' in f && f.writeOnly)).map((f) => f.name);
    const labels = recordings.fields.flatMap((f) => (f.kind === 'relation' && 'as' in f && f.as ? [f.as] : []));
    expect(Object.keys(schema.shape).sort()).toEqual(
      ['id', ...declared, ...labels, ...Object.keys(stamps), '_actions'].sort(),
    );
    // The same keys at compile time: a key the type adds or lacks fails `tsc`.
    type Declared =
      | 'title'
      | 'student_id'
      | 'language'
      | 'session_status'
      | 'engine'
      | 'duration_ms'
      | 'progress'
      | 'failure_reason'
      | 'consent_by'
      | 'consent_at'
      | 'account_id';
    expect(declared.sort()).toEqual(
      [
        'title',
        'student_id',
        'language',
        'session_status',
        'engine',
        'duration_ms',
        'progress',
        'failure_reason',
        'consent_by',
        'consent_at',
        'account_id',
      ].sort(),
    );
    expectTypeOf<keyof RecordingRow>().toEqualTypeOf<
      'id' | Declared | 'student' | 'consent_user' | 'account' | keyof typeof stamps | '_actions'
    >();
  });

  it('types each kind as the schema answers it', () => {
    expectTypeOf<RecordingRow['session_status']>().toEqualTypeOf<(typeof SESSION_STATUSES)[number] | null>();
    expectTypeOf<RecordingRow['_actions']>().toEqualTypeOf<
      ('read' | 'update' | 'delete' | 'restore' | 'retry' | 'complete')[]
    >();
    expectTypeOf<RecordingRow['duration_ms']>().toEqualTypeOf<number | null>();
    // Required: always set. Not required: null when unset.
    expectTypeOf<RecordingRow['title']>().toEqualTypeOf<string>();
    expectTypeOf<RecordingRow['failure_reason']>().toEqualTypeOf<string | null>();
    expectTypeOf<RecordingRow['student']>().toEqualTypeOf<Ref | null>();
    expectTypeOf<RecordingRow['created_at']>().toEqualTypeOf<string>();
    expectTypeOf<RecordingRow['deleted_at']>().toEqualTypeOf<string | null>();
    expectTypeOf<ResourceRow<typeof GAME_RESOURCES.games>['is_private']>().toEqualTypeOf<boolean>();
    expectTypeOf<ResourceRow<typeof GAME_RESOURCES.games>['_actions']>().toEqualTypeOf<
      (
        | 'read'
        | 'update'
        | 'delete'
        | 'restore'
        | 'complete'
        | 'versions'
        | 'duplicate'
        | 'share'
        | 'make-private'
        | 'collect'
      )[]
    >();
    // A write-only field (a user's password) is never part of a row.
    expectTypeOf<
      'password' extends keyof ResourceRow<typeof TENANCY_RESOURCES.users> ? true : false
    >().toEqualTypeOf<false>();
    expect(Object.keys(resourceRowSchema(TENANCY_RESOURCES.users).shape)).not.toContain('password');
  });

  it('lets a required field be null only where the policy may hide it', () => {
    const accounts = TENANCY_RESOURCES.accounts;
    expectTypeOf<ResourceRow<typeof accounts, (typeof accountsPolicy.hideable)[number]>['amount']>().toEqualTypeOf<
      string | null
    >();
    expectTypeOf<ResourceRow<typeof accounts>['amount']>().toEqualTypeOf<string>();
    expectTypeOf<ResourceRow<typeof accounts, 'amount'>['name']>().toEqualTypeOf<string>();
    expect(accountsPolicy.hideable).toEqual(['amount', 'payment_method']);
    const amount = (hideable: readonly string[]) => resourceRowSchema(accounts, hideable).shape.amount!;
    expect(amount(accountsPolicy.hideable).safeParse(null).success).toBe(true);
    expect(amount([]).safeParse(null).success).toBe(false);
    expect(amount([]).safeParse('120.00').success).toBe(true);
  });

  it('keeps a row as it is and drops a key nobody declared', () => {
    const schema = resourceRowSchema(GAME_RESOURCES.activities);
    const row = {
      id: 'a1',
      game_id: 'g1',
      game: { id: 'g1', label: 'Animals' },
      position: 1,
      question: 'Which one barks?',
      picture: null,
      audio_id: null,
      answers: { options: [{ text: 'dog' }, { text: 'cat' }], correct: 0 },
      ...stamps,
      _actions: ['read', 'update'],
    };
    const labels = Object.keys(schema.shape).filter((k) => !(k in row));
    expect(labels).toEqual([]);
    expect(schema.parse(row)).toEqual(row);
    expect(schema.parse({ ...row, secret_answer: 0 })).toEqual(row);
    // The json field keeps its own contract: an answer key it does not name is refused.
    expect(schema.safeParse({ ...row, answers: { correct: 0, solution: 'dog' } }).success).toBe(false);
  });
});
