import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Label } from '@headlessui/react';
import { Check, ChevronsUpDown, X } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldControlClasses } from '@/components/ui/text-field';
import type { ResourceScreen } from '@/lib/resource-screens';
import { type Ref, useOptions } from './records-api';

type Props = {
  label: string;
  target: ResourceScreen;
  value: Ref[];
  multiple: boolean;
  error?: string;
  onChange: (value: Ref[]) => void;
};

/** Pick one or several related records by typing part of their name (type-ahead against the list endpoint). */
export function RelationPicker({ label, target, value, multiple, error, onChange }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [open, setOpen] = useState(false);
  const options = useOptions(target.apiPath, deferred, open || query.length > 0);
  const found: Ref[] = (options.data?.data ?? []).map((r) => ({ id: r.id, label: String(r[target.resource.titleField] ?? r.id) }));
  const errorId = `${label}-error`.replace(/\W/g, '-');
  const select = (picked: Ref | Ref[] | null) => {
    if (multiple) onChange((picked as Ref[]) ?? []);
    else onChange(picked ? [picked as Ref] : []);
    setQuery('');
  };
  return (
    <div className="flex flex-col gap-1.5">
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
        <Label className="text-sm font-medium text-slate-800">{label}</Label>
        {multiple && value.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={label}>
            {value.map((r) => (
              <li key={r.id} className="inline-flex items-center gap-1 rounded-full bg-teal-50 py-0.5 pr-1 pl-2.5 text-sm text-teal-900 ring-1 ring-teal-200">
                {r.label}
                <button type="button" className="rounded-full p-0.5 hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-teal-600" aria-label={t('records.removeItem', { name: r.label })} onClick={() => onChange(value.filter((v) => v.id !== r.id))}>
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="relative">
          <ComboboxInput
            className={`${fieldControlClasses(Boolean(error))} pr-9`}
            displayValue={(r: Ref | null) => (multiple ? '' : (r?.label ?? ''))}
            placeholder={t('records.typeToSearch')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setQuery(e.target.value)}
            onFocus={() => setOpen(true)}
          />
          <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-2.5 text-slate-400" aria-label={t('records.showOptions', { field: label })} onClick={() => setOpen(true)}>
            <ChevronsUpDown className="size-4" aria-hidden="true" />
          </ComboboxButton>
        </div>
        <ComboboxOptions anchor="bottom start" className="z-50 mt-1 max-h-64 w-(--input-width) overflow-y-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200 empty:invisible">
          {!multiple && value.length > 0 && (
            <ComboboxOption value={null} className="cursor-pointer px-3 py-2 text-sm text-slate-500 data-focus:bg-teal-50">
              {t('records.none')}
            </ComboboxOption>
          )}
          {found.map((r) => (
            <ComboboxOption key={r.id} value={r} className="group flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-800 data-focus:bg-teal-50">
              <Check className="invisible size-4 text-teal-700 group-data-selected:visible" aria-hidden="true" />
              {r.label}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      <p id={errorId} aria-live="polite" className={error ? 'text-sm text-red-700' : 'sr-only'}>
        {error}
      </p>
    </div>
  );
}
