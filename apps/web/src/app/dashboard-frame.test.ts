import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import { makeUser } from '@/test/users';
import { APP_VERSION, STORAGE_KEYS } from '@/lib/storage';
import { dashboardFrame, dashboardFrameDocument, dashboardFrameTexts, FRAME_IDS } from './dashboard-frame';
import { PRELOADS_PER_TASK, startDashboardFrame } from './dashboard-frame-behaviour';

const scripts = {
  entry: '/assets/index-1.js',
  preload: ['/assets/react-1.js', '/assets/i18n-1.js'],
  route: Array.from({ length: 12 }, (_, i) => `/assets/route-${i}.js`),
};

describe('the dashboard’s first frame', () => {
  it('draws the shell and the page’s heading in each language, the person’s places empty until the script fills them', () => {
    for (const [lang, catalogue] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const texts = dashboardFrameTexts(catalogue);
      document.body.innerHTML = dashboardFrame(texts, lang, scripts);
      const frame = document.getElementById(FRAME_IDS.frame)!;
      // Hidden and out of reach until filled: the app replaces it with the real, working page.
      expect(frame.classList.contains('invisible')).toBe(true);
      expect(frame.hasAttribute('inert')).toBe(true);
      const [before] = catalogue.dashboard.welcome.split('{{name}}');
      expect(document.querySelector('h1')?.textContent).toBe(before);
      expect(document.querySelector('main p')?.textContent).toBe(catalogue.dashboard.intro);
      expect(document.querySelector('header nav li')?.textContent).toBe(catalogue.crumbs.dashboards);
      expect(document.querySelector<HTMLSelectElement>('header select')?.value).toBe(lang);
      expect(document.querySelector('[role="status"] .sr-only')?.textContent).toBe(catalogue.app.loading);
      expect(document.getElementById(FRAME_IDS.selector)?.classList.contains('hidden')).toBe(true);
      expect(JSON.parse(document.getElementById(FRAME_IDS.data)!.textContent!)).toEqual({
        roles: catalogue.roles,
        scripts,
      });
    }
  });

  it('escapes its texts and keeps its data block closed', () => {
    const texts = {
      ...dashboardFrameTexts(en),
      intro: 'Tom & <b>Jerry</b>',
      roles: { THERAPIST: '</script><b>x</b>' },
    };
    const html = dashboardFrame(texts, 'en', scripts);
    expect(html).toContain('Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;');
    expect(html).not.toContain('</script><b>');
    document.body.innerHTML = html;
    expect(JSON.parse(document.getElementById(FRAME_IDS.data)!.textContent!).roles.THERAPIST).toBe('</script><b>x</b>');
  });

  it('becomes a whole document: no app script of its own, the frame’s script with its modules, the tab’s title', () => {
    const index =
      '<!doctype html><html lang="en"><head><title>Habla</title><link rel="stylesheet" href="/assets/index-1.css"><script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>\n' +
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-1.js">\n</head><body><div id="root"></div></body></html>';
    const doc = dashboardFrameDocument(
      index,
      '<div id="frame"></div>',
      'es',
      { entry: '/assets/frame-1.js', imports: ['/assets/storage-1.js'] },
      'Paneles · Habla',
    );
    expect(doc).toContain('<html lang="es">');
    expect(doc).toContain('<title>Paneles · Habla</title>');
    expect(doc).toContain('<link rel="stylesheet" href="/assets/index-1.css">');
    expect(doc).toContain('<script type="module" src="/assets/frame-1.js"></script>');
    expect(doc).toContain('<link rel="modulepreload" href="/assets/storage-1.js">');
    expect(doc).toContain('<div id="root"><div id="frame"></div></div>');
    expect(doc).not.toMatch(/index-1\.js|react-1\.js/);
  });
});

describe('the dashboard frame’s script', () => {
  let tasks: (() => void)[];
  let painted: (() => void)[];
  let go: ReturnType<typeof vi.fn<(path: string) => void>>;
  const start = () =>
    startDashboardFrame(document, { go, afterPaint: (f) => painted.push(f), nextTask: (f) => tasks.push(f) });
  const signIn = (user: object) => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    localStorage.setItem(STORAGE_KEYS.version, APP_VERSION);
  };

  beforeEach(() => {
    localStorage.clear();
    document.head.innerHTML = '';
    document.body.innerHTML = dashboardFrame(dashboardFrameTexts(en), 'en', scripts);
    tasks = [];
    painted = [];
    go = vi.fn<(path: string) => void>();
  });
  afterEach(() => localStorage.clear());

  it('writes in the person from the stored session and shows the frame', () => {
    signIn(makeUser('THERAPIST', { first_name: 'Emily', last_name: 'Chen', account_id: 'a1' }));
    start();
    expect(go).not.toHaveBeenCalled();
    expect(document.querySelector('h1')?.textContent).toBe('Welcome, Emily');
    expect(document.getElementById(FRAME_IDS.role)?.textContent).toBe(en.roles.THERAPIST);
    expect(document.getElementById(FRAME_IDS.initials)?.textContent).toBe('EC');
    expect(document.getElementById(FRAME_IDS.fullName)?.textContent).toBe('Emily Chen');
    // A therapist works with students: the header's selector is drawn where the app draws it.
    expect(document.getElementById(FRAME_IDS.selector)?.classList.contains('hidden')).toBe(false);
    expect(document.getElementById(FRAME_IDS.frame)?.classList.contains('invisible')).toBe(false);
  });

  it('draws no student selector for a student, and the desktop column as the person left it', () => {
    signIn(makeUser('STUDENT', { first_name: '', last_name: '', username: 'leo', account_id: 'a1' }));
    localStorage.setItem(STORAGE_KEYS.sidebar, JSON.stringify({ collapsed: true, expanded: [] }));
    start();
    expect(document.querySelector('h1')?.textContent).toBe('Welcome, leo');
    expect(document.getElementById(FRAME_IDS.fullName)?.textContent).toBe('leo');
    expect(document.getElementById(FRAME_IDS.selector)?.classList.contains('hidden')).toBe(true);
    expect(document.getElementById(FRAME_IDS.sidebar)?.className).toContain('w-[4.5rem]');
    expect(document.getElementById(FRAME_IDS.content)?.className).toContain('lg:pl-[4.5rem]');
    expect(document.getElementById(FRAME_IDS.content)?.className).not.toContain('lg:pl-64');
    expect(document.getElementById(FRAME_IDS.wordmark)?.classList.contains('hidden')).toBe(true);
  });

  it('without a session, or with another build’s, goes to the sign-in page and starts nothing', () => {
    start();
    expect(go).toHaveBeenCalledWith('/');
    signIn(makeUser('THERAPIST'));
    localStorage.setItem(STORAGE_KEYS.version, 'an older build');
    start();
    expect(go).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(painted).toHaveLength(0);
    expect(document.getElementById(FRAME_IDS.frame)?.classList.contains('invisible')).toBe(true);
  });

  it('starts the app once painted: the entry first, then its modules and the route’s, a few per task', () => {
    signIn(makeUser('THERAPIST', { account_id: 'a1' }));
    start();
    expect(document.head.querySelectorAll('script, link')).toHaveLength(0);
    expect(painted).toHaveLength(1);
    painted[0]!();
    const entry = document.head.querySelector<HTMLScriptElement>('script');
    expect(entry?.type).toBe('module');
    expect(entry?.getAttribute('src')).toBe('/assets/index-1.js');
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    const all = [...scripts.preload, ...scripts.route];
    let seen = 0;
    while (tasks.length > 0) {
      tasks.shift()!();
      const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
      expect(links.length - seen).toBeLessThanOrEqual(PRELOADS_PER_TASK);
      seen = links.length;
    }
    expect([...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual(all);
  });
});
