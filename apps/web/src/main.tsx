import 'react-toastify/dist/ReactToastify.css';
import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';
import { FRAME_IDS } from '@/app/dashboard-frame-ids';
import { Providers } from '@/app/providers';
import { useAuthStore } from '@/lib/auth-store';
import { setAfterUnauthorized } from '@/lib/api';
import { warmFormatters } from '@/lib/format';
import { i18n, initI18n } from '@/lib/i18n';
import { useSidebarMenuStore, useSidebarOptionsStore } from '@/lib/sidebar-store';
import { reconcileStoredVersion } from '@/lib/storage';

/**
 * Let the browser paint and answer input before the next step of the start-up: each step is then a
 * task of its own instead of one long task that blocks a phone's main thread for a few hundred ms.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once the router has matched the address and loaded its lazy routes. */
type Router = ReturnType<typeof createBrowserRouter>;
const routerReady = (router: Router) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });

async function boot() {
  // An upgraded build drops the stale session and sidebar entries before anything reads them.
  if (reconcileStoredVersion()) {
    await Promise.all([
      useAuthStore.persist.rehydrate(),
      useSidebarOptionsStore.persist.rehydrate(),
      useSidebarMenuStore.persist.rehydrate(),
    ]);
  }
  // The router first: its first match starts downloading the chunks of the screen being opened (its
  // layout and page), alongside the translations instead of after them.
  // The route table (every screen's routes, the shared contracts and policies they name) is a module
  // of its own: evaluated in a task of its own, not with React's in the entry's one long task.
  await yieldToBrowser();
  const { createAppRouter } = await import('@/app/router');
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
  await initI18n();
  await yieldToBrowser();
  warmFormatters(i18n.language);
  await yieldToBrowser();
  // An expired session (401) lands on '/' without a full reload, so its toast stays visible.
  setAfterUnauthorized(() => void router.navigate('/', { replace: true }));
  // Over the dashboard's first frame (app/dashboard-frame.ts), the first render waits for the route's
  // lazy chunks, so that it replaces the frame with the page and not with a spinner; elsewhere the
  // router's fallback (the spinner) shows while they load.
  if (document.getElementById(FRAME_IDS.frame)) await routerReady(router);
  const root = createRoot(document.getElementById('root')!);
  // As a transition, React renders the first screen in slices of a few milliseconds, yielding to the
  // browser in between, instead of in one task that blocks a phone's main thread.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

void boot();
