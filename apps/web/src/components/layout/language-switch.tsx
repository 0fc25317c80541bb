import { clsx } from 'clsx';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isUiLanguage, LANGUAGES } from '@/lib/i18n';

/** English / Español switch; the choice is remembered and sets `<html lang>`. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div className={clsx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <Languages
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (isUiLanguage(next)) void changeLanguage(next);
        }}
        className="h-9 appearance-none rounded-lg border border-slate-300 bg-white py-1 pr-3 pl-8 text-sm font-medium text-slate-700 hover:border-slate-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-600"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
