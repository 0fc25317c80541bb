import type { Resolver, UseFormRegisterReturn } from 'react-hook-form';
import { useId } from 'react';
import { fieldControlClasses } from '@/components/ui/text-field';

type Values = Record<string, unknown>;

/** A JSON field's value as the textarea shows it: indented, or empty. */
export const jsonText = (value: unknown): string =>
  value === null || value === undefined ? '' : JSON.stringify(value, null, 2);

/**
 * The form's resolver with JSON fields typed as text: each is parsed before the shared schema sees
 * it (empty is null); text that is not JSON is refused as `validation.json`, the rest is judged by
 * the field's own schema like any other field, and the parsed values are what the form submits.
 */
export function withJsonFields(resolver: Resolver<Values>, names: readonly string[]): Resolver<Values> {
  if (!names.length) return resolver;
  return async (values, context, options) => {
    const parsed: Values = { ...values };
    const bad: Record<string, { type: string; message: string }> = {};
    for (const name of names) {
      const text = values[name];
      if (typeof text !== 'string') continue;
      if (!text.trim()) parsed[name] = null;
      else
        try {
          parsed[name] = JSON.parse(text) as unknown;
        } catch {
          bad[name] = { type: 'json', message: 'validation.json' };
        }
    }
    const result = await resolver(parsed, context, options);
    if (!Object.keys(bad).length) return result;
    return { values: {}, errors: { ...result.errors, ...bad } } as Awaited<ReturnType<Resolver<Values>>>;
  };
}

/** The first message inside a field's error tree, with its path inside the value (`2.text`), if any. */
export function firstNestedError(error: unknown, path: string[] = []): { path: string; message: string } | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && message) return { path: path.join('.'), message };
  for (const [key, child] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'message') continue;
    const found = firstNestedError(child, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

type InputProps = {
  label: string;
  optionalLabel?: string;
  help: string;
  error?: string;
  registration: UseFormRegisterReturn;
};

/**
 * The generic form's input of a JSON field: a labelled textarea of the document, validated with the
 * field's own schema (features replace it with an editor of their own).
 */
export function JsonInput({ label, optionalLabel, help, error, registration }: InputProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {optionalLabel && <span className="text-xs text-slate-500">{optionalLabel}</span>}
      </div>
      <textarea
        id={id}
        rows={8}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        className={`${fieldControlClasses(Boolean(error))} font-mono text-xs sm:text-xs`}
        {...registration}
      />
      <p id={`${id}-help`} className="text-xs text-slate-600">
        {help}
      </p>
      <p id={`${id}-error`} aria-live="polite" className={error ? 'text-sm text-red-700' : 'sr-only'}>
        {error}
      </p>
    </div>
  );
}
