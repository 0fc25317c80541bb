import { fileURLToPath, URL } from 'node:url';
import { defineProject } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };

/** Web unit and component tests (jsdom). JSX is compiled by Vite's own transform (tsconfig react-jsx). */
export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
