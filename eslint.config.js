import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

/**
 * Module boundaries (decision 009). `import-x/no-cycle` keeps the import graph a tree; the
 * generic engines (API `crud/`, web `components/resource/`) know no feature, and web features do
 * not reach into each other. Exported so `scripts/lint-rules.test.mjs` proves them on fixtures.
 */
export const boundaryRules = {
  files: ['apps/**/*.{ts,tsx,js,mjs}', 'packages/**/*.{ts,tsx,js,mjs}', 'scripts/fixtures/lint/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    // Dependencies are parsed (to follow their imports) only with these extensions.
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [
      createNodeResolver({
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        conditionNames: ['import', 'default', 'node'],
        alias: { '@': [webSrc] },
      }),
    ],
  },
  rules: {
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Boundaries of one pair of app trees (the real `apps/web/src` and `apps/api/src`, or the fixtures of
 * `scripts/lint-rules.test.mjs`): each web feature folder imports no other feature folder, and the
 * generic engines import no feature (web `components/resource`) and no module (API `crud`).
 */
export function boundaryZones({ web, api }) {
  const features = `${web}/features`;
  const dir = path.join(here, features);
  const names = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  return [
    ...names.map((name) => ({
      target: `${features}/${name}`,
      from: features,
      except: [`./${name}`],
      message: 'A web feature does not import another feature: move what they share to components/ or lib/.',
    })),
    {
      target: `${web}/components/resource`,
      from: features,
      message: 'The generic resource screens import no feature: let the feature register what it adds.',
    },
    {
      target: `${api}/crud`,
      from: `${api}/modules`,
      message: 'The generic engine imports no module: modules depend on crud/contract.ts, not the other way.',
    },
  ];
}

/** The boundary rules over one pair of trees; their tests may use real modules and features. */
export const boundaryConfig = (trees, files) => ({
  files,
  ignores: ['**/*.test.{ts,tsx}'],
  plugins: { 'import-x': importX },
  rules: { 'import-x/no-restricted-paths': ['error', { basePath: here, zones: boundaryZones(trees) }] },
});

/**
 * User text is parsed in linear time (ARCHITECTURE rule 21; decision 005, "Text readers in linear
 * time"). `no-super-linear-backtracking`: two quantifiers that can trade characters (the probe's
 * `/^([^+].*?)([.?!]+)$/`). `no-super-linear-move`: a quantifier that the engine, moving the regex
 * along the text, runs again from every position (the probe's unanchored `/\s*NAK(\d+)_(\d+)NAK/`,
 * `/\/+$/`). Both where the server and the shared schemas read text (tests included: they are few and
 * cheap to keep clean); the web, where a slow regex freezes one tab and not the server, keeps the
 * first. Exported so `scripts/lint-rules.test.mjs` proves them on fixtures.
 */
export const linearRegexRules = {
  files: [
    'apps/api/src/**/*.{ts,tsx,js,mjs}',
    'packages/shared/src/**/*.{ts,tsx,js,mjs}',
    'scripts/fixtures/lint/regexp/**/*.ts',
  ],
  plugins: { regexp },
  rules: {
    'regexp/no-super-linear-backtracking': 'error',
    'regexp/no-super-linear-move': 'error',
  },
};

/**
 * House rule: a comment cites what a reader holding only the repository can open
 * (`docs/` decisions, docs/product.md, the seed), never an issue number. Exported so
 * `scripts/lint-rules.test.mjs` proves it on a fixture.
 */
export const houseRules = {
  files: [
    'apps/**/*.{ts,tsx,js,mjs}',
    'packages/**/*.{ts,tsx,js,mjs}',
    'scripts/**/*.{ts,mjs}',
    'scripts/fixtures/lint/house/**/*.ts',
  ],
  plugins: {
    house: {
      rules: {
        'no-issue-numbers': {
          meta: {
            type: 'suggestion',
            messages: {
              issue:
                'Cite docs/ (a decision, docs/product.md), not an issue number: whoever reads this has only the repository.',
            },
          },
          create(context) {
            return {
              Program() {
                for (const comment of context.sourceCode.getAllComments())
                  if (/\bissues? #?\d+/i.test(comment.value)) context.report({ loc: comment.loc, messageId: 'issue' });
              },
            };
          },
        },
      },
    },
  },
  rules: { 'house/no-issue-numbers': 'error' },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tmp/**',
      '.stryker-tmp/**',
      'data/**',
      'apps/api/src/db/migrations/**',
      'scripts/fixtures/lint/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      // Prettier wraps code at 120 columns; comments are held to it here. Strings, template literals and
      // regular expressions stay whole (a message is greppable), and so does a tool's one-line directive.
      'max-len': [
        'error',
        {
          code: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignoreUrls: true,
          ignorePattern: '^\\s*// (Stryker disable|eslint-disable)',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Imports flow one way: shared code never reaches into the apps.
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@habla/api*', '@habla/web*', '**/apps/**'] }],
    },
  },
  boundaryRules,
  linearRegexRules,
  houseRules,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error' },
  },
  boundaryConfig({ web: 'apps/web/src', api: 'apps/api/src' }, ['apps/*/src/**/*.{ts,tsx}']),
  boundaryConfig({ web: 'scripts/fixtures/lint/web', api: 'scripts/fixtures/lint/api' }, [
    'scripts/fixtures/lint/**/*.ts',
  ]),
  {
    // The engine's contract stays a leaf: nothing of crud/ but the SQL parameter list (the cycle
    // list-query → resource → service ran through type imports, which import-x/no-cycle does not follow).
    files: ['apps/api/src/crud/contract.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\./(?!sql$)', message: 'crud/contract.ts is a leaf module: move the type here instead.' },
          ],
        },
      ],
    },
  },
);
