import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useAuthStore } from '@/lib/auth-store';
import type { FolderRow } from './gallery-api';

export type ImageFieldValues = {
  alt: string;
  name: string;
  description: string;
  folder_id: string;
  is_private: boolean;
};

/**
 * What one says of an image, on upload and when changing it: alt text (required), name,
 * description, folder, private. Errors come keyed by field, as the API names them.
 */
export function ImageFields({
  value,
  onChange,
  errors,
  folders,
}: {
  value: ImageFieldValues;
  onChange: (next: ImageFieldValues) => void;
  errors: Record<string, string>;
  folders: readonly FolderRow[];
}) {
  const { t } = useTranslation();
  const inLibrary = useAuthStore((s) => !s.user?.account_id);
  const set = <K extends keyof ImageFieldValues>(key: K, v: ImageFieldValues[K]) => onChange({ ...value, [key]: v });
  return (
    <>
      <TextField
        label={t('gallery.altLabel')}
        description={t('gallery.altHelp')}
        required
        aria-required="true"
        value={value.alt}
        maxLength={250}
        error={errors.alt}
        onChange={(e) => set('alt', e.target.value)}
      />
      <TextField
        label={t('gallery.nameLabel')}
        value={value.name}
        maxLength={120}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <TextField
        label={t('gallery.descriptionLabel')}
        optionalLabel={t('records.optional')}
        value={value.description}
        maxLength={1000}
        error={errors.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <SelectField
        label={t('gallery.folderLabel')}
        value={value.folder_id}
        error={errors.folder_id}
        onChange={(e) => set('folder_id', e.target.value)}
        options={[{ value: '', label: t('gallery.noFolder') }, ...folders.map((f) => ({ value: f.id, label: f.name }))]}
      />
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={value.is_private}
          onChange={(e) => set('is_private', e.target.checked)}
          className="mt-0.5 size-4 accent-teal-700"
        />
        <span>
          <span className="font-medium">{t('gallery.privateLabel')}</span>
          <span className="block text-xs text-slate-600">
            {t(inLibrary ? 'gallery.privateHelpLibrary' : 'gallery.privateHelp')}
          </span>
        </span>
      </label>
    </>
  );
}
