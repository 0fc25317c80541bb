import { Headphones } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuthorizedObjectUrl } from '@/lib/authorized-url';
import { RECORDINGS_API } from './recordings-api';

/** Above this the whole file is not fetched at once: the transcript plays it stretch by stretch. */
export const WHOLE_FILE_MAX_MS = 10 * 60_000;

/**
 * The whole recording in the browser's own player. The audio is fetched (with the token) only when
 * asked for: a ten-minute WAV is about 19 MB, too much to download on every visit.
 */
export function AudioPlayer({ recordingId, title }: { recordingId: string; title: string }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const audio = useAuthorizedObjectUrl(asked ? `${RECORDINGS_API}/${recordingId}/audio` : null);
  if (!asked)
    return (
      <Button variant="secondary" onClick={() => setAsked(true)}>
        <Headphones className="size-4" aria-hidden="true" />
        {t('recordings.listen')}
      </Button>
    );
  if (audio.failed)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('recordings.audioFailed')}
      </p>
    );
  if (!audio.url) return <Spinner size="sm" label={t('recordings.audioLoading')} />;
  return (
    <audio controls autoPlay src={audio.url} aria-label={t('recordings.playerOf', { title })} className="w-full" />
  );
}
