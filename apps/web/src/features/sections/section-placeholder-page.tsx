import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from './use-page-title';

/**
 * Screens later issues build: the page title, its breadcrumb (from the layout) and an honest
 * empty state. Nothing here pretends to work.
 */
export function SectionPlaceholderPage() {
  const { t } = useTranslation();
  const title = usePageTitle('placeholder.title');
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon={Construction}
        title={t('placeholder.title')}
        action={
          <ButtonLink to="/dashboards" variant="secondary">
            {t('placeholder.back')}
          </ButtonLink>
        }
      >
        {t('placeholder.text', { section: title })}
      </EmptyState>
    </>
  );
}
