import { FORMULATION_TYPES, LANGUAGE_TYPES, VERB_TENSE_TYPES, VERB_TYPES } from '../enums';
import type { ResourceDef } from './define';

/** Parts of speech (WordNet's four open classes first, then the closed classes). */
export const PARTS_OF_SPEECH = ['noun', 'verb', 'adjective', 'adverb', 'pronoun', 'preposition', 'conjunction', 'determiner', 'interjection'] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

/**
 * The 12 reference catalogs (seed §2 `/catalogs/*`, §3 fields; docs/product.md §7 paths). Every signed-in
 * user reads them (pickers, the player), but only those who maintain a catalog (the content team and
 * platform admins) change it or download it whole as CSV: who may do what is in
 * `policies/catalogs.ts`.
 */
export const CATALOG_RESOURCES = {
  dictionary: {
    name: 'dictionary',
    controller: 'dictionary',
    titleField: 'word',
    searchable: ['word'],
    defaultSort: { col: 'word', order: 'asc' },
    fields: [
      { name: 'word', kind: 'text', required: true, max: 100, sortable: true, listed: true },
      { name: 'type', kind: 'enum', required: true, options: PARTS_OF_SPEECH, enumName: 'partOfSpeech', sortable: true, filterable: true, listed: true },
      { name: 'definition', kind: 'longtext', listed: true },
      { name: 'example', kind: 'longtext' },
      { name: 'semantic_class', kind: 'text', max: 60, sortable: true, filterable: true, listed: true },
    ],
  },
  verbs: {
    name: 'verbs',
    controller: 'verbs',
    titleField: 'base_form',
    searchable: ['base_form', 'past_simple', 'past_participle'],
    defaultSort: { col: 'base_form', order: 'asc' },
    fields: [
      { name: 'base_form', kind: 'text', required: true, max: 60, sortable: true, listed: true, unique: true },
      { name: 'past_simple', kind: 'text', required: true, max: 120, sortable: true, listed: true },
      { name: 'past_participle', kind: 'text', required: true, max: 120, sortable: true, listed: true },
      { name: 'type', kind: 'enum', required: true, options: VERB_TYPES, enumName: 'verbType', sortable: true, filterable: true, listed: true },
      { name: 'semantic_complexity', kind: 'int', min: 1, maxValue: 5, sortable: true, filterable: true, listed: true },
    ],
  },
  'topic-types': {
    name: 'topic-types',
    controller: 'topicTypes',
    titleField: 'name',
    searchable: ['name', 'name_es'],
    defaultSort: { col: 'name', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 100, sortable: true, listed: true, unique: true },
      { name: 'name_es', kind: 'text', max: 100, sortable: true, listed: true },
      { name: 'description', kind: 'longtext', listed: true },
    ],
  },
  topics: {
    name: 'topics',
    controller: 'topics',
    titleField: 'name',
    searchable: ['name', 'name_es'],
    defaultSort: { col: 'name', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 100, sortable: true, listed: true, unique: true },
      { name: 'name_es', kind: 'text', max: 100, sortable: true, listed: true },
      { name: 'topic_type_id', kind: 'relation', target: 'topic-types', as: 'topic_type', sortable: true, filterable: true, listed: true },
      { name: 'picture', kind: 'picture', max: 40, listed: true },
      { name: 'description', kind: 'longtext' },
    ],
  },
  'grammatical-categories': {
    name: 'grammatical-categories',
    controller: 'grammaticalCategories',
    titleField: 'name',
    searchable: ['name', 'name_es'],
    defaultSort: { col: 'order', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 100, sortable: true, listed: true, unique: true },
      { name: 'name_es', kind: 'text', max: 100, sortable: true, listed: true },
      { name: 'grammatical_function', kind: 'longtext', max: 500, listed: true },
      { name: 'order', kind: 'int', min: 0, maxValue: 1000, sortable: true, listed: true },
      { name: 'description', kind: 'longtext' },
    ],
  },
  'grammatical-types': {
    name: 'grammatical-types',
    controller: 'grammaticalTypes',
    titleField: 'name',
    searchable: ['name', 'name_es'],
    defaultSort: { col: 'name', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 100, sortable: true, listed: true, unique: true },
      { name: 'name_es', kind: 'text', max: 100, sortable: true },
      { name: 'category_id', kind: 'relation', required: true, target: 'grammatical-categories', as: 'category', sortable: true, filterable: true, listed: true },
      { name: 'sentence_syntax', kind: 'text', max: 200, listed: true },
      { name: 'semantic_complexity', kind: 'int', min: 1, maxValue: 5, sortable: true, filterable: true, listed: true },
      { name: 'used_to', kind: 'longtext', max: 500 },
      { name: 'grammatical_function', kind: 'longtext', max: 500, listed: true },
    ],
  },
  'grammatical-items': {
    name: 'grammatical-items',
    controller: 'grammaticalItems',
    titleField: 'name',
    searchable: ['name', 'name_es'],
    defaultSort: { col: 'name', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 100, sortable: true, listed: true },
      { name: 'name_es', kind: 'text', max: 100, sortable: true, listed: true },
      { name: 'type_id', kind: 'relation', required: true, target: 'grammatical-types', as: 'grammatical_type', sortable: true, filterable: true, listed: true },
      { name: 'example', kind: 'longtext', max: 500, listed: true },
      { name: 'semantic_complexity', kind: 'int', min: 1, maxValue: 5, sortable: true, filterable: true, listed: true },
    ],
  },
  'verb-tenses': {
    name: 'verb-tenses',
    controller: 'verbTenses',
    titleField: 'name',
    searchable: ['name', 'name_es'],
    defaultSort: { col: 'order', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 100, sortable: true, listed: true, unique: true },
      { name: 'name_es', kind: 'text', max: 100, sortable: true, listed: true },
      { name: 'type', kind: 'enum', required: true, options: VERB_TENSE_TYPES, enumName: 'verbTenseType', sortable: true, filterable: true, listed: true },
      { name: 'example', kind: 'longtext', max: 500, listed: true },
      { name: 'grammatical_function', kind: 'longtext', max: 500, listed: true },
      { name: 'order', kind: 'int', min: 0, maxValue: 1000, sortable: true },
    ],
  },
  formulations: {
    name: 'formulations',
    controller: 'formulations',
    titleField: 'name',
    searchable: ['name', 'example'],
    defaultSort: { col: 'name', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 200, sortable: true, listed: true, unique: true },
      { name: 'language_type', kind: 'enum', required: true, options: LANGUAGE_TYPES, enumName: 'languageType', sortable: true, filterable: true, listed: true },
      { name: 'types', kind: 'enumArray', options: FORMULATION_TYPES, enumName: 'formulationType', filterable: true, listed: true },
      { name: 'example', kind: 'longtext', max: 500, listed: true },
      { name: 'description', kind: 'longtext' },
    ],
  },
  vocabulary: {
    name: 'vocabulary',
    controller: 'vocabulary',
    titleField: 'word',
    searchable: ['word', 'word_es'],
    defaultSort: { col: 'word', order: 'asc' },
    fields: [
      { name: 'word', kind: 'text', required: true, max: 100, sortable: true, listed: true },
      { name: 'word_es', kind: 'text', max: 100, sortable: true, listed: true },
      { name: 'type', kind: 'enum', required: true, options: PARTS_OF_SPEECH, enumName: 'partOfSpeech', sortable: true, filterable: true, listed: true },
      { name: 'topic_id', kind: 'relation', target: 'topics', as: 'topic', sortable: true, filterable: true, listed: true },
      { name: 'picture', kind: 'picture', max: 40, listed: true },
      { name: 'description', kind: 'longtext' },
    ],
  },
  skills: {
    name: 'skills',
    controller: 'skills',
    titleField: 'name',
    searchable: ['name', 'name_es'],
    defaultSort: { col: 'name', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 150, sortable: true, listed: true, unique: true },
      { name: 'name_es', kind: 'text', max: 150, sortable: true, listed: true },
      { name: 'description', kind: 'longtext', listed: true },
      { name: 'target_ids', kind: 'relationMany', target: 'targets', as: 'targets', listed: true },
    ],
  },
  targets: {
    name: 'targets',
    controller: 'targets',
    titleField: 'name',
    searchable: ['name', 'name_es'],
    defaultSort: { col: 'name', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 200, sortable: true, listed: true, unique: true },
      { name: 'name_es', kind: 'text', max: 200, sortable: true, listed: true },
      { name: 'description', kind: 'longtext', listed: true },
      { name: 'skill_ids', kind: 'relationMany', target: 'skills', as: 'skills', listed: true },
    ],
  },
} as const satisfies Record<string, ResourceDef>;

export type CatalogName = keyof typeof CATALOG_RESOURCES;
export const CATALOG_NAMES = Object.keys(CATALOG_RESOURCES) as CatalogName[];
export const catalogResource = (name: CatalogName): ResourceDef => CATALOG_RESOURCES[name];
