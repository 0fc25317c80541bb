import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ResourceDef } from '@habla/shared/resources/define';
import { ArrowDown, ArrowUp, Columns3 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';

type Props = {
  resource: ResourceDef;
  visible: string[];
  /** Fields a screen fixes (Regular Verb's type): never offered as columns. */
  hidden?: Record<string, string>;
  saving: boolean;
  onSave: (columns: string[]) => void;
};

/**
 * Choose and order the visible columns; saved per screen in the user's view options on the server
 * (seed §3), so the layout follows the user to the next sign-in and to other devices.
 */
export function ColumnChooser({ resource, visible, hidden, saving, onSave }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string[]>(visible);
  const offered = resource.fields.filter((f) => !hidden?.[f.name] && !f.writeOnly);
  const all = [...draft, ...offered.map((f) => f.name).filter((n) => !draft.includes(n))];
  // Moving a row re-inserts its DOM node, which drops focus: put it back on the same button.
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    document.getElementById(refocus)?.focus();
    setRefocus(null);
  }, [refocus]);
  const move = (name: string, by: number) => {
    const i = draft.indexOf(name);
    const j = i + by;
    if (i < 0 || j < 0 || j >= draft.length) return;
    const next = [...draft];
    [next[i], next[j]] = [next[j]!, next[i]!];
    setDraft(next);
    setRefocus(`col-${name}-${by < 0 ? 'up' : 'down'}`);
  };
  return (
    <Popover className="relative">
      <PopoverButton className={buttonClasses('secondary', 'sm')} onClick={() => setDraft(visible)}>
        <Columns3 className="size-4" aria-hidden="true" />
        {t('records.columns')}
      </PopoverButton>
      <PopoverPanel
        focus
        anchor="bottom end"
        className="z-40 mt-2 w-72 rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        {({ close }) => (
          <>
            <p className="mb-2 text-sm font-semibold text-slate-900">{t('records.chooseColumns')}</p>
            <ul className="max-h-80 space-y-1 overflow-y-auto">
              {all.map((name) => {
                const shown = draft.includes(name);
                const label = t(`fields.${name}`);
                return (
                  <li key={name} className="flex items-center gap-2 rounded-lg px-1 py-1 hover:bg-slate-50">
                    <input
                      id={`col-${name}`}
                      type="checkbox"
                      checked={shown}
                      className="size-4 rounded border-slate-300 text-teal-700 focus-visible:outline-2 focus-visible:outline-teal-600"
                      onChange={() => setDraft(shown ? draft.filter((n) => n !== name) : [...draft, name])}
                    />
                    <label htmlFor={`col-${name}`} className="flex-1 text-sm text-slate-800">
                      {label}
                    </label>
                    {shown && (
                      <>
                        <button
                          type="button"
                          id={`col-${name}-up`}
                          className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600"
                          aria-label={t('records.moveUp', { column: label })}
                          onClick={() => move(name, -1)}
                        >
                          <ArrowUp className="size-4" aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600"
                          id={`col-${name}-down`}
                          aria-label={t('records.moveDown', { column: label })}
                          onClick={() => move(name, 1)}
                        >
                          <ArrowDown className="size-4" aria-hidden="true" />
                        </button>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="mt-3 flex justify-end gap-2">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDraft(offered.filter((f) => f.listed).map((f) => f.name))}
              >
                {t('records.defaultColumns')}
              </Button>
              <Button
                size="sm"
                loading={saving}
                disabled={draft.length === 0}
                onClick={() => {
                  onSave(draft);
                  close();
                }}
              >
                {t('records.saveColumns')}
              </Button>
            </div>
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
