import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Label } from '@headlessui/react';
import { clsx } from 'clsx';
import { Check, ChevronsUpDown, X } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldControlClasses } from '@/components/ui/text-field';
import type { ResourceScreen } from '@/lib/resource-screens';
import { type Ref, useOptions } from './resource-api';

/** The disabled "no matches" row (never selectable). */
const NO_MATCH: Ref = { id: '', label: '' };

type Props = {
  label: string;
  target: ResourceScreen;
  value: Ref[];
  multiple: boolean;
  error?: string;
  /** Visible "optional" marker, already translated. */
  optionalLabel?: string;
  /** A filter above a list: the label is for screen readers only and the placeholder names the field. */
  compact?: boolean;
  placeholder?: string;
  /** Text of the choice that empties a single picker ("None", or "Topic: any" in a filter). */
  noneLabel?: string;
  onChange: (value: Ref[]) => void;
};

/**
 * Pick one or several related records by typing part of their name: each pause asks the target's
 * list endpoint for 20 matches (`q`, by relevance), so it works on a catalog of any size.
 */
export function RelationPicker({
  label,
  target,
  value,
  multiple,
  error,
  optionalLabel,
  compact = false,
  placeholder,
  noneLabel,
  onChange,
}: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [open, setOpen] = useState(false);
  const options = useOptions(target.apiPath, deferred, open || query.length > 0);
  const found: Ref[] = (options.data?.data ?? []).map((r) => ({
    id: r.id,
    label: String(r[target.resource.titleField] ?? r.id),
  }));
  const errorId = `${useId()}-error`;
  const select = (picked: Ref | Ref[] | null) => {
    if (multiple) onChange((picked as Ref[]) ?? []);
    else onChange(picked ? [picked as Ref] : []);
    setQuery('');
  };
  return (
    <div className={clsx('flex flex-col', !compact && 'gap-1.5')}>
      <Combobox
        value={(multiple ? value : (value[0] ?? null)) as never}
        by="id"
        multiple={multiple as never}
        onChange={select as never}
        onClose={() => {
          setQuery('');
          setOpen(false);
        }}
      >
        <div className={compact ? 'sr-only' : 'flex items-baseline justify-between gap-2'}>
          <Label className="text-sm font-medium text-slate-800">{label}</Label>
          {optionalLabel && !compact && <span className="text-xs text-slate-500">{optionalLabel}</span>}
        </div>
        {multiple && value.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={label}>
            {value.map((r) => (
              <li
                key={r.id}
                className="inline-flex items-center gap-1 rounded-lg bg-teal-50 py-0.5 pr-1 pl-2.5 text-sm text-teal-900 ring-1 ring-teal-200"
              >
                {r.label}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-teal-600"
                  aria-label={t('records.removeItem', { name: r.label })}
                  onClick={() => onChange(value.filter((v) => v.id !== r.id))}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="relative">
          <ComboboxInput
            className={clsx(fieldControlClasses(Boolean(error)), 'pr-9', compact && 'h-10 placeholder:text-slate-700')}
            displayValue={(r: Ref | null) => (multiple ? '' : (r?.label ?? ''))}
            placeholder={placeholder ?? t('records.typeToSearch')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setQuery(e.target.value)}
            onFocus={() => setOpen(true)}
          />
          <ComboboxButton
            className="absolute inset-y-0 right-0 flex items-center px-2.5 text-slate-500"
            aria-label={t('records.showOptions', { field: label })}
            onClick={() => setOpen(true)}
          >
            <ChevronsUpDown className="size-4" aria-hidden="true" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 mt-1 max-h-64 w-(--input-width) min-w-56 overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200 empty:invisible"
        >
          {!multiple && value.length > 0 && (
            <ComboboxOption
              value={null}
              className="cursor-pointer px-3 py-2 text-sm text-slate-500 data-focus:bg-teal-50"
            >
              {noneLabel ?? t('records.none')}
            </ComboboxOption>
          )}
          {found.map((r) => (
            <ComboboxOption
              key={r.id}
              value={r}
              className="group flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-800 data-focus:bg-teal-50"
            >
              <Check
                className="invisible size-4 shrink-0 text-teal-700 group-data-selected:visible"
                aria-hidden="true"
              />
              {r.label}
            </ComboboxOption>
          ))}
          {options.isSuccess && found.length === 0 && (
            <ComboboxOption disabled value={NO_MATCH} className="px-3 py-2 text-sm text-slate-500">
              {t('records.noMatches')}
            </ComboboxOption>
          )}
        </ComboboxOptions>
      </Combobox>
      {!compact && (
        <p id={errorId} aria-live="polite" className={error ? 'text-sm text-red-700' : 'sr-only'}>
          {error}
        </p>
      )}
    </div>
  );
}
