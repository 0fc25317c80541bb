import { Volume2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorizedUrl } from '@/lib/authorized-url';
import { isImageId, type ShownPicture } from './model';

/** The address of a picture: a Noto picture the API renders, or a gallery image (medium size). */
const picturePath = (picture: ShownPicture, size: 'thumb' | 'medium') =>
  isImageId(picture) ? `/api/images/${picture}/file?size=${size}` : null;

/**
 * A picture of an activity. Noto pictures are public files; a gallery image is fetched with the
 * session (a private one only its owner sees). `alt` says what it shows, or "" when the text beside
 * it already does.
 */
export function ActivityPicture({
  picture,
  alt,
  className,
  size = 'medium',
}: {
  picture: ShownPicture;
  alt: string;
  className?: string;
  size?: 'thumb' | 'medium';
}) {
  const fetched = useAuthorizedUrl(picturePath(picture, size));
  const src = isImageId(picture) ? fetched : `/api/pictures/${picture.toLowerCase()}.svg`;
  if (!src) return <span aria-hidden="true" className={`${className ?? ''} animate-pulse rounded-xl bg-slate-100`} />;
  return <img src={src} alt={alt} className={`${className ?? ''} object-contain`} draggable={false} />;
}

/** A large "listen" button that plays the activity's audio prompt. */
export function ListenButton({ audio, label }: { audio: string; label: string }) {
  const { t } = useTranslation();
  const url = useAuthorizedUrl(`/api/files/${audio}/content`);
  const player = useRef<HTMLAudioElement>(null);
  return (
    <>
      <button
        type="button"
        disabled={!url}
        onClick={() => {
          const a = player.current;
          if (!a) return;
          a.currentTime = 0;
          void a.play().catch(() => undefined);
        }}
        aria-label={t('activity.listenTo', { what: label })}
        className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-amber-400 text-slate-900 shadow-md transition hover:bg-amber-300 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-50"
      >
        <Volume2 aria-hidden="true" className="size-7" />
      </button>
      {url && <audio ref={player} src={url} preload="auto" />}
    </>
  );
}
