import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** A thin bar at the top while a route (and its lazily loaded screen) is loading. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('app.loading')}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-teal-100"
    >
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-teal-600" />
    </div>
  );
}
