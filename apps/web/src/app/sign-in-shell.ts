/**
 * The sign-in page as static HTML, for the server to put inside `<div id="root">` when it sends `/` or
 * `/login` (apps/api/src/plugins/web.ts): the page's frame, brand, heading and lead line paint with
 * the HTML and the CSS, before any script has arrived; React then replaces it with the real page,
 * which has the same frame, so nothing moves (docs/decisions/008-performance.md). Nothing in it can be
 * focused or pressed. Written at build time by vite.config.ts, one file per language; the classes
 * here are the ones of PublicLayout, AuthCard and Logo and must follow them.
 */
export type SignInShellTexts = { name: string; title: string; tagline: string; footer: string };

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const mark = (size: string): string =>
  `<svg viewBox="0 0 64 64" class="${size}" aria-hidden="true"><rect width="64" height="64" rx="14" class="fill-teal-700"></rect>` +
  '<path d="M16 18h32a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-9 8v-8h-5a6 6 0 0 1-6-6V24a6 6 0 0 1 6-6z" fill="#fff"></path>' +
  '<path d="M24 25v13M40 25v13M24 31.5h16" class="stroke-teal-700" stroke-width="4.5" stroke-linecap="round"></path></svg>';

export function signInShell(t: SignInShellTexts): string {
  return (
    '<div class="flex min-h-dvh flex-col bg-gradient-to-b from-teal-50 via-slate-50 to-slate-100" aria-busy="true">' +
    '<header class="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">' +
    `<span class="inline-flex items-center gap-2.5">${mark('size-8')}<span class="text-xl font-bold tracking-tight text-slate-900">${escape(t.name)}</span></span>` +
    '<span class="h-[39px] w-[101px]" aria-hidden="true"></span></header>' +
    '<main class="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0"><div class="w-full max-w-md">' +
    '<div class="rounded-xl border border-slate-200 bg-white px-6 py-8 shadow-md sm:px-10 sm:py-10">' +
    `<div class="mb-8 flex flex-col items-center text-center"><span class="inline-flex items-center gap-2.5">${mark('size-11')}</span>` +
    `<h1 class="mt-6 text-2xl font-semibold tracking-tight text-slate-900">${escape(t.title)}</h1>` +
    `<p class="mt-2 text-sm text-pretty text-slate-600">${escape(t.tagline)}</p></div>` +
    '<div class="h-62 sm:h-60" aria-hidden="true"></div></div><div class="mt-6 h-5" aria-hidden="true"></div></div></main>' +
    `<footer class="px-4 pb-6 text-center text-xs text-slate-600">${escape(t.footer)}</footer></div>`
  );
}
