import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { imageFoldersPolicy, imagesPolicy } from '@habla/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Folder, FolderPlus, Images, Lock, Upload } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityPicture } from '@/components/activity/media';
import { ListPagination } from '@/components/resource/list-pagination';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SearchField } from '@/components/ui/search-field';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { GALLERY_KEY, useFolders, useImages, type ImageRow } from '@/components/gallery/gallery-api';
import { ImageDialog } from './image-dialog';
import { UploadImageDialog } from '@/components/gallery/upload-dialog';

const PAGE_SIZE = 24;

/**
 * `/imagesGallery` (seed §2): the pictures one may use in games and vocabulary cards, in
 * folders; upload (crop and compression), open one to see it, change it or delete it.
 */
export function GalleryPage() {
  const { t } = useTranslation();
  const id = useId();
  const user = useAuthStore((s) => s.user);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const term = useDeferredValue(q.trim());
  const [page, setPage] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [creatingFolder, setCreatingFolder] = useState(false);
  const [open, setOpen] = useState<ImageRow | null>(null);
  const folders = useFolders();
  const images = useImages({ page, max: PAGE_SIZE, q: term, folderId });
  const canUpload = imagesPolicy.can(user, 'create');
  const canFolder = imageFoldersPolicy.can(user, 'create');
  const rows = images.data?.data ?? [];
  const total = images.data?.meta.total ?? 0;
  const folderList = folders.data?.data ?? [];

  const pick = (next: string | null) => {
    setFolderId(next);
    setPage(0);
  };

  return (
    <div>
      <PageHeader
        title={t('crumbs.imagesGallery')}
        description={t('gallery.lead')}
        actions={
          <>
            {canFolder && (
              <Button variant="secondary" onClick={() => setCreatingFolder(true)}>
                <FolderPlus aria-hidden="true" className="size-4" />
                {t('gallery.newFolder')}
              </Button>
            )}
            {canUpload && (
              <Button onClick={() => setUploading(true)}>
                <Upload aria-hidden="true" className="size-4" />
                {t('gallery.upload')}
              </Button>
            )}
          </>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label={t('gallery.folders')} className="min-w-0">
          <ul className="flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:gap-1 lg:overflow-visible">
            <li>
              <FolderButton
                active={folderId === null}
                onClick={() => pick(null)}
                icon={Images}
                label={t('gallery.allImages')}
              />
            </li>
            {folderList.map((f) => (
              <li key={f.id}>
                <FolderButton
                  active={folderId === f.id}
                  onClick={() => pick(f.id)}
                  icon={f.is_private ? Lock : Folder}
                  label={f.name}
                  count={f.images_count ?? undefined}
                />
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby={`${id}-heading`} className="min-w-0">
          <h2 id={`${id}-heading`} className="sr-only">
            {folderId
              ? (folderList.find((f) => f.id === folderId)?.name ?? t('gallery.allImages'))
              : t('gallery.allImages')}
          </h2>
          <SearchField
            id={`${id}-q`}
            label={t('gallery.searchLabel')}
            className="mb-4 max-w-md"
            value={q}
            placeholder={t('gallery.searchPlaceholder')}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(0);
            }}
          />
          {images.isSuccess && rows.length === 0 ? (
            term ? (
              <p className="rounded-xl bg-white p-6 text-sm text-slate-600 ring-1 ring-slate-200">
                {t('gallery.noMatch', { q: term })}
              </p>
            ) : (
              <EmptyState
                icon={Images}
                title={t('gallery.empty')}
                action={
                  canUpload && (
                    <Button onClick={() => setUploading(true)}>
                      <Upload aria-hidden="true" className="size-4" />
                      {t('gallery.upload')}
                    </Button>
                  )
                }
              >
                {t('gallery.emptyHelp')}
              </EmptyState>
            )
          ) : (
            <ul
              className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6"
              aria-busy={images.isFetching}
            >
              {rows.map((image) => (
                <li key={image.id}>
                  <button
                    type="button"
                    onClick={() => setOpen(image)}
                    className="group flex w-full flex-col overflow-hidden rounded-xl bg-white text-left ring-1 ring-slate-200 transition hover:shadow-md hover:ring-teal-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
                  >
                    <span className="flex aspect-square items-center justify-center bg-slate-50 p-2">
                      <ActivityPicture
                        picture={image.id}
                        alt={image.alt}
                        size="thumb"
                        className="max-h-full max-w-full"
                      />
                    </span>
                    <span className="flex items-center gap-1 px-2.5 py-2 text-sm font-medium text-slate-800">
                      {image.is_private && (
                        <Lock aria-label={t('gallery.private')} className="size-3.5 shrink-0 text-slate-500" />
                      )}
                      <span className="truncate">{image.name}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {total > PAGE_SIZE && (
            <div className="mt-4">
              <ListPagination page={page} max={PAGE_SIZE} total={total} onPage={setPage} />
            </div>
          )}
        </section>
      </div>
      {uploading && (
        <UploadImageDialog open folderId={folderId} onClose={() => setUploading(false)} onUploaded={() => setPage(0)} />
      )}
      <ImageDialog image={open} folders={folderList} onClose={() => setOpen(null)} />
      <NewFolderDialog open={creatingFolder} onClose={() => setCreatingFolder(false)} onCreated={pick} />
    </div>
  );
}

function FolderButton({
  active,
  onClick,
  icon: Icon,
  label,
  count,
}: {
  active: boolean;
  onClick: () => void;
  icon: typeof Folder;
  label: string;
  count?: number;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={active ? 'true' : undefined}
      className={`flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-teal-600 ${active ? 'bg-teal-50 font-semibold text-teal-900 ring-1 ring-teal-200' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className="truncate">{label}</span>
      {count !== undefined && <span className="ml-auto text-xs text-slate-500">{count}</span>}
    </button>
  );
}

function NewFolderDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setName('');
    setShared(false);
    setError(undefined);
    onClose();
  };
  const create = async () => {
    setBusy(true);
    try {
      const res = await api.post<{ data: { id: string } }>('/api/image-folders', {
        name: name.trim(),
        is_private: !shared,
      });
      await queryClient.invalidateQueries({ queryKey: GALLERY_KEY });
      onCreated(res.data.id);
      close();
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields.name ?? failure.message) : t('alerts.unsatisfactory'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('gallery.newFolder')}</DialogTitle>
          <form
            className="mt-4 flex flex-col gap-3"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <TextField
              label={t('gallery.folderName')}
              required
              autoFocus
              value={name}
              maxLength={80}
              error={error}
              onChange={(e) => setName(e.target.value)}
            />
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={shared}
                onChange={(e) => setShared(e.target.checked)}
                className="size-4 accent-teal-700"
              />
              {t('gallery.folderShared')}
            </label>
            <div className="mt-2 flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                {t('records.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('gallery.createFolder')}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
