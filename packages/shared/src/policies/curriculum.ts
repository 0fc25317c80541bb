import { PERMISSIONS as P } from '../permissions';
import { definePolicy } from './policy';

/**
 * Levels and chapters: curriculum shared by every account (docs/product.md §3–4). The content team
 * writes it (EDITOR creates and edits levels, administers chapters); every role holding a read
 * permission reads it. Reordering chapters is their `update` rule.
 */
export const levelsPolicy = definePolicy({
  resource: 'levels',
  rules: {
    list: [P.ADMIN_LEVELS, P.CREATE_LEVELS, P.EDIT_LEVELS, P.READ_LEVELS],
    read: [P.ADMIN_LEVELS, P.CREATE_LEVELS, P.EDIT_LEVELS, P.READ_LEVELS],
    export: [P.ADMIN_LEVELS, P.EDIT_LEVELS],
    create: [P.ADMIN_LEVELS, P.CREATE_LEVELS],
    update: [P.ADMIN_LEVELS, P.EDIT_LEVELS],
    delete: [P.ADMIN_LEVELS],
    restore: [P.ADMIN_LEVELS],
  },
  scope: () => ({ kind: 'shared' }),
});

export const chaptersPolicy = definePolicy({
  resource: 'chapters',
  rules: {
    list: [P.ADMIN_CHAPTERS, P.CREATE_CHAPTERS, P.EDIT_CHAPTERS, P.READ_CHAPTERS],
    read: [P.ADMIN_CHAPTERS, P.CREATE_CHAPTERS, P.EDIT_CHAPTERS, P.READ_CHAPTERS],
    export: [P.ADMIN_CHAPTERS, P.EDIT_CHAPTERS],
    create: [P.ADMIN_CHAPTERS, P.CREATE_CHAPTERS],
    update: [P.ADMIN_CHAPTERS, P.EDIT_CHAPTERS],
    delete: [P.ADMIN_CHAPTERS],
    restore: [P.ADMIN_CHAPTERS],
  },
  scope: () => ({ kind: 'shared' }),
});
