import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Text of a form error. Messages of the shared zod schemas are catalogue keys
 * (`validation.required`) translated with the field's label as `{{field}}`; anything else (a
 * server message, already translated) is shown as it is.
 */
export function fieldErrorText(
  t: Translate,
  message: string | undefined,
  fieldLabel: string,
  params: Record<string, unknown> = {},
): string | undefined {
  if (!message) return undefined;
  if (/^validation\.\w+$/.test(message)) return t(message, { field: fieldLabel, ...params });
  return message;
}

/** Put the server's per-field messages (`fields` of a 400/409 envelope) under the fields. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fields)) {
    if ((known as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
