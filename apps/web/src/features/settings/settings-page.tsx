import { useTranslation } from 'react-i18next';
import { GeneralProfilePage } from '@/components/profile/general-profile-page';

/**
 * `/settings` (menu: Setting), open to every signed-in user: the same profile, language,
 * notifications, password and sessions as the General Profile screen, which the seed gates behind
 * PERMISSION_ADMIN_WORKSPACES, so that a therapist, a parent or a student can manage their own.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  return <GeneralProfilePage title={t('crumbs.settings')} />;
}
