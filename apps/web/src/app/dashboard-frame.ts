/**
 * The dashboard's first frame (`/dashboards` on a first load): the signed-in shell — sidebar column,
 * header with its menu button, logo, breadcrumb, student selector, language and user menu — and the
 * page's heading, lead line and loading cards, drawn by the HTML and the CSS before any of the app's
 * JavaScript has arrived (docs/performance-log.md, 2026-11-27). Written at build time by
 * vite.config.ts, one document per language; the server sends the one of the language the app
 * remembers (apps/api/src/plugins/web.ts). Its script (`src/dashboard-frame.ts`,
 * `dashboard-frame-behaviour.ts`) writes in the person's name, role and initials from the stored
 * session, shows the frame, and then starts the app, whose first render replaces it. The classes are
 * those of MainLayout, Header, Breadcrumbs, StudentSelector, LanguageSwitch, UserMenu, PageHeader and
 * the dashboard's BoardPlaceholder; an end-to-end test holds the frame's boxes where the app draws them.
 */
import { FRAME_IDS } from './dashboard-frame-ids';
import { type Catalogue, escape, languagesIcon, mark, scriptJson, text } from './sign-in-shell';

export { FRAME_IDS };

export type DashboardFrameTexts = {
  name: string;
  home: string;
  skipToContent: string;
  menu: string;
  toggle: string;
  collapse: string;
  crumb: string;
  breadcrumbs: string;
  /** "Student and workspace: {{current}}" with the selector's empty choice written in. */
  selector: string;
  choose: string;
  language: { label: string; en: string; es: string };
  /** "Welcome, {{name}}" and "Signed in as {{role}}": the script writes the name and the role in. */
  welcome: string;
  roleLine: string;
  intro: string;
  loading: string;
  roles: Record<string, string>;
};

/**
 * What the script reads: the role names of this language and the app's scripts to start — its entry,
 * the modules the entry imports, and those of the dashboard's route that the entry does not.
 */
export type DashboardFrameData = {
  roles: Record<string, string>;
  scripts: { entry: string; preload: string[]; route: string[] };
};

/** The desktop column's classes, open and collapsed (MainLayout). */
export const FRAME_SIDEBAR = {
  base: 'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-slate-200 bg-white lg:flex',
  open: 'w-64',
  collapsed: 'w-[4.5rem]',
  contentOpen: 'lg:pl-64',
  contentCollapsed: 'lg:pl-[4.5rem]',
} as const;

/** The page's texts from the web catalogue of one language. */
export function dashboardFrameTexts(web: Catalogue): DashboardFrameTexts {
  const t = (key: string) => text(web, key);
  const roles = (web.roles ?? {}) as Record<string, string>;
  return {
    name: t('app.name'),
    home: t('nav.home'),
    skipToContent: t('app.skipToContent'),
    menu: t('nav.label'),
    toggle: t('nav.toggle'),
    collapse: t('nav.collapse'),
    crumb: t('crumbs.dashboards'),
    breadcrumbs: t('breadcrumbs.label'),
    selector: t('selector.button').replace('{{current}}', t('selector.choose')),
    choose: t('selector.choose'),
    language: { label: t('language.label'), en: t('language.en'), es: t('language.es') },
    welcome: t('dashboard.welcome'),
    roleLine: t('dashboard.roleLine'),
    intro: t('dashboard.intro'),
    loading: t('app.loading'),
    roles: Object.fromEntries(Object.entries(roles).filter(([, v]) => typeof v === 'string')),
  };
}

// lucide's icons, as the layout draws them.
const lucide = (name: string, classes: string, paths: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name} ${classes}" aria-hidden="true">${paths}</svg>`;
const menuIcon = lucide(
  'menu',
  'size-5',
  '<path d="M4 5h16"></path><path d="M4 12h16"></path><path d="M4 19h16"></path>',
);
const panelIcon = lucide(
  'panel-left-close',
  'size-5',
  '<rect width="18" height="18" x="3" y="3" rx="2"></rect><path d="M9 3v18"></path><path d="m16 15-3-3 3-3"></path>',
);
const capIcon = lucide(
  'graduation-cap',
  'size-4 shrink-0 text-teal-700',
  '<path d="M21.42 10.922a1 1 0 0 0-.019-1.838L12.83 5.18a2 2 0 0 0-1.66 0L2.6 9.08a1 1 0 0 0 0 1.832l8.57 3.908a2 2 0 0 0 1.66 0z"></path><path d="M22 10v6"></path><path d="M6 12.5V16a6 3 0 0 0 12 0v-3.5"></path>',
);
const chevron = (classes: string) => lucide('chevron-down', classes, '<path d="m6 9 6 6 6-6"></path>');

const FOCUS = 'focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600';
const wordmark = (name: string, id?: string) =>
  `<span${id ? ` id="${id}"` : ''} class="font-bold tracking-tight text-slate-900 text-xl">${escape(name)}</span>`;

/** "Welcome, {{name}}" with the name's place as an element of its own. */
const withSlot = (template: string, slot: string, id: string): string => {
  const [before = '', after = ''] = template.split(`{{${slot}}}`);
  return `${escape(before)}<span id="${id}"></span>${escape(after)}`;
};

/**
 * The frame inside `<div id="root">`: `invisible` and `inert` until its script has written the person
 * in (a reader's focus and clicks wait for the app, which replaces it), then shown as it is.
 */
export function dashboardFrame(
  t: DashboardFrameTexts,
  lang: 'en' | 'es',
  scripts: DashboardFrameData['scripts'],
): string {
  const data: DashboardFrameData = { roles: t.roles, scripts };
  const option = (value: 'en' | 'es') =>
    `<option value="${value}" lang="${value}"${value === lang ? ' selected' : ''}>${escape(t.language[value])}</option>`;
  return (
    `<div id="${FRAME_IDS.frame}" class="invisible min-h-dvh bg-slate-50" inert aria-busy="true">` +
    `<a href="#main-content" class="sr-only">${escape(t.skipToContent)}</a>` +
    `<aside id="${FRAME_IDS.sidebar}" class="${FRAME_SIDEBAR.base} ${FRAME_SIDEBAR.open}">` +
    `<div class="flex h-16 shrink-0 items-center border-b border-slate-200 px-5"><a href="/dashboards" aria-label="${escape(t.home)}" class="rounded-lg">` +
    `<span class="inline-flex items-center gap-2.5">${mark('size-8')}${wordmark(t.name, FRAME_IDS.wordmark)}</span></a></div>` +
    `<nav aria-label="${escape(t.menu)}" class="flex-1 overflow-y-auto px-3 py-4"></nav>` +
    '<div class="border-t border-slate-200 p-3"><button type="button" class="flex w-full items-center gap-3 rounded-lg p-2.5 text-sm text-slate-600">' +
    `${panelIcon}<span id="${FRAME_IDS.collapse}">${escape(t.collapse)}</span></button></div></aside>` +
    `<div id="${FRAME_IDS.content}" class="flex min-h-dvh flex-col ${FRAME_SIDEBAR.contentOpen}">` +
    '<header class="sticky top-0 z-20 border-b border-slate-200 bg-white">' +
    '<div class="flex flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2.5 sm:px-6 lg:h-16 lg:flex-nowrap lg:gap-x-4 lg:py-0">' +
    `<button type="button" aria-label="${escape(t.toggle)}" class="flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 ${FOCUS}">${menuIcon}</button>` +
    `<a href="/dashboards" aria-label="${escape(t.home)}" class="rounded-lg lg:hidden"><span class="inline-flex items-center gap-2.5">${mark('size-8')}${wordmark(t.name)}</span></a>` +
    '<div class="order-last w-full min-w-0 border-t border-slate-100 pt-2 lg:order-none lg:w-auto lg:flex-1 lg:border-0 lg:pt-0">' +
    `<nav aria-label="${escape(t.breadcrumbs)}" class="min-w-0"><ol class="flex min-w-0 flex-wrap items-center gap-x-1 gap-y-0.5 text-sm"><li class="flex min-w-0 items-center gap-1">` +
    `<span class="truncate font-medium text-slate-900">${escape(t.crumb)}</span></li></ol></nav></div>` +
    '<div class="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-3">' +
    `<div id="${FRAME_IDS.selector}" class="relative hidden"><button type="button" aria-label="${escape(t.selector)}" class="flex h-10 max-w-[11rem] items-center gap-2 rounded-full border border-slate-200 px-3 text-sm font-medium text-slate-800 sm:max-w-xs">` +
    `${capIcon}<span class="truncate">${escape(t.choose)}</span>${chevron('size-4 shrink-0 text-slate-500')}</button></div>` +
    `<div class="relative"><label for="${FRAME_IDS.language}" class="sr-only">${escape(t.language.label)}</label>${languagesIcon}` +
    `<select id="${FRAME_IDS.language}" class="h-9 appearance-none rounded-lg border border-slate-300 bg-white py-1 pr-3 pl-8 text-sm font-medium text-slate-700">` +
    `${option('en')}${option('es')}</select></div>` +
    '<div class="relative"><button type="button" class="flex h-10 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 sm:pr-3">' +
    `<span id="${FRAME_IDS.initials}" aria-hidden="true" class="flex size-8 items-center justify-center rounded-full bg-teal-700 text-xs font-semibold text-white"></span>` +
    `<span id="${FRAME_IDS.fullName}" class="sr-only max-w-40 truncate sm:not-sr-only"></span>${chevron('hidden size-4 text-slate-500 sm:block')}</button></div>` +
    '</div></div></header>' +
    '<main class="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">' +
    '<div class="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between"><div class="min-w-0">' +
    `<div class="mb-1 text-sm font-medium text-teal-700">${withSlot(t.roleLine, 'role', FRAME_IDS.role)}</div>` +
    `<h1 class="text-2xl font-semibold tracking-tight text-balance text-slate-900 sm:text-3xl">${withSlot(t.welcome, 'name', FRAME_IDS.name)}</h1>` +
    `<p class="mt-1.5 max-w-3xl text-sm text-pretty text-slate-600 sm:text-base">${escape(t.intro)}</p></div></div>` +
    `<div role="status" class="mb-10 grid min-h-[60vh] content-start gap-6 lg:grid-cols-3"><span class="sr-only">${escape(t.loading)}</span>` +
    '<div class="h-40 rounded-2xl bg-slate-200/60"></div>'.repeat(3) +
    '</div></main></div></div>' +
    `<script type="application/json" id="${FRAME_IDS.data}">${scriptJson(data)}</script>`
  );
}

/**
 * The whole document: the built index.html (its head, the CSS) without the app's scripts — the frame
 * starts them once it has been drawn — the frame inside `#root`, its own script, and the tab's title.
 */
export function dashboardFrameDocument(
  indexHtml: string,
  frame: string,
  lang: 'en' | 'es',
  script: { entry: string; imports: string[] },
  title: string,
): string {
  // The script's own modules are named up front: fetched beside it, not one after the other.
  const head = [
    `<script type="module" src="${script.entry}"></script>`,
    ...script.imports.map((href) => `<link rel="modulepreload" href="${href}">`),
  ];
  return indexHtml
    .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('</head>', `${head.join('\n    ')}\n  </head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root">${frame}</div>`)
    .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`);
}
