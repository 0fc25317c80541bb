import fc from 'fast-check';

/**
 * fast-check arbitraries generated from the JSON schemas of the server's OpenAPI document: mostly
 * values of the declared shape (so requests get past validation into the services and their SQL),
 * mixed with the inputs that broke the server before (NUL, lone surrogates, U+FFFF, numbers beyond
 * PostgreSQL's integer, wrong types, huge and odd text).
 */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Text that broke the server once, or breaks servers in general. */
export const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  'a\ud800',
  '\udc00b',
  '\uffff',
  'ca\uffff',
  '\u{10ffff}',
  '',
  ' ',
  'a'.repeat(3000),
  "'; DROP TABLE users; --",
  '%',
  '_%\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u202eevil',
  'İıß🐱',
  'NaN',
  '1e400',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '-0',
  '0x1F',
  'true',
  'null',
  '2026-02-30',
  '00000000-0000-0000-0000-000000000000',
];

/** Values of the wrong type, for any position. */
const wrongType = fc.constantFrom<unknown>(
  null,
  true,
  false,
  0,
  -1,
  2 ** 31,
  -(2 ** 31) - 1,
  1e308,
  0.5,
  [],
  {},
  [null],
  { a: 1 },
  ...HOSTILE_TEXT,
);

/** Real ids of rows in the database (filled by the test before it runs), so ids point at something. */
export const knownIds: string[] = [];

/**
 * Ids of the operation whose requests are being built (its own resource's rows, set by the test before
 * it builds them), drawn first: a route of one row then mostly reaches its handler's work with a
 * row that exists, rather than its 404.
 */
let ownIds: string[] = [];
export const preferIds = (ids: readonly string[]): void => void (ownIds = [...ids]);

const idArb = (): fc.Arbitrary<string> =>
  fc.oneof(
    ...(ownIds.length ? [{ weight: 3, arbitrary: fc.constantFrom(...ownIds) }] : []),
    {
      weight: 3,
      arbitrary: fc.constantFrom(...(knownIds.length ? knownIds : ['00000000-0000-4000-8000-000000000000'])),
    },
    { weight: 1, arbitrary: fc.uuid() },
  );

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return idArb();
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date')
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // A pattern fast-check cannot invert: fall back to text.
    }
  }
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 40, 60));
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(s.minimum ?? -1e6, -(2 ** 40));
  const max = Math.min(s.maximum ?? 1e6, 2 ** 40);
  const inRange = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
  const edges = fc.constantFrom(min, max, 0, -1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1.5);
  return fc.oneof({ weight: 4, arbitrary: inRange }, { weight: 1, arbitrary: edges });
}

/** A value for `schema`: well-shaped most of the time, hostile some of the time. */
export function valueOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = schema ?? {};
  const shaped = shapedValue(s, depth);
  const options: fc.WeightedArbitrary<unknown>[] = [
    { weight: 8, arbitrary: shaped },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  ];
  if (s.nullable) options.push({ weight: 1, arbitrary: fc.constant(null) });
  return fc.oneof(...options);
}

function shapedValue(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length)
    return fc.oneof(...variants.map((v) => shapedValue({ ...v, nullable: v.nullable || s.nullable }, depth)));
  if (s.allOf?.length) return shapedValue(Object.assign({}, ...s.allOf) as JsonSchema, depth);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(valueOf(s.items, depth + 1), {
            minLength: s.minItems ?? 0,
            maxLength: Math.min(s.maxItems ?? 5, 5),
          });
    case 'object':
      return objectOf(s, depth);
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

/** An object: required keys always, optional ones sometimes, now and then a key nobody declared. */
export function objectOf(s: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  if (depth > 4) return fc.constant({});
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const entries = Object.entries(props).map(([key, child]) => {
    const v = valueOf(child, depth + 1);
    return required.has(key)
      ? v.map((x) => [key, x] as const)
      : fc.option(
          v.map((x) => [key, x] as const),
          { freq: 2, nil: undefined },
        );
  });
  const extra = fc.option(
    fc.tuple(fc.constantFrom('extra', 'id', 'account_id', 'role', '__proto__', 'a\u0000', 'deleted_at'), wrongType),
    { freq: 6, nil: undefined },
  );
  return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => {
    const out: Record<string, unknown> = {};
    for (const p of pairs) if (p) out[p[0]] = p[1];
    if (more)
      Object.defineProperty(out, more[0], { value: more[1], enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** A query-string value for a parameter's schema: every value travels as text. */
export function queryValueOf(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const s = schema ?? {};
  const shaped = shapedValue(s, 0).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );
}
