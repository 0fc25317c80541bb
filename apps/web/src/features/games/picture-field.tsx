import { useQuery } from '@tanstack/react-query';
import { ImageIcon, Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityPicture } from '@/components/activity/media';
import { Button } from '@/components/ui/button';
import { fieldControlClasses } from '@/components/ui/text-field';
import { api } from '@/lib/api';

type VocabularyRow = { id: string; word: string; word_es?: string | null; picture: string | null };

/**
 * A picture for an activity: search the vocabulary catalog's 1,315 pictures by word (English or
 * Spanish) and pick one; the choice shows as a thumbnail with a remove button. The grid is a list of
 * buttons, so it works by keyboard and with a screen reader (each is named by its word).
 */
export function PictureField({
  label,
  value,
  onChange,
  disabled,
  compact,
}: {
  label: string;
  value: string | null;
  onChange: (picture: string | null, word?: string) => void;
  disabled?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const term = q.trim();
  const results = useQuery({
    queryKey: ['builder', 'pictures', term],
    queryFn: ({ signal }) =>
      api
        .get<{ data: VocabularyRow[] }>('/api/catalogs/vocabulary', { query: { q: term, max: 18, page: 0 }, signal, silentSuccess: true })
        .then((r) => r.data.filter((v) => v.picture)),
    enabled: open && term.length > 0,
    staleTime: 60_000,
  });

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        {value ? (
          <>
            <ActivityPicture picture={value} alt={t('builder.chosenPicture')} className={compact ? 'size-12' : 'size-16'} size="thumb" />
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null)} aria-label={t('builder.removePicture', { field: label })}>
              <X aria-hidden="true" className="size-4" />
              {t('records.fileRemove')}
            </Button>
          </>
        ) : null}
        {!disabled && (
          <Button variant="secondary" size="sm" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={`${id}-picker`} aria-describedby={`${id}-label`}>
            <ImageIcon aria-hidden="true" className="size-4" />
            {value ? t('builder.changePicture') : t('builder.choosePicture')}
          </Button>
        )}
      </div>
      {open && !disabled && (
        <div id={`${id}-picker`} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          <label htmlFor={`${id}-q`} className="sr-only">
            {t('builder.searchPictures')}
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input
              id={`${id}-q`}
              type="search"
              autoFocus
              value={q}
              placeholder={t('builder.searchPicturesPlaceholder')}
              onChange={(e) => setQ(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setOpen(false);
              }}
              className={`${fieldControlClasses(false)} pl-9`}
            />
          </div>
          {term && results.data?.length === 0 && <p className="mt-3 text-sm text-slate-600">{t('builder.noPictures', { q: term })}</p>}
          {results.data && results.data.length > 0 && (
            <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label={t('builder.pictureResults')}>
              {results.data.map((v) => (
                <li key={v.id}>
                  <button
                    type="button"
                    onClick={() => {
                      onChange(v.picture, v.word);
                      setOpen(false);
                      setQ('');
                    }}
                    className="flex w-full flex-col items-center gap-1 rounded-lg p-2 text-xs text-slate-700 ring-1 ring-slate-200 hover:bg-amber-50 hover:ring-amber-400 focus-visible:outline-2 focus-visible:outline-teal-600"
                  >
                    <ActivityPicture picture={v.picture!} alt="" className="size-10" size="thumb" />
                    <span className="line-clamp-2 text-center">{v.word}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
