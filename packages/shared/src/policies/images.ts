import { PERMISSIONS as P } from '../permissions';
import { contentScope, GAME_READERS, GAME_WRITERS, mayAuthor } from './games';
import { definePolicy, type Actor, type PolicyRow, type Scope } from './policy';

/**
 * The image gallery and its folders. Seen like games (`contentScope`): the library by
 * everyone who reads content, an account's shared images by its members, with one rule stricter
 * than games: a **private** image or folder exists for its owner only (404 to everyone else, platform
 * staff included: a child's photo is not theirs to look at). Uploading is making content; changing
 * or removing one is for whoever may author it (its owner, the account's admin; the library's
 * authors for the library).
 */
const READ = GAME_READERS;
const WRITE = GAME_WRITERS;

export const galleryScope = (a: Actor): Scope => contentScope(a);

/** Whether the actor may see a row of the gallery, by its privacy (the scope says the rest). */
export const seesGalleryRow = (a: Actor, row: PolicyRow): boolean => row.is_private !== true || row.created_by === a.id;

const spec = (resource: string) =>
  definePolicy({
    resource,
    rules: {
      list: [...READ],
      read: [...READ],
      export: [P.ADMIN_GAMES, P.EDIT_GAMES],
      create: [P.ADMIN_GAMES, P.CREATE_GAMES],
      update: [...WRITE],
      delete: [...WRITE],
      restore: [...WRITE],
    },
    scope: galleryScope,
    row: (a, action, row) => seesGalleryRow(a, row) && (action === 'read' || mayAuthor(a, row)),
  });

export const imagesPolicy = spec('images');
export const imageFoldersPolicy = spec('image-folders');
