/**
 * An activity as the player shows it (the builder's preview, the player): what the
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

/**
 * The tiles, whether a sentence is right, and their shuffle are the server's rules
 * (`@habla/shared/play`): the builder's preview agrees with what the player scores.
 */
export { sameSentence, shuffleTiles } from '@habla/shared/play';
export { sentenceWords as sentenceTiles } from '@habla/shared/resources/games';
