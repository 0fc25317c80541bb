import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES as SHARED_LANGUAGES, MEMBERSHIP_TYPES } from '@habla/shared/enums';
import { sharedLocales } from '@habla/shared/messages';
import { SPEAKERS } from '@habla/shared/resources/recordings';
import { ROLE_VALUES } from '@habla/shared/roles';
import { describe, expect, it } from 'vitest';
import { STAGES } from '@/features/recordings/pipeline-steps';
import { CATALOG_PAGES } from '@/lib/catalog-pages';
import { ASSESSMENT_SCREEN, CATALOG_SCREENS, RECORDING_SCREEN } from '@/lib/resource-screens';
import { NAVIGATION, type NavItem } from '@/lib/navigation';
import en from './en.json';
import es from './es.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const enKeys = flatten(en as Tree);
const esKeys = flatten(es as Tree);
const sharedEn = flatten(sharedLocales.en as unknown as Tree);
const has = (key: string) => enKeys.has(key) || sharedEn.has(key);
/** A key exists as written or, for counted texts, in its plural forms (i18next `_one` / `_other`). */
const exists = (key: string) => has(key) || (has(`${key}_one`) && has(`${key}_other`));

const SRC = join(__dirname, '..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes(`${join('src', 'test')}`)
      ? [path]
      : [];
  });
}

const NAMESPACES = Object.keys(en).join('|');
const KEY_LITERAL = new RegExp(`['"\`]((?:${NAMESPACES})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');

describe('locale catalogues', () => {
  it('en.json and es.json have exactly the same keys', () => {
    expect([...esKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('no text is empty', () => {
    for (const [key, value] of [...enKeys, ...esKeys]) expect(value.trim(), key).not.toBe('');
  });

  it("every t('…') key used in the source exists", () => {
    const missing: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) {
        seen += 1;
        if (!exists(match[1]!)) missing.push(`${file.replace(SRC, 'src')}: ${match[1]}`);
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('every key-like literal in the source (menu, routes, breadcrumbs) exists', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(KEY_LITERAL)) {
        if (!exists(match[1]!) && !match[1]!.endsWith('.')) missing.push(`${file.replace(SRC, 'src')}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keys built at run time exist: roles, membership types, languages, menu and catalog labels', () => {
    const items = (list: readonly NavItem[]): NavItem[] => list.flatMap((i) => [i, ...items(i.children ?? [])]);
    const keys = [
      ...ROLE_VALUES.map((r) => `roles.${r}`),
      ...MEMBERSHIP_TYPES.map((m) => `membership.${m}`),
      ...SHARED_LANGUAGES.map((l) => `language.${l}`),
      ...items(NAVIGATION).flatMap((i) => [i.label, ...(i.description ? [i.description] : [])]),
      ...CATALOG_PAGES.map((c) => c.label),
      // Generic record screens: titles, every field label and every enumeration label they show.
      ...[...CATALOG_SCREENS, RECORDING_SCREEN, ASSESSMENT_SCREEN].flatMap((c) => [
        c.titleKey,
        ...c.resource.fields.flatMap((f) => [
          `fields.${f.name}`,
          ...(f.kind === 'enum' || f.kind === 'enumArray' ? f.options.map((o) => `enums.${f.enumName}.${o}`) : []),
        ]),
      ]),
      // The recording screens: pipeline stages and speakers.
      ...STAGES.map((s) => `recordings.stages.${s}`),
      ...SPEAKERS.map((s) => `recordings.speakers.${s}`),
      'nav.administration',
      'sections.administration',
      'nav.analytics',
      'sections.analytics',
    ];
    expect(keys.filter((k) => !exists(k))).toEqual([]);
  });

  it('keeps the seed texts word for word', () => {
    expect(enKeys.get('alerts.invalidUserOrPassword')).toBe('Please, input a correct email/username or password.');
    expect(enKeys.get('alerts.unsatisfactory')).toBe('Operation was unsatisfactory');
    expect(enKeys.get('alerts.selectItems')).toBe('Please, select items to proccede.');
    expect(enKeys.get('errors.title')).toBe('Oops!');
    expect(enKeys.get('errors.unexpected')).toBe('Sorry, an unexpected error has occurred.');
    expect(enKeys.get('errors.goBack')).toBe('← Go back');
    expect(enKeys.get('player.title')).toBe('Player');
  });

  it('uses the seed breadcrumb labels', () => {
    const seed: Record<string, string> = {
      dashboards: 'Dashboards',
      student: 'Student',
      catalogs: 'Reference Catalogs',
      dictionary: 'Dictionary',
      verbs: 'Verbs',
      verbRegular: 'Regular Verb',
      verbIrregular: 'Irregular Verb',
      topics: 'Topics',
      topic: 'Topic',
      topicType: 'Topics Type',
      grammaticals: 'Grammar Categories',
      grammaticalCategories: 'Grammar Categories',
      grammaticalTypes: 'Grammar Types',
      grammaticalItems: 'Vocabulary Universe',
      verbTenses: 'Verb Tense',
      formulations: 'Syntax Sentence',
      vocabulary: 'Vocabulary',
      skills: 'Skills',
      skill: 'Skill',
      target: 'Target',
      level: 'Level',
      chapter: 'Chapter',
      game: 'Game',
      activity: 'Activity',
      imagesGallery: 'Images Gallery',
      clients: 'Clients',
      new: 'New',
      administration: 'Administration',
      accounts: 'Accounts',
      users: 'Users',
      workspaces: 'Workspaces',
      reports: 'Reports',
      rolePermissions: 'Role Permissions',
      generalProfile: 'General Profile',
      students: 'Students',
    };
    for (const [key, label] of Object.entries(seed)) expect(enKeys.get(`crumbs.${key}`), key).toBe(label);
  });

  it('uses the seed menu labels', () => {
    const seed: Record<string, string> = {
      dashboard: 'Dashboard',
      analytics: 'Analytics',
      player: 'Player',
      catalogs: 'Catalogs',
      grammaticals: 'Grammaticals',
      setting: 'Setting',
      administration: 'Administration',
      contents: 'Contents',
      assessments: 'Assessments',
      users: 'Users',
      workspaces: 'Workspaces',
      gamesAnalytics: 'Games Analytics',
      activitiesAnalytics: 'Activities Analytics',
      reportAnalytics: 'Report Analytics',
      plans: 'Plans',
      organizations: 'Organizations',
      comments: 'Comments',
      notifications: 'Notifications',
      appConfiguration: 'App Configuration',
      studentsAnalytics: 'Students Analytics',
      usersAnalytics: 'Users Analytics',
      billings: 'Billings',
      localVocabulary: 'Local Vocabulary',
    };
    for (const [key, label] of Object.entries(seed)) expect(enKeys.get(`nav.${key}`), key).toBe(label);
  });

  it('Spanish is really translated where it matters', () => {
    for (const key of [
      'auth.login.submit',
      'nav.dashboard',
      'errors.unexpected',
      'breadcrumbs.label',
      'header.logout',
    ]) {
      expect(esKeys.get(key), key).not.toBe(enKeys.get(key));
    }
  });
});
