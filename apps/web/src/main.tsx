import 'react-toastify/dist/ReactToastify.css';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { routes } from '@/app/routes';
import { useAuthStore } from '@/lib/auth-store';
import { setAfterUnauthorized } from '@/lib/api';
import { initI18n } from '@/lib/i18n';
import { useSidebarMenuStore, useSidebarOptionsStore } from '@/lib/sidebar-store';
import { reconcileStoredVersion } from '@/lib/storage';

/**
 * Start downloading the chunks of the screen being opened (its layout and page) now, alongside the
 * translations, instead of after them: the router's own lazy calls then find the modules loaded.
 */
function warmFirstScreen(): void {
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => undefined);
  }
}

async function boot() {
  warmFirstScreen();
  // An upgraded build drops the stale session and sidebar entries before anything reads them.
  if (reconcileStoredVersion()) {
    await Promise.all([useAuthStore.persist.rehydrate(), useSidebarOptionsStore.persist.rehydrate(), useSidebarMenuStore.persist.rehydrate()]);
  }
  await initI18n();
  const router = createAppRouter();
  // An expired session (401) lands on '/' without a full reload, so its toast stays visible.
  setAfterUnauthorized(() => void router.navigate('/', { replace: true }));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void boot();
