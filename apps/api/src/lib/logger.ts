import type { FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The server's logger. No log line may hold a password, a password hash, a token, a reset link, an
 * SSN or a query's parameters (issue 9, point 2), whoever logs what. Two layers make sure of it:
 *
 * 1. serializers decide what of an error and a request is written at all: an error keeps its type,
 *    code and stack frames, never the parameters a failed query carries (Drizzle puts them in the
 *    message and in `params`), nor PostgreSQL's `detail` (it quotes the offending values); a request
 *    keeps its method, path and the names of its query parameters, never their values;
 * 2. every finished line passes `scrubLine` on its way out: keys that name secrets lose their values,
 *    and text that looks like a secret (argon2 hash, bearer or session token, link token, SSN) is
 *    replaced, wherever it appears, also inside a message or a stack.
 */

const REDACTED = '[redacted]';

/** Keys whose values never reach the log, at any depth. */
const SECRET_KEY =
  /^(password|new_password|current_password|password_hash|hash|token|token_hash|secret|ssn|ssn_encrypted|authorization|cookie|set-cookie|params|parameters|detail|link|body)$/i;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TEXT_RULES: [RegExp, string | ((match: string) => string)][] = [
  // Drizzle's "Failed query: … params: …": the parameters, up to the first stack frame.
  [/(\bparams: )[\s\S]*?(?=\n\s+at |$)/g, `$1${REDACTED}`],
  [/\$argon2(?:id|i|d)\$[A-Za-z0-9+/=$,.-]*/g, '[redacted hash]'],
  [/\b(Bearer)\s+[^\s"',]+/gi, `$1 ${REDACTED}`],
  // A link's secret part, whatever the link: ?token=…, &code=…
  [/([?&#;](?:token|reset|code|key|password|secret|sig|signature)=)[^&\s"'#<>]*/gi, `$1${REDACTED}`],
  // Long random strings (session and reset tokens are 43 base64url characters, their hashes 64 hex);
  // identifiers (UUIDs: request, user and row ids) stay readable.
  [/(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g, (m) => (UUID.test(m) ? m : '[redacted token]')],
  // SSNs, with or without dashes.
  [/(?<![\d.-])\d{3}-\d{2}-\d{4}(?![\d.-])/g, '[redacted number]'],
  [/(?<![\d.])\d{9}(?![\d.])/g, '[redacted number]'],
];

/** Replace whatever in `text` looks like a secret. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement as string);
  return out;
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : scrubValue(child, depth + 1);
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
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name, message, stack: [`${e.name}: ${message}`, ...frames].join('\n') };
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
  return pino({ level: opts.level, serializers: { err: serializeError, error: serializeError, req: serializeRequest } }, scrubbingStream(opts.destination));
}
