import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { appScripts, signInDocument, signInShell, signInTexts } from './src/app/sign-in-shell';

const apiTarget = process.env.HABLA_API_URL ?? 'http://localhost:3000';
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

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
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: () => {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * Preload the default language's catalogue with the entry: every first screen needs it before it can
 * draw, and otherwise it would only start downloading once the entry has run.
 */
function preloadDefaultLocale(): Plugin {
  return {
    name: 'habla-preload-locale',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/locales/en.json'));
        return chunk ? [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }] : [];
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
        html.replace(/<script type="module"/g, '<script type="module" fetchpriority="low"').replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"'),
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
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    writeBundle: (_options, bundle) => {
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'sign-in');
      if (!entry) throw new Error('habla-sign-in-shell: the sign-in entry is missing from the build');
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      const locale = (lang: string) => Object.values(bundle).find((c) => c.type === 'chunk' && Boolean(c.facadeModuleId?.endsWith(`/locales/${lang}.json`)))?.fileName ?? '';
      mkdirSync(join(outDir, 'shell'), { recursive: true });
      for (const lang of ['en', 'es'] as const) {
        const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof signInTexts>[0];
        const page = signInShell(
          signInTexts(read(join(root, 'src', 'locales', `${lang}.json`)), read(join(root, '..', '..', 'packages', 'shared', 'src', 'locales', `${lang}.json`))),
          lang,
          // The app's scripts, with this language's texts instead of the default's.
          appScripts(index).map((href) => (href === `/${locale('en')}` ? `/${locale(lang)}` : href)),
        );
        writeFileSync(join(outDir, 'shell', `login.${lang}.html`), signInDocument(index, page, lang, `/${entry.fileName}`));
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
  plugins: [react(), tailwindcss(), preloadDefaultLocale(), scriptsAfterStyles(), signInShells(), precompress()],
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
    // The app (index.html) and the static sign-in page's own script (app/sign-in-shell.ts).
    rollupOptions: { input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), 'sign-in': fileURLToPath(new URL('./src/sign-in.ts', import.meta.url)) } },
  },
});
