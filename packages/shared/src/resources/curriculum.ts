import type { ResourceDef } from './define';

/**
 * The curriculum every account shares (docs/product.md §4): levels in order, each with its chapters
 * in order. The content team writes it; everyone who reaches it reads it. Chapters are ordered
 * children of a level (`parent`): their `position` is kept 1..n per level by the engine
 * (apps/api/src/crud/children.ts) and changed only by the reorder endpoint.
 */
export const CURRICULUM_RESOURCES = {
  levels: {
    name: 'levels',
    controller: 'levels',
    titleField: 'name',
    searchable: ['name'],
    defaultSort: { col: 'position', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 120, sortable: true, listed: true, unique: true },
      { name: 'position', kind: 'int', min: 0, maxValue: 10_000, sortable: true, listed: true },
      {
        name: 'slug',
        kind: 'text',
        required: true,
        max: 80,
        format: 'username',
        sortable: true,
        listed: true,
        unique: true,
      },
      { name: 'notes', kind: 'longtext' },
      { name: 'type_ids', kind: 'relationMany', target: 'grammatical-types', as: 'types' },
      { name: 'verb_tense_ids', kind: 'relationMany', target: 'verb-tenses', as: 'verb_tenses' },
      { name: 'goal_ids', kind: 'relationMany', target: 'targets', as: 'goals' },
      { name: 'chapters_count', kind: 'int', readOnly: true, listed: true },
      { name: 'games_count', kind: 'int', readOnly: true, listed: true },
      { name: 'activities_count', kind: 'int', readOnly: true },
    ],
  },
  chapters: {
    name: 'chapters',
    controller: 'chapters',
    titleField: 'name',
    searchable: ['name'],
    defaultSort: { col: 'position', order: 'asc' },
    parent: { resource: 'levels', key: 'level_id', position: 'position' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 120, sortable: true, listed: true },
      {
        name: 'level_id',
        kind: 'relation',
        required: true,
        target: 'levels',
        as: 'level',
        sortable: true,
        filterable: true,
        listed: true,
      },
      { name: 'position', kind: 'int', readOnly: true, sortable: true, listed: true },
      { name: 'goal_ids', kind: 'relationMany', target: 'targets', as: 'goals' },
      { name: 'vocabulary_ids', kind: 'relationMany', target: 'dictionary', as: 'vocabulary' },
      { name: 'formulation_ids', kind: 'relationMany', target: 'formulations', as: 'formulations' },
      { name: 'notes', kind: 'longtext' },
      { name: 'games_count', kind: 'int', readOnly: true, listed: true },
      { name: 'activities_count', kind: 'int', readOnly: true },
      { name: 'evaluations_count', kind: 'int', readOnly: true },
    ],
  },
} as const satisfies Record<string, ResourceDef>;

export type CurriculumName = keyof typeof CURRICULUM_RESOURCES;
export const CURRICULUM_NAMES = Object.keys(CURRICULUM_RESOURCES) as CurriculumName[];
