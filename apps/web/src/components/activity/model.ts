/**
 * An activity as the player shows it (issue 11's builder preview, issue 12's player): what the
 * student sees, never the answer key. `picture` is a vocabulary picture (a Noto code such as
 * `1f34e`) or an image of the gallery (its id); `audio` the id of a file.
 */
export type ShownPicture = string;

export type SentencePracticeShown = {
  kind: 'sentence';
  /** Optional instruction or context above the tiles. */
  prompt?: string | null;
  picture?: ShownPicture | null;
  audio?: string | null;
  /** The word tiles, already shuffled: the target's words and the distractors. */
  tiles: readonly string[];
};

export type MultipleChoiceShown = {
  kind: 'choice';
  question: string;
  picture?: ShownPicture | null;
  audio?: string | null;
  /** `alt` names a picture answer for a screen reader (the vocabulary word, or the image's alt text). */
  answers: readonly { text?: string | null; picture?: ShownPicture | null; alt?: string | null }[];
};

export type ShownActivity = SentencePracticeShown | MultipleChoiceShown;

/** What a student answers: the tiles in the order built, or the index of the chosen answer. */
export type ActivityAnswer = { kind: 'sentence'; words: string[] } | { kind: 'choice'; index: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A gallery image's id, or else a vocabulary picture's Noto code. */
export const isImageId = (picture: string): boolean => UUID.test(picture);

/** The words of a sentence as tiles: split on spaces, the final punctuation kept off. */
export function sentenceTiles(text: string): string[] {
  return text
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/^[¿¡"“]+|[.,!?;:"”]+$/gu, ''))
    .filter(Boolean);
}

/** Whether the built words are the target sentence (case and final punctuation aside). */
export function sameSentence(built: readonly string[], target: string): boolean {
  const want = sentenceTiles(target).map((w) => w.toLowerCase());
  return built.length === want.length && built.every((w, i) => w.toLowerCase() === want[i]);
}

/** A small seeded generator (mulberry32): the same seed shuffles the same way on every render. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);

/**
 * The tiles of a sentence practice in a shuffled order that is never the answer itself (when the
 * words allow another order), stable for the same seed.
 */
export function shuffleTiles(target: string, distractors: readonly string[], seed: string): string[] {
  const words = [...sentenceTiles(target), ...distractors.map((d) => d.trim()).filter(Boolean)];
  const next = random(hash(seed));
  for (let attempt = 0; attempt < 20; attempt++) {
    const out = [...words];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    // Not the sentence already in order at the start of the row.
    if (!sameSentence(out.slice(0, sentenceTiles(target).length), target) || new Set(words.map((w) => w.toLowerCase())).size < 2) return out;
  }
  return [...words].reverse();
}
