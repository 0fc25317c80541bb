import { clsx } from 'clsx';
import type { ComponentType } from 'react';

export type ChoiceCard<T extends string> = {
  value: T;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  label: string;
  help: string;
};

/**
 * One choice among a few, as cards with an icon, a label and a line of help: radio buttons under the
 * hood (arrow keys, one tab stop, the fieldset's legend names the group). Used by the new-recording
 * (upload or record) and new-assessment (recording or transcript) pages.
 */
export function ChoiceCards<T extends string>({
  name,
  options,
  value,
  onChange,
  disabled,
  stacked = false,
}: {
  name: string;
  options: ChoiceCard<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Whether an option may not be chosen now (drawn faded). */
  disabled?: (option: T) => boolean;
  /** One card under the other at every width (a narrow column). */
  stacked?: boolean;
}) {
  return (
    <div className={clsx('grid gap-2', !stacked && 'sm:grid-cols-2')}>
      {options.map(({ value: option, icon: Icon, label, help }) => {
        const off = disabled?.(option) ?? false;
        return (
          <label
            key={option}
            className={clsx(
              'flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-teal-600',
              value === option ? 'bg-teal-50/60 ring-2 ring-teal-600' : 'ring-slate-300 hover:bg-slate-50',
              off && value !== option && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              disabled={off && value !== option}
              onChange={() => onChange(option)}
              className="mt-1 accent-teal-700"
            />
            <Icon className="mt-0.5 size-5 shrink-0 text-teal-700" aria-hidden="true" />
            <span className="flex flex-col">
              <span className="text-sm font-semibold text-slate-900">{label}</span>
              <span className="text-xs text-slate-600">{help}</span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
