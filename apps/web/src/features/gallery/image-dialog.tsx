import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityPicture } from '@/components/activity/media';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { Button } from '@/components/ui/button';
import { ImageFields } from '@/components/gallery/image-fields';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { formatSize } from '@/components/gallery/crop';
import { GALLERY_KEY, type FolderRow, type ImageRow } from '@/components/gallery/gallery-api';

/** One image: the medium size, its details, and (for whoever may change it) an edit form and Delete. */
export function ImageDialog({
  image,
  folders,
  onClose,
}: {
  image: ImageRow | null;
  folders: FolderRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={image !== null} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-2 sm:p-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel className="w-full max-w-3xl rounded-2xl bg-white p-4 shadow-xl sm:p-6">
            {image && <ImageDetails key={image.id} image={image} folders={folders} onClose={onClose} />}
            {!image && <DialogTitle className="sr-only">{t('gallery.detailsTitle')}</DialogTitle>}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

function ImageDetails({ image, folders, onClose }: { image: ImageRow; folders: FolderRow[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = image._actions.includes('update');
  const canDelete = image._actions.includes('delete');
  const [fields, setFields] = useState({
    name: image.name,
    alt: image.alt,
    description: image.description ?? '',
    folder_id: image.folder_id ?? '',
    is_private: image.is_private,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      await api.patch(`/api/images/${image.id}`, {
        ...fields,
        description: fields.description || null,
        folder_id: fields.folder_id || null,
      });
      await queryClient.invalidateQueries({ queryKey: GALLERY_KEY });
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(failure.fields);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await api.delete(`/api/images/${image.id}`);
      await queryClient.invalidateQueries({ queryKey: GALLERY_KEY });
      setConfirming(false);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogTitle className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {image.is_private && <Lock aria-label={t('gallery.private')} className="size-4 text-slate-500" />}
        {image.name}
      </DialogTitle>
      <div className="mt-4 grid gap-5 md:grid-cols-[1.2fr_1fr]">
        <figure className="flex flex-col gap-2">
          <div className="flex h-64 items-center justify-center rounded-xl bg-slate-100 sm:h-80">
            <ActivityPicture picture={image.id} alt={image.alt} className="max-h-full max-w-full" />
          </div>
          <figcaption className="text-xs text-slate-600">
            {t('gallery.dimensions', {
              width: image.width,
              height: image.height,
              size: formatSize(image.size ?? 0, i18n.language),
            })}
          </figcaption>
        </figure>
        {canEdit ? (
          <form
            className="flex flex-col gap-3"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <ImageFields value={fields} onChange={setFields} errors={errors} folders={folders} />
            <div className="mt-auto flex flex-wrap justify-end gap-2 pt-2">
              {canDelete && (
                <Button
                  variant="ghost"
                  className="mr-auto text-red-700"
                  onClick={() => setConfirming(true)}
                  disabled={busy}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('gallery.delete')}
                </Button>
              )}
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                {t('records.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('gallery.save')}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="flex flex-col gap-3 text-sm">
            <div>
              <dt className="font-medium text-slate-800">{t('gallery.altLabel')}</dt>
              <dd className="text-slate-700">{image.alt}</dd>
            </div>
            {image.description && (
              <div>
                <dt className="font-medium text-slate-800">{t('gallery.descriptionLabel')}</dt>
                <dd className="text-slate-700">{image.description}</dd>
              </div>
            )}
            <div>
              <dt className="font-medium text-slate-800">{t('gallery.folderLabel')}</dt>
              <dd className="text-slate-700">{image.folder?.label ?? t('gallery.noFolder')}</dd>
            </div>
            <div className="mt-auto flex justify-end pt-2">
              <Button variant="secondary" onClick={onClose}>
                {t('gallery.close')}
              </Button>
            </div>
          </dl>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('gallery.confirmDeleteTitle')}
        confirmLabel={t('gallery.delete')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        {t('gallery.confirmDelete', { name: image.name })}
      </ConfirmDialog>
    </>
  );
}
