import { Gamepad2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

/** `/players/*`: the game player arrives with the games issue; until then an honest empty state. */
export function PlayerPage() {
  const { t } = useTranslation();
  return (
    <EmptyState icon={Gamepad2} title={t('player.emptyTitle')}>
      {t('player.emptyText')}
    </EmptyState>
  );
}
