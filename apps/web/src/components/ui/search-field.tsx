import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import type { InputHTMLAttributes, Ref } from 'react';
import { fieldControlClasses } from './text-field';

type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'className'> & {
  id: string;
  /** The field's name for screen readers (sighted people read the placeholder and the icon). */
  label: string;
  /** Classes of the wrapper: width and margins. */
  className?: string;
  /** Classes added to the input (its height). */
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A search box: a magnifier inside the field, its label for screen readers only. */
export function SearchField({ id, label, className, inputClassName, ...input }: SearchFieldProps) {
  return (
    <div className={clsx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <input id={id} type="search" {...input} className={clsx(fieldControlClasses(false), 'pl-9', inputClassName)} />
    </div>
  );
}
