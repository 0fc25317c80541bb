import type { FileInfo } from '@habla/shared/schemas/files';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { useAuthorizedUrl } from '@/lib/authorized-url';

/** Metadata of one file, shared by every preview of it on the page. */
export function useFileInfo(id: string | null) {
  return useQuery({
    queryKey: ['files', id],
    queryFn: ({ signal }) =>
      api.get<{ data: FileInfo }>(`/api/files/${id}`, { signal, silent: true }).then((r) => r.data),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
}

/** A file as people see it: a thumbnail for a picture, a player for a sound (large size), else its name. */
export function FilePreview({ id, size = 'sm' }: { id: string; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  const info = useFileInfo(id);
  const image = info.data?.content_type.startsWith('image/') ?? false;
  const audio = info.data?.content_type.startsWith('audio/') ?? false;
  const url = useAuthorizedUrl(image || (audio && size === 'lg') ? `/api/files/${id}/content` : null);
  if (info.isError) return <span className="text-slate-500">{t('records.fileUnavailable')}</span>;
  if (!info.data) return <span className="text-slate-400">…</span>;
  if (image && url)
    return (
      <img
        src={url}
        alt={info.data.name}
        className={
          size === 'lg'
            ? 'max-h-40 max-w-full rounded-lg object-contain ring-1 ring-slate-200'
            : 'size-10 rounded object-cover'
        }
      />
    );
  // A form's audio field plays its sound; a list cell names it.
  if (audio && url) return <audio controls src={url} aria-label={info.data.name} className="h-10 max-w-full" />;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5 text-slate-800">
      <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span className="truncate">{info.data.name}</span>
    </span>
  );
}
