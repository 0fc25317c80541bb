import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/** The Habla mark (a speech bubble with an H) and, unless `markOnly`, the word. */
export function Logo({
  markOnly = false,
  className,
  size = 'md',
}: {
  markOnly?: boolean;
  className?: string;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation();
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 64 64" className={size === 'lg' ? 'size-11' : 'size-8'} aria-hidden="true">
        <rect width="64" height="64" rx="14" className="fill-teal-700" />
        <path d="M16 18h32a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-9 8v-8h-5a6 6 0 0 1-6-6V24a6 6 0 0 1 6-6z" fill="#fff" />
        <path d="M24 25v13M40 25v13M24 31.5h16" className="stroke-teal-700" strokeWidth="4.5" strokeLinecap="round" />
      </svg>
      {!markOnly && (
        <span className={clsx('font-bold tracking-tight text-slate-900', size === 'lg' ? 'text-3xl' : 'text-xl')}>
          {t('app.name')}
        </span>
      )}
    </span>
  );
}
