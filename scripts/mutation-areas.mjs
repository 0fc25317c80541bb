// The areas of `npm run mutation` (docs/decisions/021-mutation-testing.md): per area, the files
// Stryker mutates and the test files that run against them. Read by stryker.config.mjs (one Stryker
// run per area) and by scripts/mutation.mjs (which runs them in turn and prints one summary).

import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;

/**
 * `file:from-to` for each named top-level function of `file` (a `function` up to its closing brace at
 * the line's start, or a one-line `const name = …;`), so an area can mutate some functions of a
 * file, found again when the file changes. A name that is not there is an error.
 */
export function functionLines(file, names) {
  const lines = readFileSync(root + file, 'utf8').split('\n');
  return names.map((name) => {
    const start = lines.findIndex((l) =>
      new RegExp(`^(export )?(async )?function ${name}\\b|^(export )?const ${name} = `).test(l),
    );
    if (start < 0) throw new Error(`${file}: no top-level function ${name}`);
    const end = /^(export )?const /.test(lines[start]) ? start : lines.findIndex((l, i) => i > start && l === '}');
    return `${file}:${start + 1}-${end + 1}`;
  });
}

/**
 * @typedef {{ name: string; project: 'shared' | 'api'; mutate: string[]; tests: string[]; note: string; database?:
 * false }} MutationArea
 * `database: false`: the area's API tests need no PostgreSQL, so the global setup is left out (a
 * mutant that times out restarts the test process, and with it the setup).
 */

/** @type {MutationArea[]} */
export const areas = [
  {
    name: 'shared',
    project: 'shared',
    note: "the shared package's scoring, policies and permissions, against its own unit tests",
    mutate: [
      'packages/shared/src/play.ts',
      'packages/shared/src/policies/*.ts',
      '!packages/shared/src/policies/*.test.ts',
      'packages/shared/src/permissions.ts',
    ],
    tests: ['src/**/*.test.ts'],
  },
  {
    name: 'api-analysis',
    project: 'api',
    note: "language sample analysis (CLAN rules, the analysis itself), against the analysis's unit tests",
    mutate: ['apps/api/src/modules/lsa/clan-rules.ts', 'apps/api/src/modules/lsa/analyze.ts'],
    // Only the unit tests: with lsa.test.ts (the routes, a database per run) the 830 mutants were
    // heading for two hours, and with lsa.clan.test.ts (fourteen real transcripts against CLAN's
    // figures, on every mutant) for more than ninety minutes.
    tests: ['src/modules/lsa/clan-rules.test.ts'],
    database: false,
  },
  {
    name: 'api-scoring',
    project: 'api',
    note: "the player's scoring: the frozen rules, a try's correctness and points, the session's points, score and pass, the preview's try; against the play tests",
    // The functions that decide correctness, points, score and pass, not assigning and listing.
    mutate: [
      ...functionLines('apps/api/src/modules/assignments/rules.ts', ['rulesOf']),
      ...functionLines('apps/api/src/modules/player/session.ts', [
        'correctAnswer',
        'sentenceOf',
        'over',
        'presentSession',
        'checkAnswer',
        'isCorrect',
      ]),
      ...functionLines('apps/api/src/modules/player/submit-try.ts', ['submitTry']),
      ...functionLines('apps/api/src/modules/player/finish-session.ts', ['finishSession']),
      ...functionLines('apps/api/src/modules/player/preview-try.ts', ['previewTry']),
    ],
    tests: ['src/modules/player/play.test.ts'],
  },
  {
    name: 'api-policy',
    project: 'api',
    note: "the files policy's SQL side and the tenancy scopes, against the tenancy, scopes and files tests",
    mutate: ['apps/api/src/modules/*/**/*.policy.ts', 'apps/api/src/modules/tenancy/scopes.ts'],
    // Not the policy-parity and authorization-matrix tests: each walks every route as every role,
    // 160 s of tests that nearly every one of these mutants reaches (about 80 minutes for 65 mutants).
    // file-scope.test.ts: who reads which file of an account (a student their assigned prompts).
    tests: [
      'src/modules/tenancy/scopes.test.ts',
      'src/modules/tenancy/tenancy.test.ts',
      'src/modules/files/file-scope.test.ts',
      'src/modules/files/files.test.ts',
    ],
  },
  {
    name: 'api-upload',
    project: 'api',
    note: 'upload checks, multipart reading, the upload pace, metadata stripping and download ranges, against the files and images tests and their unit tests',
    mutate: [
      'apps/api/src/modules/files/upload.ts',
      'apps/api/src/modules/files/receive.ts',
      'apps/api/src/modules/files/download.ts',
      'apps/api/src/modules/files/pace.ts',
      'apps/api/src/modules/files/byte-source.ts',
      'apps/api/src/modules/files/strip-metadata.ts',
    ],
    // Not recordings.test.ts (27 tests with transcription jobs, on every mutant of the shared upload
    // path): the files tests check sizes, types, one file per form and byte ranges themselves.
    // upload-limits.test.ts: the pace and the declared length on a listening server (real seconds).
    tests: [
      'src/modules/files/download.test.ts',
      'src/modules/files/upload.test.ts',
      'src/modules/files/receive.test.ts',
      'src/modules/files/pace.test.ts',
      'src/modules/files/byte-source.test.ts',
      'src/modules/files/strip-metadata.test.ts',
      'src/modules/files/files.test.ts',
      'src/modules/images/images.test.ts',
      'src/modules/files/upload-limits.test.ts',
    ],
  },
];

/** The area called `name`, or an error that lists the names. */
export function areaNamed(name) {
  const area = areas.find((a) => a.name === name);
  if (!area) throw new Error(`Unknown mutation area "${name}"; one of: ${areas.map((a) => a.name).join(', ')}`);
  return area;
}
