import { useQuery } from '@tanstack/react-query';
import { ImageIcon, Upload, X } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityPicture } from './media';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import { api } from '@/lib/api';

type VocabularyRow = { id: string; word: string; word_es?: string | null; picture: string | null };
type GalleryRow = { id: string; name: string; alt: string };
type Source = 'pictures' | 'gallery';

// The cropper loads only when someone uploads: the builder's own chunk stays small.
const UploadImageDialog = lazy(() =>
  import('@/components/gallery/upload-dialog').then((m) => ({ default: m.UploadImageDialog })),
);

/**
 * A picture for an activity: search the vocabulary catalog's 1,315 pictures by word (English or
 * Spanish), or the image gallery by name (and upload a new one, cropped, right here), and pick one;
 * the choice shows as a thumbnail with a remove button. The grids are lists of buttons, so they work
 * by keyboard and with a screen reader (each is named by its word or its alt text).
 */
export function PictureField({
  label,
  value,
  onChange,
  disabled,
  compact,
  pickerOnly,
}: {
  label: string;
  value: string | null;
  onChange: (picture: string | null, word?: string) => void;
  disabled?: boolean;
  compact?: boolean;
  /** Only the button and the picker (a form that shows the value and its label itself). */
  pickerOnly?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [source, setSource] = useState<Source>('pictures');
  const [uploading, setUploading] = useState(false);
  const term = q.trim();
  const results = useQuery({
    queryKey: ['builder', 'pictures', term],
    queryFn: ({ signal }) =>
      api
        .get<{ data: VocabularyRow[] }>('/api/catalogs/vocabulary', {
          query: { q: term, max: 18, page: 0 },
          signal,
          silentSuccess: true,
        })
        .then((r) => r.data.filter((v) => v.picture)),
    enabled: open && source === 'pictures' && term.length > 0,
    staleTime: 60_000,
  });
  const gallery = useQuery({
    queryKey: ['gallery', 'images', 'picker', term],
    queryFn: ({ signal }) =>
      api
        .get<{ data: GalleryRow[] }>('/api/images', {
          query: { ...(term ? { q: term } : {}), max: 18, page: 0 },
          signal,
          silentSuccess: true,
        })
        .then((r) => r.data),
    enabled: open && source === 'gallery',
  });
  const choose = (picture: string, word: string) => {
    onChange(picture, word);
    setOpen(false);
    setQ('');
  };
  const choices: { key: string; picture: string; label: string; word: string }[] =
    source === 'pictures'
      ? (results.data ?? []).map((v) => ({ key: v.id, picture: v.picture!, label: v.word, word: v.word }))
      : (gallery.data ?? []).map((g) => ({ key: g.id, picture: g.id, label: g.name, word: g.alt }));
  const noneFound = source === 'pictures' ? term && results.data?.length === 0 : gallery.data?.length === 0;

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className={pickerOnly ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        {value && !pickerOnly ? (
          <>
            <ActivityPicture
              picture={value}
              alt={t('builder.chosenPicture')}
              className={compact ? 'size-12' : 'size-16'}
              size="thumb"
            />
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled}
              onClick={() => onChange(null)}
              aria-label={t('builder.removePicture', { field: label })}
            >
              <X aria-hidden="true" className="size-4" />
              {t('records.fileRemove')}
            </Button>
          </>
        ) : null}
        {!disabled && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={`${id}-picker`}
            aria-describedby={`${id}-label`}
          >
            <ImageIcon aria-hidden="true" className="size-4" />
            {value ? t('builder.changePicture') : t('builder.choosePicture')}
          </Button>
        )}
      </div>
      {open && !disabled && (
        <div id={`${id}-picker`} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          <div className="mb-3 flex flex-wrap items-center gap-2" role="group" aria-label={t('builder.pictureSource')}>
            {(['pictures', 'gallery'] as const).map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={source === s}
                onClick={() => setSource(s)}
                className={`rounded-full px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-600 ${source === s ? 'bg-teal-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'}`}
              >
                {t(`builder.source.${s}`)}
              </button>
            ))}
            {source === 'gallery' && (
              <Button variant="secondary" size="sm" className="ml-auto" onClick={() => setUploading(true)}>
                <Upload aria-hidden="true" className="size-4" />
                {t('builder.uploadPicture')}
              </Button>
            )}
          </div>
          <SearchField
            id={`${id}-q`}
            label={t(source === 'pictures' ? 'builder.searchPictures' : 'builder.searchGallery')}
            autoFocus
            value={q}
            placeholder={t(
              source === 'pictures' ? 'builder.searchPicturesPlaceholder' : 'builder.searchGalleryPlaceholder',
            )}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpen(false);
            }}
          />
          {noneFound && (
            <p className="mt-3 text-sm text-slate-600">
              {term ? t('builder.noPictures', { q: term }) : t('builder.noGalleryImages')}
            </p>
          )}
          {choices.length > 0 && (
            <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label={t('builder.pictureResults')}>
              {choices.map((c) => (
                <li key={c.key}>
                  <button
                    type="button"
                    onClick={() => choose(c.picture, c.word)}
                    className="flex w-full flex-col items-center gap-1 rounded-lg p-2 text-xs text-slate-700 ring-1 ring-slate-200 hover:bg-amber-50 hover:ring-amber-400 focus-visible:outline-2 focus-visible:outline-teal-600"
                  >
                    <ActivityPicture picture={c.picture} alt="" className="size-10" size="thumb" />
                    <span className="line-clamp-2 text-center">{c.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {uploading && (
        <Suspense fallback={null}>
          <UploadImageDialog
            open={uploading}
            onClose={() => setUploading(false)}
            onUploaded={(image) => choose(image.id, image.alt)}
          />
        </Suspense>
      )}
    </div>
  );
}
