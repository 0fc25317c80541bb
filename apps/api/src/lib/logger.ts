import type { FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The server's logger. No log line may hold a password, a password hash, a token, a reset link, an
 * SSN or a query's parameters, whoever logs what. Two layers make sure of it:
 *
 * 1. serializers decide what of an error and a request is written at all: an error keeps its type,
 *    code and stack frames, never the parameters a failed query carries (Drizzle puts them in the
 *    message and in `params`), nor PostgreSQL's `detail` (it quotes the offending values); a request
 *    keeps its method, path and the names of its query parameters, never their values;
 * 2. every finished line passes `scrubLine` on its way out: keys that name secrets lose their values,
 *    and text that looks like a secret (argon2 hash, bearer or session token, link token, SSN) is
 *    replaced, wherever it appears, also inside a message or a stack; request ids and UUIDs stay
 *    whole, so that the id an error answer shows finds its lines.
 */

const REDACTED = '[redacted]';

/** Keys whose values never reach the log, at any depth. */
const SECRET_KEY =
  /^(password|new_password|current_password|password_hash|hash|token|token_hash|secret|ssn|ssn_encrypted|authorization|cookie|set-cookie|params|parameters|detail|link|body)$/i;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keys that hold the id of a request or a job (pino's `reqId`, a service context's `requestId`):
 * logged as they are, since an operator finds the log of a failure by the id its answer showed
 * (`errors.internal`). The API takes a caller's id only in this shape (`app.ts`, at most 64 id
 * characters); a job's is `job:<name>:<hex>`.
 */
const REQUEST_ID_KEY = /^(reqId|requestId|request_id)$/;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,80}$/;

/**
 * Text rules. Each takes time in proportion to the text (decision 005, "Text readers in linear
 * time"): a literal start, then one quantifier that cannot give characters back to another.
 */
const TEXT_RULES: [RegExp, string][] = [
  [/\$argon2(?:id|i|d)\$[A-Za-z0-9+/=$,.-]*/g, '[redacted hash]'],
  [/\b(Bearer)\s+[^\s"',]+/gi, `$1 ${REDACTED}`],
  // A link's secret part, whatever the link: ?token=…, &code=…
  [/([?&#;](?:token|reset|code|key|password|secret|sig|signature)=)[^&\s"'#<>]*/gi, `$1${REDACTED}`],
];
/** SSNs, with or without dashes (bounded: at most 11 characters are tried from any position). */
const NUMBER_RULES: RegExp[] = [/(?<![\d.-])\d{3}-\d{2}-\d{4}(?![\d.-])/g, /(?<![\d.])\d{9}(?![\d.])/g];
/** A run of token characters, matched whole and once (its end cannot be given back). */
const RUN = /[A-Za-z0-9_-]+/g;
const PARAMS = /\bparams: /g;

/**
 * Drizzle's "Failed query: … params: …": the parameters, up to the first stack frame (a line break,
 * white space, `at `) or the end. This was `(params: )[\s\S]*?(?=\n\s+at |$)`, which took quadratic
 * time on many line breaks; here a run of white space is read once, whichever of its line breaks the
 * frame would start from.
 */
function dropQueryParams(text: string): string {
  let out = '';
  let from = 0;
  PARAMS.lastIndex = 0;
  for (let m = PARAMS.exec(text); m; m = PARAMS.exec(text)) {
    const valueAt = m.index + m[0].length;
    const end = frameStart(text, valueAt);
    out += `${text.slice(from, valueAt)}${REDACTED}`;
    from = end;
    PARAMS.lastIndex = end;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Where the first stack frame (`\n`, white space, `at `) after `from` begins, else the end. */
function frameStart(text: string, from: number): number {
  for (let nl = text.indexOf('\n', from); nl >= 0;) {
    let j = nl + 1;
    while (j < text.length && /\s/.test(text[j]!)) j++;
    if (j > nl + 1 && text.startsWith('at ', j)) return nl;
    // Every line break inside this run of white space reaches the same end, and fails the same way.
    nl = text.indexOf('\n', j);
  }
  return text.length;
}

/**
 * Long random strings (session and reset tokens are 43 base64url characters, their hashes 64 hex)
 * become `[redacted token]`, and SSN-shaped numbers `[redacted number]`; UUIDs (request, user and
 * row ids) stay whole, digits included (nine digits in a row are not rare in one).
 */
function scrubRuns(text: string): string {
  let out = '';
  let from = 0;
  RUN.lastIndex = 0;
  for (let m = RUN.exec(text); m; m = RUN.exec(text)) {
    const run = m[0];
    let replacement: string;
    if (UUID.test(run)) replacement = run;
    else if (run.length >= 32 && /\d/.test(run) && /[A-Za-z]/.test(run)) replacement = '[redacted token]';
    else continue;
    out += scrubNumbers(text.slice(from, m.index)) + replacement;
    from = m.index + run.length;
  }
  return out + scrubNumbers(text.slice(from));
}

function scrubNumbers(text: string): string {
  let out = text;
  for (const pattern of NUMBER_RULES) out = out.replace(pattern, '[redacted number]');
  return out;
}

/** Replace whatever in `text` looks like a secret. */
export function scrubText(text: string): string {
  let out = dropQueryParams(text);
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement);
  return scrubRuns(out);
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) out[key] = REDACTED;
    else if (REQUEST_ID_KEY.test(key) && typeof child === 'string' && REQUEST_ID.test(child)) out[key] = child;
    else out[key] = scrubValue(child, depth + 1);
  }
  return out;
}

/** One finished log line (pino's JSON, newline-terminated) without its secrets. */
export function scrubLine(line: string): string {
  try {
    return `${JSON.stringify(scrubValue(JSON.parse(line), 0))}\n`;
  } catch {
    return scrubText(line);
  }
}

/** Of an error, what helps an operator and nothing a query carried: type, message, code, frames, cause. */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> | unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? scrubText(err) : err;
  const e = err as Error & Record<string, unknown>;
  // PostgreSQL's data exceptions (SQLSTATE class 22) quote the value they refused: "invalid input
  // syntax for type integer: "<a password>"". The quotes go, the explanation stays.
  const quotesValues = typeof e.code === 'string' && e.code.startsWith('22') && 'severity' in e;
  const message = scrubText(quotesValues ? e.message.replace(/"[^"]*"/g, `"${REDACTED}"`) : e.message);
  const frames = (e.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? e.name,
    message,
    stack: [`${e.name}: ${message}`, ...frames].join('\n'),
  };
  for (const key of ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine', 'validation']) {
    const v = e[key];
    if (typeof v === 'string' || typeof v === 'number') out[key] = v;
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Of a request: method, path and the names (not the values) of its query parameters. */
export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  const [path = '', query] = (req.url ?? '').split('?', 2);
  const out: Record<string, unknown> = { method: req.method, url: path, remoteAddress: req.ip };
  if (query) out.query = [...new URLSearchParams(query).keys()];
  return out;
}

/** A destination that scrubs each line before handing it on (stdout by default). */
export function scrubbingStream(inner: DestinationStream = pino.destination(1)): DestinationStream {
  return { write: (line: string) => inner.write(scrubLine(line)) };
}

/** The logger of the server, the CLI and the tests: pino with the serializers and the scrubbing stream. */
export function createLogger(opts: { level: string; destination?: DestinationStream }): Logger {
  return pino(
    { level: opts.level, serializers: { err: serializeError, error: serializeError, req: serializeRequest } },
    scrubbingStream(opts.destination),
  );
}
