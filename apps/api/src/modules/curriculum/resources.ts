import { CATALOG_RESOURCES, CURRICULUM_RESOURCES, type CatalogName } from '@habla/shared';
import { orderedChildHooks, type ChildOrder } from '../../crud/children';
import type { ManyLink, ServerResource } from '../../crud/resource';
import { catalogTableName } from '../../db/schema/catalogs';

const catalogLink = (name: CatalogName) => ({
  targetTable: catalogTableName(name),
  targetTitle: CATALOG_RESOURCES[name].titleField,
});
const many = (joinTable: string, ownKey: string, otherKey: string, target: CatalogName): ManyLink => ({
  joinTable,
  ownKey,
  otherKey,
  ...catalogLink(target),
});

/** Levels: shared curriculum (no tenancy scope), linked to catalog types, verb tenses and goals. */
export const levelsResource: ServerResource = {
  def: CURRICULUM_RESOURCES.levels,
  table: 'levels',
  entity: 'level',
  relations: {},
  many: {
    type_ids: many('level_types', 'level_id', 'type_id', 'grammatical-types'),
    verb_tense_ids: many('level_verb_tenses', 'level_id', 'verb_tense_id', 'verb-tenses'),
    goal_ids: many('level_goals', 'level_id', 'target_id', 'targets'),
  },
};

/** The order of chapters within their level (crud/children.ts); the level counts its live chapters. */
export const chapterOrder = (): ChildOrder => ({
  parent: levelsResource,
  child: chaptersResource,
  countColumn: 'chapters_count',
});

/** Chapters: ordered children of a level, linked to goals, vocabulary (dictionary) and formulations. */
export const chaptersResource: ServerResource = {
  def: CURRICULUM_RESOURCES.chapters,
  table: 'chapters',
  entity: 'chapter',
  relations: { level_id: { targetTable: 'levels', targetTitle: 'name' } },
  many: {
    goal_ids: many('chapter_goals', 'chapter_id', 'target_id', 'targets'),
    vocabulary_ids: many('chapter_vocabulary', 'chapter_id', 'word_id', 'dictionary'),
    formulation_ids: many('chapter_formulations', 'chapter_id', 'formulation_id', 'formulations'),
  },
  hooks: orderedChildHooks(chapterOrder),
};
