import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** A TCP port nothing listens on right now (the OS picks it). */
function freePort(): Promise<string> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(String(port)));
    });
  });
}

// Decided once, in the runner: Playwright evaluates this file again in every worker, and the
// workers inherit the runner's environment, so they see the same values (and never pick again).
// No fixed port: a fixed one fails whenever anything else holds it. E2E_PORT set by hand still wins.
process.env.E2E_PORT ??= await freePort();
// One data directory per checkout (several checkouts may run their e2e tests on one machine); the
// server script empties it at start and the specs read the e-mail outbox from it.
const checkout = join(import.meta.dirname, '..', '..');
process.env.E2E_DATA_DIR ??= join(
  tmpdir(),
  `habla-e2e-${createHash('sha256').update(checkout).digest('hex').slice(0, 10)}`,
);
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

/** End-to-end tests in Debian's Chromium against the real server and the production build. */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../../.tmp/playwright-results',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  // Budgets for a loaded 2-core machine, where the suite's own two browsers, the server and its
  // PostgreSQL already share the cores. Every page.goto is a full load of the app: ~1.5 s of CPU in
  // the browser when idle (measured: 0.5 s compile, 0.26 s main chunk, 0.24 s GC), 6–12 s to the
  // first row of a list at 10x CPU contention. The waits themselves are for what a person sees.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    // A failed test keeps its trace: actions, network, console. DOM snapshots and the screencast
    // are left out: with them the browsers took ~50% more CPU (shell + a11y specs: 74 s against
    // 49 s of CPU), which on a busy 2-core machine is what made the tests slow in the first place.
    // The failure's screenshot and page snapshot (error-context.md) are still written.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // A microphone without asking, which plays synthesized speech (recordings.spec.ts).
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${join(import.meta.dirname, 'e2e', 'fixtures', 'speech.wav')}`,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The script picks a free port for its PostgreSQL too (unless E2E_PG_PORT is set).
    command: 'node scripts/e2e-server.mjs',
    cwd: '../..',
    env: { E2E_PORT: port, E2E_DATA_DIR: process.env.E2E_DATA_DIR },
    url: `${baseURL}/api/health`,
    // Always our own fresh server: reusing one found on the port could be another checkout's, or a
    // stale build with yesterday's data. The port is free when picked, so this only bites when
    // E2E_PORT is set by hand to a busy port, and then Playwright says so.
    reuseExistingServer: false,
    // A cold start on a loaded 2-core machine: initdb, migrations, the 155,000-word dictionary seed.
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
