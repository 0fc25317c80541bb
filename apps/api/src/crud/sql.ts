import { sql, type SQL } from 'drizzle-orm';

/** Positional parameters for one hand-built statement: `p.add(v)` returns `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Quote an identifier. Only names from the resource declarations reach SQL this way (never
 * request text), but quoting keeps reserved words such as "order" working.
 */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Escape LIKE wildcards so a search for `50%` finds the text `50%`. */
export const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A hand-built condition (text with `$n` placeholders from SqlParams, and their values) as a Drizzle
 * fragment, so a scope written for the engine also filters a Drizzle query; the values stay bound
 * parameters. The text is the server's own, never a request's.
 */
export function drizzleSql(text: string, values: readonly unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  return sql.join(pieces.map((piece, i) => (i % 2 ? sql`${values[Number(piece) - 1]}` : sql.raw(piece))));
}
