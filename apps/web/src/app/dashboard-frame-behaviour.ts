import { worksWithStudents } from '@/lib/works-with-students';
import { readJson, reconcileStoredVersion, STORAGE_KEYS } from '@/lib/storage';
import type { SessionUser } from '@habla/shared/schemas/auth';
import { type DashboardFrameData, FRAME_IDS, FRAME_SIDEBAR } from './dashboard-frame';

export type DashboardFrameDeps = {
  /** Leaves the page (no session: the sign-in page). */
  go: (path: string) => void;
  /** Runs `start` once the filled frame has been painted (a frame, then a task). */
  afterPaint: (start: () => void) => void;
  /** Runs `next` in a task of its own. */
  nextTask: (next: () => void) => void;
};

/** Module links added per task (docs/performance-log.md, 2026-11-27). */
export const PRELOADS_PER_TASK = 5;

/** The user menu's initials, as UserMenu draws them. */
export const initials = (first: string, last: string): string =>
  `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';

const swap = (el: Element | null, from: string, to: string) => {
  if (!el) return;
  el.classList.remove(...from.split(' '));
  el.classList.add(...to.split(' '));
};

/**
 * Brings the dashboard's first frame (dashboard-frame.ts) to the person: without a session (or with
 * one of another build, which the app would drop) it goes to the sign-in page; otherwise it writes in
 * the name, the role and the initials from the stored session, shows the student selector to those
 * who work with students and the desktop column as they left it, shows the frame, and once it has
 * been painted starts the app (its entry and the modules the entry imports), whose first render
 * replaces the frame.
 */
export function startDashboardFrame(doc: Document, deps: DashboardFrameDeps): void {
  reconcileStoredVersion();
  const user = readJson<SessionUser>(STORAGE_KEYS.user);
  let token: string | null = null;
  try {
    token = doc.defaultView?.localStorage.getItem(STORAGE_KEYS.token) ?? null;
  } catch {
    token = null;
  }
  if (!token || !user) {
    deps.go('/');
    return;
  }
  const data = JSON.parse(doc.getElementById(FRAME_IDS.data)?.textContent ?? '{}') as DashboardFrameData;
  const set = (id: string, value: string) => {
    const el = doc.getElementById(id);
    if (el) el.textContent = value;
  };
  set(FRAME_IDS.name, user.first_name || user.username || '');
  set(FRAME_IDS.role, data.roles?.[user.role] ?? user.role);
  set(FRAME_IDS.initials, initials(user.first_name ?? '', user.last_name ?? ''));
  set(FRAME_IDS.fullName, `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.username);
  if (worksWithStudents(user)) doc.getElementById(FRAME_IDS.selector)?.classList.remove('hidden');
  if (readJson<{ collapsed?: boolean }>(STORAGE_KEYS.sidebar)?.collapsed) {
    swap(doc.getElementById(FRAME_IDS.sidebar), FRAME_SIDEBAR.open, FRAME_SIDEBAR.collapsed);
    swap(doc.getElementById(FRAME_IDS.content), FRAME_SIDEBAR.contentOpen, FRAME_SIDEBAR.contentCollapsed);
    doc.getElementById(FRAME_IDS.wordmark)?.classList.add('hidden');
    doc.getElementById(FRAME_IDS.collapse)?.classList.add('sr-only');
  }
  doc.getElementById(FRAME_IDS.frame)?.classList.remove('invisible');

  const scripts = data.scripts;
  if (!scripts?.entry) return;
  const preload = (href: string) => {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  };
  // Each link starts its request from the main thread (about a millisecond each on a phone): the
  // entry goes first, then its imports and the route's modules a few per task, so no task is long.
  const inBatches = (hrefs: string[]) => {
    for (const href of hrefs.slice(0, PRELOADS_PER_TASK)) preload(href);
    if (hrefs.length > PRELOADS_PER_TASK) deps.nextTask(() => inBatches(hrefs.slice(PRELOADS_PER_TASK)));
  };
  deps.afterPaint(() => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = scripts.entry;
    doc.head.appendChild(script);
    deps.nextTask(() => inBatches([...(scripts.preload ?? []), ...(scripts.route ?? [])]));
  });
}
