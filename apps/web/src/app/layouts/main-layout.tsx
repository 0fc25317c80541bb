import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { clsx } from 'clsx';
import { PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useCrumbs } from '@/components/layout/breadcrumbs';
import { Header } from '@/components/layout/header';
import { SidebarNav } from '@/components/layout/sidebar-nav';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/skip-link';
import { Logo } from '@/components/ui/logo';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';
import { MOBILE_QUERY, useSidebarMenuStore, useSidebarOptionsStore } from '@/lib/sidebar-store';

const DESKTOP_SIDEBAR_ID = 'sidebar-desktop';
const MOBILE_SIDEBAR_ID = 'sidebar-mobile';

/** Keeps `isMobile` in `sidebarOptions` in step with the viewport. */
function useMobileTracking() {
  const setMobile = useSidebarOptionsStore((s) => s.setMobile);
  useLayoutEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [setMobile]);
}

/** "<page> · Habla" in the tab, from the last breadcrumb. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const crumbs = useCrumbs();
  const last = crumbs[crumbs.length - 1]?.label;
  useEffect(() => {
    document.title = last ? `${last} · ${t('app.name')}` : t('app.name');
  }, [last, t]);
}

/**
 * The signed-in shell: sidebar (a collapsible column on desktop, an overlay drawer on phones with
 * focus trapped and Esc to close), header with breadcrumbs, and the page in `<main>`.
 * Without a stored token it sends the visitor to '/', replacing the history entry.
 */
export function MainLayout({ children }: { children?: ReactNode }) {
  const token = useAuthStore((s) => s.token);
  if (!token) return <Navigate to="/" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <MainShell>{children ?? <Outlet />}</MainShell>
    </QueryClientProvider>
  );
}

function MainShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isMobile = useSidebarOptionsStore((s) => s.isMobile);
  const sidebarOpen = useSidebarOptionsStore((s) => s.sidebarOpen);
  const setSidebarOpen = useSidebarOptionsStore((s) => s.setSidebarOpen);
  const collapsed = useSidebarMenuStore((s) => s.collapsed);
  const setCollapsed = useSidebarMenuStore((s) => s.setCollapsed);
  useMobileTracking();
  useDocumentTitle();

  // Following a link closes the phone drawer.
  useEffect(() => {
    if (isMobile && useSidebarOptionsStore.getState().sidebarOpen) setSidebarOpen(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on navigation
  }, [pathname]);

  const drawerOpen = isMobile && sidebarOpen;
  // The drawer (a Headless UI dialog) is mounted the first time it opens, and kept for its closing
  // transition: a closed dialog still runs its hooks, and at start-up they cost the first render a
  // second, synchronous pass over the whole shell.
  const [drawerMounted, setDrawerMounted] = useState(drawerOpen);
  if (drawerOpen && !drawerMounted) setDrawerMounted(true);
  // Mounted closed, then opened: the first opening slides in like the others.
  const [drawerReady, setDrawerReady] = useState(false);
  useEffect(() => {
    if (drawerMounted) setDrawerReady(true);
  }, [drawerMounted]);
  const closeDrawer = () => setSidebarOpen(false);

  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />

      {/* The desktop column only where it shows: on a phone it would be a second menu drawn for nothing. */}
      {!isMobile && (
        <aside
          id={DESKTOP_SIDEBAR_ID}
          className={clsx(
            'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-slate-200 bg-white transition-[width] duration-200 lg:flex',
            collapsed ? 'w-[4.5rem]' : 'w-64',
          )}
        >
          <div
            className={clsx(
              'flex h-16 shrink-0 items-center border-b border-slate-200',
              collapsed ? 'justify-center px-2' : 'px-5',
            )}
          >
            <Link
              to="/dashboards"
              aria-label={t('nav.home')}
              className="rounded-lg focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600"
            >
              <Logo markOnly={collapsed} />
            </Link>
          </div>
          <SidebarNav collapsed={collapsed} idPrefix="desktop" />
          <div className="border-t border-slate-200 p-3">
            <button
              type="button"
              onClick={() => setCollapsed(!collapsed)}
              aria-expanded={!collapsed}
              aria-controls={DESKTOP_SIDEBAR_ID}
              className={clsx(
                'flex w-full items-center gap-3 rounded-lg p-2.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600',
                collapsed && 'justify-center',
              )}
            >
              {collapsed ? (
                <PanelLeftOpen className="size-5" aria-hidden="true" />
              ) : (
                <PanelLeftClose className="size-5" aria-hidden="true" />
              )}
              <span className={clsx(collapsed && 'sr-only')}>{collapsed ? t('nav.expand') : t('nav.collapse')}</span>
            </button>
          </div>
        </aside>
      )}

      {drawerMounted && (
        <Dialog open={drawerOpen && drawerReady} onClose={closeDrawer} className="fixed inset-0 z-50 lg:hidden">
          <DialogBackdrop
            transition
            className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 data-closed:opacity-0"
          />
          <div className="fixed inset-0 flex">
            <DialogPanel
              id={MOBILE_SIDEBAR_ID}
              transition
              className="relative flex w-full max-w-72 flex-col bg-white shadow-xl transition duration-200 ease-out data-closed:-translate-x-full"
            >
              <DialogTitle className="sr-only">{t('nav.label')}</DialogTitle>
              <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
                <Logo />
                <button
                  type="button"
                  onClick={closeDrawer}
                  aria-label={t('nav.close')}
                  className="flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600"
                >
                  <X className="size-5" aria-hidden="true" />
                </button>
              </div>
              <SidebarNav idPrefix="mobile" onNavigate={closeDrawer} />
            </DialogPanel>
          </div>
        </Dialog>
      )}

      <div
        className={clsx(
          'flex min-h-dvh flex-col transition-[padding] duration-200',
          collapsed ? 'lg:pl-[4.5rem]' : 'lg:pl-64',
        )}
      >
        <Header
          menuExpanded={isMobile ? drawerOpen : !collapsed}
          menuControls={isMobile ? MOBILE_SIDEBAR_ID : DESKTOP_SIDEBAR_ID}
          onToggleMenu={() => (isMobile ? setSidebarOpen(!sidebarOpen) : setCollapsed(!collapsed))}
        />
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
