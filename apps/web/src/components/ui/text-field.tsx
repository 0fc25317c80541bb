import { clsx } from 'clsx';
import { type InputHTMLAttributes, type Ref, useId } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Help text under the field, tied with aria-describedby. */
  description?: string;
  /** Error text: marks the field invalid and is announced (aria-live) and described. */
  error?: string;
  /** Visible "optional" marker text, already translated. */
  optionalLabel?: string;
  ref?: Ref<HTMLInputElement>;
};

export const fieldControlClasses = (invalid: boolean) =>
  clsx(
    'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm',
    'placeholder:text-slate-400 transition-colors',
    'focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-teal-600',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid ? 'border-red-600 focus-visible:outline-red-600' : 'border-slate-300 hover:border-slate-400',
  );

export function TextField({ label, description, error, optionalLabel, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {optionalLabel && <span className="text-xs text-slate-500">{optionalLabel}</span>}
      </div>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldControlClasses(Boolean(error))}
        {...input}
      />
      {description && (
        <p id={descriptionId} className="text-xs text-slate-600">
          {description}
        </p>
      )}
      <p id={errorId} aria-live="polite" className={clsx('text-sm text-red-700', !error && 'sr-only')}>
        {error}
      </p>
    </div>
  );
}
