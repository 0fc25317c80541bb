/** Seed §9: the menu's type-ahead search resets after this many milliseconds. */
export const TYPEAHEAD_RESET_MS = 350;

/**
 * Collects typed characters into a search string that starts over when the pause between two
 * keys reaches `resetMs`.
 */
export function createTypeahead(resetMs = TYPEAHEAD_RESET_MS, now: () => number = Date.now) {
  let buffer = '';
  let last = Number.NEGATIVE_INFINITY;
  return {
    push(char: string): string {
      const t = now();
      if (t - last >= resetMs) buffer = '';
      last = t;
      buffer += char.toLocaleLowerCase();
      return buffer;
    },
    reset(): void {
      buffer = '';
      last = Number.NEGATIVE_INFINITY;
    },
  };
}

/**
 * Index of the next label (after `from`, wrapping round) starting with `search`. Repeating one
 * letter ("ccc") cycles through the entries starting with that letter.
 */
export function findTypeaheadMatch(labels: readonly string[], search: string, from: number): number {
  if (!search || labels.length === 0) return -1;
  const repeated = search.length > 1 && [...search].every((c) => c === search[0]);
  const needle = repeated ? search[0]! : search;
  // A longer search keeps the current entry if it still matches; a single key moves on.
  const start = needle.length > 1 ? from : from + 1;
  for (let i = 0; i < labels.length; i += 1) {
    const index = (((start + i) % labels.length) + labels.length) % labels.length;
    if (labels[index]!.toLocaleLowerCase().startsWith(needle)) return index;
  }
  return -1;
}
