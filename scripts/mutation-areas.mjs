// The areas of `npm run mutation` (docs/decisions/021-mutation-testing.md): per area, the files
// Stryker mutates and the test files that run against them. Read by stryker.config.mjs (one Stryker
// run per area) and by scripts/mutation.mjs (which runs them in turn and prints one summary).

/** @typedef {{ name: string; project: 'shared' | 'api'; mutate: string[]; tests: string[]; note: string }} MutationArea */

/** @type {MutationArea[]} */
export const areas = [
  {
    name: 'shared',
    project: 'shared',
    note: "the shared package's scoring, policies and permissions, against its own unit tests",
    mutate: ['packages/shared/src/play.ts', 'packages/shared/src/policies/*.ts', '!packages/shared/src/policies/*.test.ts', 'packages/shared/src/permissions.ts'],
    tests: ['src/**/*.test.ts'],
  },
  {
    name: 'api-analysis',
    project: 'api',
    note: 'language sample analysis (CLAN rules, the analysis itself), against the LSA tests',
    mutate: ['apps/api/src/modules/lsa/clan-rules.ts', 'apps/api/src/modules/lsa/analyze.ts'],
    tests: ['src/modules/lsa/*.test.ts'],
  },
  {
    name: 'api-scoring-policy',
    project: 'api',
    note: "play and scoring, the files policy's SQL side and the tenancy scopes, against the play, files, tenancy and authorization tests",
    mutate: ['apps/api/src/modules/play/play.service.ts', 'apps/api/src/modules/*/**/*.policy.ts', 'apps/api/src/modules/tenancy/scopes.ts'],
    tests: [
      'src/modules/play/play.test.ts',
      'src/modules/files/files.test.ts',
      'src/modules/tenancy/tenancy.test.ts',
      'src/modules/tenancy/admin.test.ts',
      'test/policy-parity.test.ts',
      'test/authorization-matrix.test.ts',
    ],
  },
  {
    name: 'api-upload',
    project: 'api',
    note: 'upload checks, multipart reading and download ranges, against the files, images and recordings tests',
    mutate: ['apps/api/src/modules/files/upload.ts', 'apps/api/src/modules/files/receive.ts', 'apps/api/src/modules/files/download.ts'],
    tests: ['src/modules/files/files.test.ts', 'src/modules/images/images.test.ts', 'src/modules/recordings/recordings.test.ts', 'test/hostile-input.test.ts'],
  },
];

/** The area called `name`, or an error that lists the names. */
export function areaNamed(name) {
  const area = areas.find((a) => a.name === name);
  if (!area) throw new Error(`Unknown mutation area "${name}"; one of: ${areas.map((a) => a.name).join(', ')}`);
  return area;
}
