/**
 * Words of a sentence as the player's tiles will show them, and the catalog entries a word form
 * may come from (regular inflection only: irregular forms are entries of their own, in the verbs
 * catalog or the dictionary's closed-class words).
 */

/** A sentence's words, without the punctuation around them ("The girl ate an apple." → The, girl, ate, an, apple). */
export function sentenceWords(text: string): string[] {
  // The lookbehind tries trailing punctuation only where it starts: linear time (decision 005).
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|(?<![^\p{L}\p{N}])[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

export type Lemma = { word: string; as: 'noun' | 'verb' | 'any' };

/**
 * The entries a word form may be: itself, and the stems of a regular plural or third person
 * (-s, -es, -ies), past (-ed, -ied, doubled consonant, silent e) or participle (-ing).
 */
export function lemmaCandidates(form: string): Lemma[] {
  const w = form.toLowerCase();
  const out: Lemma[] = [{ word: w, as: 'any' }];
  const add = (word: string, as: Lemma['as']) => word.length > 1 && out.push({ word, as });
  if (w.endsWith('ies')) add(`${w.slice(0, -3)}y`, 'any');
  if (w.endsWith('es')) add(w.slice(0, -2), 'any');
  if (w.endsWith('s') && !w.endsWith('ss')) add(w.slice(0, -1), 'any');
  for (const [suffix] of [['ed'], ['ing']] as const) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    add(stem, 'verb');
    add(`${stem}e`, 'verb');
    if (suffix === 'ed' && stem.endsWith('i')) add(`${stem.slice(0, -1)}y`, 'verb');
    if (stem.length > 2 && stem.at(-1) === stem.at(-2)) add(stem.slice(0, -1), 'verb');
  }
  return out;
}
