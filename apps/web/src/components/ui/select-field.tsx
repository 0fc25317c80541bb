import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { type Ref, type SelectHTMLAttributes, useId } from 'react';
import { fieldControlClasses } from './text-field';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  options: readonly SelectOption[];
  /** First, empty choice ("Choose …"). */
  placeholder?: string;
  description?: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
};

export function SelectField({
  label,
  options,
  placeholder,
  description,
  error,
  className,
  ref,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(fieldControlClasses(Boolean(error)), 'appearance-none pr-9')}
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
      </div>
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
