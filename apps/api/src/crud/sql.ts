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
