import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { saveDownload } from '@/components/resource/resource-api';
import { Button } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { formatOfFile, TRANSCRIPT_FILE_ACCEPT } from '@/lib/transcript-files';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { RECORDINGS_API, type Transcript } from './recordings-api';

type Format = 'chat' | 'text';

/**
 * The transcript as a file and back: download it as CHAT (`.cha`, for CLAN) or plain text,
 * and, while it can be edited, replace it with a CHAT or text file (after a confirmation: the file's
 * utterances take the place of the current ones). The file is read in the browser and sent as text
 * with the version it replaces, so an edit saved meanwhile by someone else is not overwritten (409).
 */
export function TranscriptFiles({
  recordingId,
  version,
  editable,
  onImported,
}: {
  recordingId: string;
  version: number;
  editable: boolean;
  onImported: (t: Transcript) => void;
}) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (format: Format) => {
    const token = useAuthStore.getState().token;
    const res = await fetch(`${RECORDINGS_API}/${recordingId}/transcript?format=${format}`, {
      headers: { 'Accept-Language': i18n.language, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    if (!res.ok) {
      toast.error(t('recordings.files.downloadFailed'));
      return;
    }
    await saveDownload(res, `transcript.${format === 'chat' ? 'cha' : 'txt'}`);
  };

  const replace = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const text = await file.text();
      const res = await api.post<{ data: Transcript }>(`${RECORDINGS_API}/${recordingId}/transcript`, {
        format: formatOfFile(file.name),
        text,
        version,
      });
      onImported(res.data);
      setFile(null);
    } catch (err) {
      // The API client has said what was wrong (a line it could not read, a newer version): keep the dialog's file.
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={() => void download('chat')}>
        <Download className="size-4" aria-hidden="true" />
        {t('recordings.files.chat')}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void download('text')}>
        <Download className="size-4" aria-hidden="true" />
        {t('recordings.files.text')}
      </Button>
      {editable && (
        <>
          <FileButton label={t('recordings.files.import')} accept={TRANSCRIPT_FILE_ACCEPT} onFile={setFile} />
        </>
      )}
      <ConfirmDialog
        open={file !== null}
        title={t('recordings.files.replaceTitle')}
        confirmLabel={t('recordings.files.replace')}
        danger
        busy={busy}
        onConfirm={() => void replace()}
        onClose={() => setFile(null)}
      >
        {t('recordings.files.replaceText', { name: file?.name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
