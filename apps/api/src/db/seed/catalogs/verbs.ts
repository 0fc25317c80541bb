import { packageJson } from '../../../lib/package-json';
import type { VerbFrequency } from './wordnet';

export type VerbRow = {
  base_form: string;
  past_simple: string;
  past_participle: string;
  type: 'regular' | 'irregular';
  semantic_complexity: number;
};

const irregularData = () => packageJson<Record<string, string[][]>>('english-verbs-irregular/dist/verbs.json');
/** Gerunds that are not base + "ing" (prefer → preferring): their doubled consonant doubles the past too. */
const gerunds = () => packageJson<Record<string, string>>('english-verbs-gerunds/dist/gerunds.json');

/**
 * english-verbs-irregular mixes 363 irregular verbs with 206 regular ones it lists only for their
 * consonant doubling (`stop → stopped`). Six irregular verbs (bet, fit, input, knit, slit, wet) appear
 * there with their doubled variant only; their unchanged past is added in front.
 */
const UNCHANGED_PAST = new Set(['bet', 'fit', 'input', 'knit', 'slit', 'wet']);

/** Past of a regular verb by the spelling rules (doubling comes from the package's list). */
export function regularPast(base: string): string {
  const doubling = irregularData()[base]?.[0]?.[0];
  if (doubling && isDoubling(base, doubling)) return doubling;
  if (gerunds()[base] === `${base}${base.at(-1)}ing`) return `${base}${base.at(-1)}ed`;
  if (base.endsWith('e')) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  if (/[^aeiou]ic$/.test(base)) return `${base}ked`;
  return `${base}ed`;
}

/** The package's regular entries are exactly the doubled ones (stop → stopped, panic → panicked). */
function isDoubling(base: string, form: string): boolean {
  return form === `${base}${base.at(-1)}ed` || form === `${base}ked`;
}

/** Forms joined as editors write them: "dreamed / dreamt". */
const join = (forms: string[]) => [...new Set(forms)].join(' / ');

/** Semantic complexity 1 (most frequent) … 5 (rarest) by rank in a frequency-ordered list. */
const complexity = (rank: number, total: number) => Math.min(5, 1 + Math.floor((rank / total) * 5));

/**
 * All irregular verbs of the package, and the `regularCount` most frequent regular single-word verbs
 * of WordNet (by sense-tagged frequency), with their past forms.
 */
export function buildVerbs(frequency: VerbFrequency[], regularCount = 400): VerbRow[] {
  const tagged = new Map(frequency.map((f) => [f.lemma, f.tagged]));
  const irregular = Object.entries(irregularData())
    .filter(
      ([base, forms]) =>
        UNCHANGED_PAST.has(base) || !forms.every(([p, pp]) => isDoubling(base, p!) && isDoubling(base, pp!)),
    )
    .map(([base, forms]) => {
      const pasts = forms.map((f) => f[0]!);
      const participles = forms.map((f) => f[1]!);
      if (UNCHANGED_PAST.has(base)) {
        pasts.unshift(base);
        participles.unshift(base);
      }
      return { base, past: join(pasts), participle: join(participles), tagged: tagged.get(base) ?? 0 };
    })
    .sort((a, b) => b.tagged - a.tagged);
  const irregularSet = new Set(irregular.map((v) => v.base));
  const regular = frequency
    .filter((f) => !irregularSet.has(f.lemma) && /^[a-z]{2,}$/.test(f.lemma) && f.tagged > 0)
    .sort((a, b) => b.tagged - a.tagged || a.lemma.localeCompare(b.lemma))
    .slice(0, regularCount);
  return [
    ...irregular.map((v, i) => ({
      base_form: v.base,
      past_simple: v.past,
      past_participle: v.participle,
      type: 'irregular' as const,
      semantic_complexity: complexity(i, irregular.length),
    })),
    ...regular.map((v, i) => {
      const past = regularPast(v.lemma);
      return {
        base_form: v.lemma,
        past_simple: past,
        past_participle: past,
        type: 'regular' as const,
        semantic_complexity: complexity(i, regular.length),
      };
    }),
  ];
}
