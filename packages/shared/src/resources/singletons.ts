import { z } from 'zod';
import { APP_MODULES, DEFAULT_APP_CONFIGURATION } from '../enums';
import { RECORDING_MAX_MINUTES } from './recordings';

/**
 * Singletons: records of which there is exactly one row per key — the app
 * configuration has one per module (MLA, MAA). Declared once here; the API serves them with the
 * generic singleton routes (`apps/api/src/crud/singleton.ts`: read all, read one, replace one) and
 * the web draws their form from the same declaration. Who may read and change them is in
 * `policies/singletons.ts`.
 */

/** A setting of a singleton: a bounded whole number or a switch, with the seed's default. */
export type SingletonFieldDef = (
  | {
      name: string;
      kind: 'int';
      min: number;
      maxValue: number;
      default: number;
      unit?: 'percent' | 'points' | 'days' | 'rows' | 'workspaces' | 'minutes';
    }
  | { name: string; kind: 'bool'; default: boolean }
) & {
  /** The rows (keys) whose screens show it, when it means something for some only (a recording's length: MAA). */
  keys?: readonly string[];
};

/** A rule across fields: the field it names and the message key when `values` break it. */
export type SingletonCheck = (values: Record<string, unknown>) => { field: string; key: string } | undefined;

export type SingletonDef = {
  /** Registry key and path segment under /api (kebab-case). */
  name: string;
  /** The key column (the table's primary key) and its values: one row per value, no other. */
  key: string;
  keys: readonly string[];
  fields: readonly SingletonFieldDef[];
  checks?: readonly SingletonCheck[];
};

/** A module of the product (docs/product.md §1): the app configuration has one row per module. */
export type AppModule = (typeof APP_MODULES)[number];

const d = DEFAULT_APP_CONFIGURATION;

/** Points of a later try may not exceed those of an earlier one. */
const notMoreThan =
  (later: string, earlier: string, key: string): SingletonCheck =>
  (v) =>
    typeof v[later] === 'number' && typeof v[earlier] === 'number' && (v[later] as number) > (v[earlier] as number)
      ? { field: later, key }
      : undefined;

/** App Configuration (seed §3, §9; docs/product.md §9): scoring, expiry and display settings per module. */
export const APP_CONFIGURATION = {
  name: 'app-configuration',
  key: 'module',
  keys: APP_MODULES,
  fields: [
    { name: 'min_rate', kind: 'int', min: 0, maxValue: 100, default: d.min_rate, unit: 'percent' },
    { name: 'game_expiration', kind: 'int', min: 1, maxValue: 365, default: d.game_expiration, unit: 'days' },
    { name: 'point_first_try', kind: 'int', min: 0, maxValue: 100, default: d.point_first_try, unit: 'points' },
    { name: 'point_second_try', kind: 'int', min: 0, maxValue: 100, default: d.point_second_try, unit: 'points' },
    { name: 'point_third_try', kind: 'int', min: 0, maxValue: 100, default: d.point_third_try, unit: 'points' },
    { name: 'page_count', kind: 'int', min: 5, maxValue: 100, default: d.page_count, unit: 'rows' },
    { name: 'max_workspace', kind: 'int', min: 1, maxValue: 10, default: d.max_workspace, unit: 'workspaces' },
    { name: 'show_progress_bar', kind: 'bool', default: d.show_progress_bar },
    // The seed's spelling, kept: it is the column and the API's field name.
    { name: 'show_failed_attemps', kind: 'bool', default: d.show_failed_attemps },
    // MAA: the longest recording, in the browser and uploaded; 60 is the pipeline's own limit.
    {
      name: 'max_recording_minutes',
      kind: 'int',
      min: 1,
      maxValue: RECORDING_MAX_MINUTES,
      default: RECORDING_MAX_MINUTES,
      unit: 'minutes',
      keys: ['MAA'],
    },
  ],
  checks: [
    notMoreThan('point_second_try', 'point_first_try', 'validation.pointsAfterFirst'),
    notMoreThan('point_third_try', 'point_second_try', 'validation.pointsAfterSecond'),
  ],
} as const satisfies SingletonDef;

export const SINGLETONS = { 'app-configuration': APP_CONFIGURATION } as const satisfies Record<string, SingletonDef>;
export type SingletonName = keyof typeof SINGLETONS;

/** The values of one singleton row as the API answers them: the key, then every field. */
export const singletonRowSchema = (def: SingletonDef) =>
  z.object({
    [def.key]: z.string(),
    ...Object.fromEntries(def.fields.map((f) => [f.name, f.kind === 'int' ? z.number() : z.boolean()])),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  });

/**
 * The body of a change (PUT replaces every setting): each field required and in bounds, no unknown
 * field, and the cross-field checks (400 naming the field). Shared by the API's route and the web form.
 */
export function singletonInput(def: SingletonDef) {
  const shape = Object.fromEntries(
    def.fields.map((f) => {
      const missingOr = (key: string) => (issue: { input?: unknown }) =>
        issue.input === undefined || issue.input === null ? 'validation.required' : key;
      const value =
        f.kind === 'bool'
          ? z.boolean({ error: missingOr('validation.invalid') })
          : z
              .number({ error: missingOr('validation.number') })
              .int({ error: 'validation.number' })
              .min(f.min, { error: 'validation.atLeast' })
              .max(f.maxValue, { error: 'validation.atMost' });
      // A setting of some rows only may be left out (it keeps its value): a form of another module, or a
      // client older than the setting, does not have to know it.
      return [f.name, f.keys ? value.optional() : value];
    }),
  );
  return z.strictObject(shape).superRefine((values, ctx) => {
    for (const check of def.checks ?? []) {
      const broken = check(values);
      if (broken)
        ctx.addIssue({ code: 'custom', path: [broken.field], message: broken.key, input: values[broken.field] });
    }
  });
}
