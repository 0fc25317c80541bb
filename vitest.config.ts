import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web', 'scripts'],
  },
});
