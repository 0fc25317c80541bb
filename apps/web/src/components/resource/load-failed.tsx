import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';

/** A record that could not be loaded (missing, or the connection failed): say so and offer a way on. */
export function LoadFailed({ onRetry, back }: { onRetry: () => void; back: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200"
    >
      <p className="text-sm text-slate-700">{t('records.recordLoadFailed')}</p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('records.retry')}
        </Button>
        <ButtonLink to={back} size="sm">
          {t('records.backToList')}
        </ButtonLink>
      </div>
    </div>
  );
}
