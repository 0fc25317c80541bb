/**
 * Typed answers (docs/decisions/023-typed-answers.md): every JSON answer of the API is described
 * by a zod contract, so the OpenAPI document says exactly what each 2xx body holds. This module is
 * the detector `openapi-answers.test.ts` runs on the document, and the two lists it checks against.
 *
 * What zod 4 + fastify-type-provider-zod 7 publish (OpenAPI 3.0.3), and how the detector reads it:
 * - `z.unknown()`, `z.any()`, `z.custom()`: `{}` — a value of any kind (loose);
 * - `z.record(z.string(), z.unknown())`: `{ type: 'object', additionalProperties: {} }` (loose);
 * - `z.looseObject({ … })`: its properties plus `additionalProperties: {}` (loose: keys nobody describes);
 * - `z.object({})`: `{ type: 'object', properties: {}, additionalProperties: false }` (loose: says nothing);
 * - `z.object({ … })`, `z.strictObject({ … })`: properties plus `additionalProperties: false` (typed);
 * - `z.record(z.string(), z.number())`, `.catchall(z.number())`: `additionalProperties: { type: 'number' }` (typed);
 * - `z.json()`: a `$ref` to a component the document does not hold (loose: the reference leads nowhere).
 */

/** A JSON Schema as the document holds it: a boolean schema, or an object of keywords (parsed, so `unknown` values). */
export type SchemaNode = boolean | { readonly [keyword: string]: unknown };

/** One loose place inside an answer's body: where (`data/items/[]/answer`, `` for the body itself) and why. */
export type LooseSpot = { path: string; why: string };

/** Keywords that give a schema a shape; a schema with none of them accepts any value. */
const SHAPING = ['type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', '$ref'] as const;
const COMBINATORS = ['anyOf', 'oneOf', 'allOf'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const join = (path: string, segment: string) => (path === '' ? segment : `${path}/${segment}`);

/** Follows a local `$ref` (`#/components/schemas/x`) into the document; undefined when it leads nowhere. */
export function resolveRef(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isRecord(node) || !(key in node)) return undefined;
    node = node[key];
  }
  return node;
}

/** True when a schema (an `additionalProperties` value) says what the value is: not `true`, not `{}`-like. */
function typedValue(schema: unknown): boolean {
  return isRecord(schema) && SHAPING.some((k) => k in schema);
}

/**
 * Every loose spot of `schema`: a value of any kind, an open map or open object
 * (`additionalProperties` true or untyped, `propertyNames` without a typed value), an object that
 * names no property, an array without items, a `$ref` that leads nowhere. Follows `$ref`s into
 * `document`, and walks properties, items, anyOf / oneOf / allOf and typed additionalProperties.
 */
export function looseSpots(
  schema: unknown,
  document: unknown = {},
  path = '',
  following: ReadonlySet<string> = new Set(),
): LooseSpot[] {
  if (schema === false) return []; // nothing is allowed there: a closed door, not a loose one
  if (schema === true) return [{ path, why: 'any value (true)' }];
  if (!isRecord(schema)) return [{ path, why: 'not a schema' }];

  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    if (following.has(ref)) return []; // a recursive type: checked where it was first followed
    const target = resolveRef(document, ref);
    if (target === undefined) return [{ path, why: `$ref ${ref} leads nowhere` }];
    return looseSpots(target, document, path, new Set([...following, ref]));
  }
  if (!SHAPING.some((k) => k in schema)) return [{ path, why: 'any value' }];

  const spots: LooseSpot[] = [];
  const combined = COMBINATORS.filter((k) => k in schema);
  for (const k of combined) {
    const branches = schema[k];
    if (!Array.isArray(branches) || branches.length === 0) spots.push({ path, why: `${k} without branches` });
    else
      branches.forEach((branch, i) => spots.push(...looseSpots(branch, document, join(path, `${k}[${i}]`), following)));
  }

  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const names = Object.keys(properties);
  const additional = schema.additionalProperties;
  const objectLike =
    types.includes('object') || 'properties' in schema || 'additionalProperties' in schema || 'propertyNames' in schema;
  if (objectLike) {
    for (const name of names) spots.push(...looseSpots(properties[name], document, join(path, name), following));
    if (additional !== undefined && additional !== false) {
      if (typedValue(additional)) spots.push(...looseSpots(additional, document, join(path, '*'), following));
      else
        spots.push({
          path,
          why: names.length
            ? 'open object (additionalProperties of any value)'
            : 'map of any value (additionalProperties of any value)',
        });
    } else if ('propertyNames' in schema) {
      spots.push({ path, why: 'propertyNames without a typed value' });
    } else if (names.length === 0 && combined.length === 0) {
      spots.push({ path, why: 'object without properties' });
    }
  }

  if (types.includes('array') || 'items' in schema) {
    const items = schema.items;
    if (items === undefined) spots.push({ path, why: 'array without items' });
    else if (Array.isArray(items))
      items.forEach((item, i) => spots.push(...looseSpots(item, document, join(path, `[${i}]`), following)));
    else spots.push(...looseSpots(items, document, join(path, '[]'), following));
  }
  return spots;
}

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** A 2xx answer of one operation, as `METHOD /path STATUS`, with its loose spots (none: typed). */
export type Answer = {
  answer: string;
  method: string;
  path: string;
  status: string;
  json: boolean;
  mediaTypes: string[];
  spots: LooseSpot[];
};

/** JSON media types: `application/json` and the `+json` family; everything else is not JSON. */
export const isJsonMediaType = (mediaType: string) => {
  const base = mediaType.split(';')[0]!.trim().toLowerCase();
  return base === 'application/json' || base.endsWith('+json');
};

/** Every operation of the document (`METHOD /path`) and its 2xx answers with their loose spots. */
export function walkAnswers(document: unknown): { operations: string[]; answers: Answer[] } {
  const operations: string[] = [];
  const answers: Answer[] = [];
  const paths = isRecord(document) && isRecord(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const METHOD = method.toUpperCase();
      operations.push(`${METHOD} ${path}`);
      const responses = isRecord(operation.responses) ? operation.responses : {};
      for (const [status, raw] of Object.entries(responses)) {
        if (!/^2(?:\d\d|XX)$/.test(status)) continue;
        const response = isRecord(raw) && typeof raw.$ref === 'string' ? resolveRef(document, raw.$ref) : raw;
        const content = isRecord(response) && isRecord(response.content) ? response.content : {};
        const mediaTypes = Object.keys(content);
        const answer = `${METHOD} ${path} ${status}`;
        const base = { answer, method: METHOD, path, status };
        if (mediaTypes.length === 0) {
          // Only a 204 has no body; any other 2xx without content is an answer without a contract.
          answers.push({
            ...base,
            json: status !== '204',
            mediaTypes,
            spots: status === '204' ? [] : [{ path: '', why: 'no schema for the body' }],
          });
          continue;
        }
        const json = mediaTypes.filter(isJsonMediaType);
        const spots = json.flatMap((mediaType) => {
          const media = content[mediaType];
          if (!isRecord(media) || !('schema' in media)) return [{ path: '', why: `${mediaType} without a schema` }];
          return looseSpots(media.schema, document);
        });
        answers.push({ ...base, json: json.length > 0, mediaTypes, spots });
      }
    }
  }
  return { operations, answers };
}

/** `METHOD /path STATUS: spot` for a report (`(body)` for the body itself). */
export const describeSpot = (answer: string, spot: LooseSpot) => `${answer}: ${spot.path || '(body)'} — ${spot.why}`;

/**
 * Media types an answer may have besides JSON, each with the decision that allows it. The test
 * skips these answers (their body is bytes or text, not a JSON contract) and fails on any other
 * non-JSON media type, so a JSON body cannot hide under a new one.
 */
export const NON_JSON_MEDIA: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  { pattern: /^text\/csv$/, reason: 'CSV exports of the resources (decision 005, exports)' },
  { pattern: /^text\/plain$/, reason: "a recording's transcript exported as text (decision 018, transcript formats)" },
  {
    pattern: /^application\/pdf$/,
    reason: 'PDF bodies: the assessment report (decision 019) and stored PDF files (decision 007)',
  },
  { pattern: /^image\/(?:png|jpeg|gif|webp)$/, reason: 'stored images and files (decisions 007, 016)' },
  {
    pattern: /^image\/svg\+xml$/,
    reason: 'the pictures the app draws itself, GET /api/pictures/{code} (decision 023)',
  },
  {
    pattern: /^(?:audio|video)\/[\w.+-]+$/,
    reason: 'audio and video files, whole (200) or a byte range (206) (decisions 007, 018)',
  },
];

/** A listed loose answer: why it is loose, and its loose spots exactly as `looseSpots` finds them. */
export type LooseEntry = { why: string; at: readonly string[] };

/**
 * JSON answers that are loose on purpose, `METHOD /path STATUS` → the reason, naming the decision
 * that allows it, and the spots (docs/decisions/023-typed-answers.md).
 */
export const EXCEPTIONS: Readonly<Record<string, LooseEntry>> = {
  'GET /api/audit-log 200': {
    why: "an audit entry's `changes` is its writer's own record of one write (a field's from and to, a count, the ids a reorder moved), free JSON by decision 023; the screen shows it as text",
    at: ['data/[]/changes'],
  },
};

/**
 * The debt: JSON answers that are loose today, `METHOD /path STATUS` → why and where. The test
 * fails on a loose answer missing here, on an entry whose spots differ from what it finds, and on
 * an entry that is no longer loose or no longer exists, so this list only shrinks
 * (docs/decisions/023-typed-answers.md). Empty: every JSON answer but the exceptions is typed.
 */
export const KNOWN_LOOSE: Readonly<Record<string, LooseEntry>> = {};
