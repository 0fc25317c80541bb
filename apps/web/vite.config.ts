import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { dashboardFrame, dashboardFrameDocument, dashboardFrameTexts } from './src/app/dashboard-frame';
import { appScripts, signInDocument, signInShell, signInTexts } from './src/app/sign-in-shell';

const apiTarget = process.env.HABLA_API_URL ?? 'http://localhost:3000';
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

const outDirOf = (config: ResolvedConfig): string =>
  config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);

/** The chunk the build made from the module whose path ends with `suffix`. */
const chunkFrom = (bundle: Rollup.OutputBundle, suffix: string): Rollup.OutputChunk | undefined =>
  Object.values(bundle).find(
    (c): c is Rollup.OutputChunk => c.type === 'chunk' && Boolean(c.facadeModuleId?.endsWith(suffix)),
  );

/** The entry chunk called `name`; the build fails without it. */
function entryChunk(bundle: Rollup.OutputBundle, name: string): Rollup.OutputChunk {
  const entry = Object.values(bundle).find(
    (c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry && c.name === name,
  );
  if (!entry) throw new Error(`vite.config.ts: the ${name} entry is missing from the build`);
  return entry;
}

/** The chunks `roots` import, theirs and so on (the roots too when `withRoots`), leaving out `known`. */
function importsOf(bundle: Rollup.OutputBundle, roots: string[], known: Set<string>, withRoots: boolean): string[] {
  const found: string[] = [];
  const seen = new Set(known);
  const visit = (fileName: string, isRoot: boolean) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    if (!isRoot || withRoots) {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      found.push(fileName);
    }
    for (const next of chunk.imports) visit(next, false);
  };
  for (const root of roots) visit(root, true);
  return found;
}

/** The app's scripts named by the built index.html (entry first), with `lang`'s catalogue instead of the default's. */
function appScriptsIn(index: string, bundle: Rollup.OutputBundle, lang: 'en' | 'es'): string[] {
  const catalogue = (l: string) => `/${chunkFrom(bundle, `/locales/${l}.json`)?.fileName ?? ''}`;
  return appScripts(index).map((href) => (href === catalogue('en') ? catalogue(lang) : href));
}

/**
 * Write `name.br` (brotli, best quality) and `name.gz` (gzip -9) next to every text file of the build
 * that is worth it, once at build time; the API serves the one the browser accepts (plugins/web.ts).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'habla-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = outDirOf(config);
    },
    closeBundle: () => {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * Preload, with the entry, what every first screen needs right after it: the default language's
 * catalogue, and the route table (a chunk of its own so that it is evaluated in a task of its own,
 * main.tsx) with its modules. Otherwise they would only start downloading once the entry has run.
 */
function preloadStartup(): Plugin {
  return {
    name: 'habla-preload-startup',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const bundle = ctx.bundle ?? {};
        const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]!));
        const roots = ['/locales/en.json', '/app/router.tsx'].flatMap(
          (suffix) => chunkFrom(bundle, suffix)?.fileName ?? [],
        );
        const files = importsOf(bundle, roots, named, true);
        return files.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The scripts at low fetch priority: the page's CSS (and, for the sign-in page, the static frame it
 * draws) goes first on a slow link; the scripts follow at once, in the same order.
 */
function scriptsAfterStyles(): Plugin {
  return {
    name: 'habla-scripts-after-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
          .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"'),
    },
  };
}

/**
 * The static sign-in page in each language (`dist/shell/login.<lang>.html`, app/sign-in-shell.ts): the
 * built index.html without the app's scripts, the real form in `#root`, and its own small script
 * (the `sign-in` entry). The server sends it for `/` and `/login` (apps/api/src/plugins/web.ts).
 */
function signInShells(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'habla-sign-in-shell',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
      outDir = outDirOf(config);
    },
    writeBundle: (_options, bundle) => {
      const entry = entryChunk(bundle, 'sign-in');
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      mkdirSync(join(outDir, 'shell'), { recursive: true });
      for (const lang of ['en', 'es'] as const) {
        const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof signInTexts>[0];
        const page = signInShell(
          signInTexts(
            read(join(root, 'src', 'locales', `${lang}.json`)),
            read(join(root, '..', '..', 'packages', 'shared', 'src', 'locales', `${lang}.json`)),
          ),
          lang,
          appScriptsIn(index, bundle, lang),
        );
        writeFileSync(
          join(outDir, 'shell', `login.${lang}.html`),
          signInDocument(index, page, lang, `/${entry.fileName}`),
        );
      }
    },
  };
}

/**
 * The dashboard's first frame in each language (`dist/shell/dashboards.<lang>.html`,
 * app/dashboard-frame.ts): the built index.html with the signed-in shell and the page's heading in
 * `#root`, and the `dashboard-frame` entry, which starts the app's scripts once the frame is drawn.
 * The server sends it for `/dashboards` (apps/api/src/plugins/web.ts).
 */
function dashboardFrames(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'habla-dashboard-frame',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
      outDir = outDirOf(config);
    },
    writeBundle: (_options, bundle) => {
      const entry = entryChunk(bundle, 'dashboard-frame');
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      const [app] = appScripts(index);
      if (!app) throw new Error('habla-dashboard-frame: index.html names no entry script');
      // The frame script's own modules, named in its document so that they load beside it.
      const imports = importsOf(bundle, [entry.fileName], new Set(), false).map((f) => `/${f}`);
      // The modules of the dashboard's route (the main layout and the page, and all they import)
      // that the entry does not already bring: the frame names them itself, a few per task, so the
      // router's lazy loading finds them requested instead of adding ~40 links in one task.
      const routeRoots = ['/app/layouts/main-layout.tsx', '/features/dashboard/dashboard-page.tsx'].map((suffix) => {
        const chunk = chunkFrom(bundle, suffix);
        if (!chunk) throw new Error(`habla-dashboard-frame: no chunk for ${suffix}`);
        return chunk.fileName;
      });
      const route = importsOf(bundle, routeRoots, new Set(appScripts(index).map((href) => href.slice(1))), true).map(
        (f) => `/${f}`,
      );
      mkdirSync(join(outDir, 'shell'), { recursive: true });
      for (const lang of ['en', 'es'] as const) {
        const texts = dashboardFrameTexts(
          JSON.parse(readFileSync(join(root, 'src', 'locales', `${lang}.json`), 'utf8')) as Parameters<
            typeof dashboardFrameTexts
          >[0],
        );
        const [, ...preload] = appScriptsIn(index, bundle, lang);
        const frame = dashboardFrame(texts, lang, { entry: app, preload, route });
        writeFileSync(
          join(outDir, 'shell', `dashboards.${lang}.html`),
          dashboardFrameDocument(
            index,
            frame,
            lang,
            { entry: `/${entry.fileName}`, imports },
            `${texts.crumb} · ${texts.name}`,
          ),
        );
      }
    },
  };
}

/**
 * The web client. The server sends a CSP without 'unsafe-inline', so index.html carries no inline
 * script or style and the build emits only external files. Routes load on demand (router `lazy`),
 * which keeps the initial JavaScript small.
 */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadStartup(),
    scriptsAfterStyles(),
    signInShells(),
    dashboardFrames(),
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // The app (index.html), the static sign-in page's own script (app/sign-in-shell.ts) and the
    // dashboard frame's (app/dashboard-frame.ts).
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'sign-in': fileURLToPath(new URL('./src/sign-in.ts', import.meta.url)),
        'dashboard-frame': fileURLToPath(new URL('./src/dashboard-frame.ts', import.meta.url)),
      },
    },
  },
});
