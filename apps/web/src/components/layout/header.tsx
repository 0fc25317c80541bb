import { Menu as MenuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { Breadcrumbs } from './breadcrumbs';
import { LanguageSwitch } from './language-switch';
import { StudentSelector } from './student-selector';
import { UserMenu } from './user-menu';

type HeaderProps = {
  menuExpanded: boolean;
  menuControls: string;
  onToggleMenu: () => void;
};

/**
 * Top bar: menu button, logo (phones), breadcrumbs, language switch and the user menu. Opaque, not a
 * translucent blur: a backdrop filter over a scrolling page is redrawn on every frame where pages are
 * painted in software (docs/performance-log.md, 2026-11-27).
 */
export function Header({ menuExpanded, menuControls, onToggleMenu }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2.5 sm:px-6 lg:h-16 lg:flex-nowrap lg:gap-x-4 lg:py-0">
        <button
          type="button"
          onClick={onToggleMenu}
          aria-label={t('nav.toggle')}
          aria-expanded={menuExpanded}
          aria-controls={menuControls}
          className="flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600"
        >
          <MenuIcon className="size-5" aria-hidden="true" />
        </button>
        <Link
          to="/dashboards"
          className="rounded-lg focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600 lg:hidden"
          aria-label={t('nav.home')}
        >
          <Logo />
        </Link>
        <div className="order-last w-full min-w-0 border-t border-slate-100 pt-2 lg:order-none lg:w-auto lg:flex-1 lg:border-0 lg:pt-0">
          <Breadcrumbs />
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-3">
          <StudentSelector />
          <LanguageSwitch />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
