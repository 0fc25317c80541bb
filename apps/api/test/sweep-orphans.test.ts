import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepOrphans } from './global-setup';

/** The test run's clean-up of clusters left by killed runs (global-setup.ts): only the orphans go. */
describe('sweeping the test clusters of killed runs', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
  });

  const folder = (root: string, name: string, owner?: number, ageMinutes = 0) => {
    const dir = path.join(root, `habla-test-pg-${name}`);
    fs.mkdirSync(path.join(dir, 'pg'), { recursive: true });
    if (owner !== undefined) fs.writeFileSync(path.join(dir, 'owner.pid'), `${owner}\n`);
    const when = new Date(Date.now() - ageMinutes * 60_000);
    fs.utimesSync(dir, when, when);
    return dir;
  };

  it('removes a folder whose run has exited, or an old one without an owner; keeps a live run’s, a young one’s and anything else', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-sweep-'));
    roots.push(root);
    const exited = spawnSync(process.execPath, ['-e', '0']).pid;
    const dead = folder(root, 'dead', exited);
    const alive = folder(root, 'alive', process.pid, 60);
    const oldAnonymous = folder(root, 'old', undefined, 30);
    const youngAnonymous = folder(root, 'young', undefined, 1);
    const other = path.join(root, 'something-else');
    fs.mkdirSync(other);
    await sweepOrphans(root);
    expect([dead, alive, oldAnonymous, youngAnonymous, other].map((d) => fs.existsSync(d))).toEqual([
      false,
      true,
      false,
      true,
      true,
    ]);
  });
});
