import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The module-boundary rules of eslint.config.js (decision 009) and its linear-time regex rules
 * (decision 005), proved on fixtures that break them
 * (`scripts/fixtures/lint`, left out of `npm run lint`), with ESLint's own Node API and the
 * repository's real configuration.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixture = (p) => path.join(root, 'scripts/fixtures/lint', p);

let eslint;
/** rule ids reported per fixture (relative path → sorted ids). */
const found = new Map();
const messages = new Map();

beforeAll(async () => {
  eslint = new ESLint({ cwd: root, ignore: false });
  const results = await eslint.lintFiles([fixture('**/*.ts')]);
  for (const r of results) {
    const rel = path.relative(fixture(''), r.filePath);
    found.set(rel, [...new Set(r.messages.map((m) => m.ruleId))].sort());
    messages.set(rel, r.messages.map((m) => m.message).join('\n'));
  }
}, 120_000);

describe('lint rules', () => {
  it('fails on an import cycle (list-query → resource → service → list-query), in every file of it', () => {
    for (const file of ['cycle/list-query.ts', 'cycle/resource.ts', 'cycle/service.ts'])
      expect(found.get(file), file).toContain('import-x/no-cycle');
  });

  it('fails when a web feature imports another feature, not when it imports its own files', () => {
    expect(found.get('web/features/alpha/page.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(messages.get('web/features/alpha/page.ts')).toContain('A web feature does not import another feature');
    expect(messages.get('web/features/alpha/page.ts').split('\n')).toHaveLength(1);
    expect(found.get('web/features/alpha/own.ts')).toEqual([]);
    expect(found.get('web/features/beta/helper.ts')).toEqual([]);
  });

  it('fails when a generic engine imports a feature (web) or a module (API)', () => {
    expect(found.get('web/components/resource/list.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(found.get('api/crud/engine.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(messages.get('api/crud/engine.ts')).toContain('The generic engine imports no module');
    expect(found.get('api/modules/thing/thing.ts')).toEqual([]);
  });

  it("keeps the engine's contract a leaf: crud/contract.ts may import nothing of crud/ but sql", async () => {
    const filePath = path.join(root, 'apps/api/src/crud/contract.ts');
    const [bad] = await eslint.lintText("import type { Row } from './service';\nexport type X = Row;\n", { filePath });
    expect(bad.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    const [ok] = await eslint.lintText("import type { SqlParams } from './sql';\nexport type X = SqlParams;\n", {
      filePath,
    });
    expect(ok.messages.map((m) => m.ruleId)).not.toContain('no-restricted-imports');
  });

  it('applies to the real trees: a settings screen importing the administration feature fails', async () => {
    const filePath = path.join(root, 'apps/web/src/features/settings/probe.tsx');
    const [bad] = await eslint.lintText(
      "import { renderScreen } from '@/features/administration/test-helpers';\nexport const x = renderScreen;\n",
      { filePath },
    );
    expect(bad.messages.map((m) => m.ruleId)).toContain('import-x/no-restricted-paths');
    const [ok] = await eslint.lintText("import { api } from '@/lib/api';\nexport const x = api;\n", { filePath });
    expect(ok.messages.map((m) => m.ruleId)).not.toContain('import-x/no-restricted-paths');
  }, 120_000);

  it('reports the regular expressions that froze the server: quadratic moves (CHAT bullet) and backtracking (CLAN terminator)', () => {
    const file = 'regexp/probe-regexes.ts';
    expect(found.get(file)).toEqual(['regexp/no-super-linear-backtracking', 'regexp/no-super-linear-move']);
    const lines = messages.get(file).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.find((m) => m.includes('quadratic runtime'))).toMatch(/\\s\+/);
    expect(lines.find((m) => m.includes('polynomial backtracking'))).toContain(
      "'.*?' can exchange characters with '[.?!]+'",
    );
  });

  it('holds the API and the shared code to it, and leaves a linear expression alone', async () => {
    for (const file of ['apps/api/src/modules/lsa/probe.ts', 'packages/shared/src/schemas/probe.ts']) {
      const filePath = path.join(root, file);
      const [bad] = await eslint.lintText(
        'export const trailing = (s: string) => s.replace(/\\/+$/, "");\nexport const tail = /^(.*?)([.?!]+)$/;\n',
        { filePath },
      );
      expect(bad.messages.map((m) => m.ruleId).sort(), file).toEqual([
        'regexp/no-super-linear-backtracking',
        'regexp/no-super-linear-move',
      ]);
      const [ok] = await eslint.lintText('export const trailing = (s: string) => s.replace(/(?<!\\/)\\/+$/, "");\n', {
        filePath,
      });
      expect(
        ok.messages.map((m) => m.ruleId),
        file,
      ).toEqual([]);
    }
  });

  it('fails on a comment that names an issue number, twice in the fixture, and not on the word "issues" used otherwise', async () => {
    const [result] = await eslint.lintFiles([fixture('house/comments.ts')]);
    expect(result.messages.map((m) => [m.ruleId, m.line])).toEqual([
      ['house/no-issue-numbers', 1],
      ['house/no-issue-numbers', 3],
    ]);
    expect(result.messages[0].message).toContain('Cite docs/');
  });

  it('passes on the real engine: crud/ has no cycle and imports no module', async () => {
    const results = await eslint.lintFiles([path.join(root, 'apps/api/src/crud/*.ts')]);
    const problems = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId?.startsWith('import-x/') || m.ruleId === 'no-restricted-imports')
        .map((m) => `${path.basename(r.filePath)}: ${m.ruleId}`),
    );
    expect(problems).toEqual([]);
  }, 120_000);
});
