import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionCards } from '@/components/layout/section-cards';
import { PageHeader } from '@/components/ui/page-header';
import { CATALOG_PAGES } from '@/lib/catalog-pages';

/** `/catalogs`: the reference catalogs, one card each. */
export function CatalogsPage() {
  const { t } = useTranslation();
  const cards = CATALOG_PAGES.map((c) => ({
    id: c.path,
    to: `/catalogs/${c.path}`,
    label: t(c.label),
    icon: BookOpen,
  }));
  return (
    <>
      <PageHeader title={t('crumbs.catalogs')} description={t('sections.catalogs')} />
      <SectionCards cards={cards} />
    </>
  );
}
