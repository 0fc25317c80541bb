import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner size="lg" label={t('app.loading')} />
    </div>
  );
}
