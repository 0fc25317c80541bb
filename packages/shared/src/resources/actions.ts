/**
 * Declared actions of a resource (decision 010): an operation on one or several rows beyond the
 * generic create / update / delete (mark a game completed, e-mail a user a password link). The
 * declaration is shared: the API registers `POST /<resource>/:id/<name>` (single) and
 * `POST /<resource>/<name>` with `{ ids }` (bulk) and runs the server resource's handler; the web
 * draws the buttons (list toolbar, row menu, show page, quick view) and asks before running it.
 * Who may take it, and on which rows, is the entity's policy (`actions` of `definePolicy`).
 *
 * Texts by convention, under `actions.<resource>.<name>.` in the web's locale files:
 * `label` (button), `labelOf` (a row's button, with {{name}}), `confirmTitle`, `confirm` (one row,
 * {{name}}), `confirmMany` (several, {{count}}); and in the shared (API) locale files `done` (one
 * row) and `doneMany` ({{count}}), the answer's message.
 */
export type ActionDef = {
  /** Path segment and registry key (kebab-case): never one of the generic routes' words. */
  name: string;
  /** Offered on one row (row menu, show page, quick view): `POST /<resource>/:id/<name>`. */
  single: boolean;
  /** Offered on a selection (list toolbar): `POST /<resource>/<name>` with `{ ids }`, all or nothing. */
  bulk: boolean;
  /** Ask before running it (the confirm dialog with the action's prompt). */
  confirm: boolean;
  /** A lucide icon name the web knows (see the web's action icons); none: text only. */
  icon?: 'key' | 'check' | 'copy' | 'share' | 'history' | 'unlink' | 'pause' | 'play';
  /** `danger`: a red confirm button (irreversible or far-reaching). */
  tone?: 'danger';
};

/** Words the generic routes already use under a resource: no action may take them. */
export const RESERVED_ACTION_NAMES = ['export', 'restore', 'bulk-delete', 'bulk-restore', 'add', 'edit'] as const;

/** The declared action `name` of a resource declaration, if any. */
export const actionOf = (def: { actions?: readonly ActionDef[] }, name: string): ActionDef | undefined =>
  def.actions?.find((a) => a.name === name);
