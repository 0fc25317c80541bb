import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { signInShell } from './src/app/sign-in-shell';

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
 * The sign-in page's static frame in each language (`dist/shell/login.<lang>.html`), which the server
 * puts into index.html for `/` and `/login` so that it paints before the scripts arrive.
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
    writeBundle: () => {
      mkdirSync(join(outDir, 'shell'), { recursive: true });
      for (const lang of ['en', 'es']) {
        const m = JSON.parse(readFileSync(join(root, 'src', 'locales', `${lang}.json`), 'utf8')) as { app: Record<string, string>; auth: { login: Record<string, string> } };
        const html = signInShell({ name: m.app.name!, title: m.auth.login.title!, tagline: m.app.tagline!, footer: m.app.footer! });
        writeFileSync(join(outDir, 'shell', `login.${lang}.html`), html);
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
  },
});
