import { fieldLabel, translate, type Language } from '@habla/shared';
import type { FastifySchemaCompiler } from 'fastify';
import {
  validatorCompiler as zodValidatorCompiler,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findUnsafeText } from '../lib/input';

/** Every request part passes the input rule of lib/input.ts first; its issue names the field like any other. */
const safeInput = z.unknown().superRefine((data, ctx) => {
  const bad = findUnsafeText(data);
  // A field is named by its first few keys: a path thousands deep would make a megabyte of message.
  if (bad)
    ctx.addIssue({
      code: 'custom',
      path: bad.path.slice(0, 8),
      message: 'validation.invalidCharacters',
      input: undefined,
    });
});

type Issue = Pick<ZodFastifySchemaValidationError, 'keyword' | 'instancePath' | 'message' | 'params'>;

/** Catalogue key for an issue whose schema gave no `validation.*` key of its own. */
function keyFor(issue: Issue): string {
  const p = issue.params as Record<string, unknown>;
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '') ? 'validation.required' : 'validation.invalid';
    case 'too_big':
      return 'validation.tooLong';
    case 'too_small':
      return p.minimum === 1 ? 'validation.required' : 'validation.tooShort';
    case 'invalid_format':
      return p.format === 'email' ? 'validation.email' : 'validation.invalid';
    case 'invalid_value':
      return 'validation.choice';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalid';
  }
}

/**
 * Turn zod issues into one translated message per field (the first issue of a field wins), keyed by
 * the field's dotted path; the message names the field by its label in the caller's language.
 */
export function fieldMessages(issues: Issue[], lang: Language): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const p = issue.params as Record<string, unknown>;
    const segments = issue.instancePath.split('/').filter(Boolean);
    // Unknown keys are reported on their parent; name each key instead.
    const keys = issue.keyword === 'unrecognized_keys' && Array.isArray(p.keys) ? p.keys.map(String) : [undefined];
    for (const extra of keys) {
      const path = extra ? [...segments, extra] : segments;
      const field = path.join('.') || 'body';
      if (fields[field]) continue;
      const key = issue.message && /^(validation|errors)\./.test(issue.message) ? issue.message : keyFor(issue);
      // A problem inside a field's value (a JSON document's answers.2.text) names the field and the path in it.
      const [top = 'body', ...inner] = path;
      const label = inner.length ? `${fieldLabel(lang, top)} (${inner.join('.')})` : fieldLabel(lang, top);
      fields[field] = translate(lang, key, {
        field: label,
        maximum: String(p.maximum ?? ''),
        minimum: String(p.minimum ?? ''),
      });
    }
  }
  return fields;
}

/** The route's zod schema behind the input rule: a pipe stops at the first schema's issues. */
const guarded: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: safeInput.pipe(route.schema) });

/**
 * The API's validator compiler: the route's zod schema, behind the input rule for strings, so the
 * route's schema (and any SQL behind it) never sees a NUL or a lone surrogate, in a body, a query
 * string or a path, on any route. A request without a body (none sent, an empty JSON one, or `null`)
 * that its route refuses is refused naming each required field, as an empty object would be, rather
 * than with one message about "the body". Only the message changes: what the route accepts does not.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = guarded(route);
  if (route.httpPart !== 'body') return validate;
  const refused = (result: unknown) =>
    typeof result === 'object' && result !== null && 'error' in result && Boolean(result.error);
  return (data) => {
    const result = validate(data);
    // Fastify hands a missing body over as null.
    if (data != null || !refused(result)) return result;
    const asEmpty = validate({});
    return refused(asEmpty) ? asEmpty : result;
  };
};
