import { defineConfig } from 'vitest/config';

// The repository's own tooling (the closing line of `npm test`): plain Node, no database.
export default defineConfig({
  test: { name: 'scripts', environment: 'node', include: ['*.test.mjs'] },
});
