import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The real server in a child process (`node --import tsx apps/api/src/server.ts`) on a free port,
 * against `dbUrl` and `dataDir`, with `env` on top of a quiet development setup; resolves once
 * `/api/health` answers. Every child started is pushed to `children` (kill them in afterAll).
 */
export async function startChildServer(
  children: ChildProcess[],
  opts: { dbUrl: string; dataDir: string; env?: Record<string, string> },
): Promise<{ child: ChildProcess; port: number; base: string; output: () => string }> {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: opts.dbUrl,
    DATA_DIR: opts.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    HABLA_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(opts.dataDir, 'no-web'),
    SMTP_URL: '',
    ...opts.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => void (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => void (out += d.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok)
        return { child, port, base: `http://127.0.0.1:${port}`, output: () => out };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy:\n${out}`);
    await sleep(100);
  }
}
