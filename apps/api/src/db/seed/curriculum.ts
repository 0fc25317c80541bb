/**
 * The starter curriculum (docs/product.md §4), loaded with the reference data by starter/index.ts:
 * levels in order, each with its chapters at positions 1..n; `goals` picks the catalog's targets
 * whose names match.
 */
export const LEVELS: {
  name: string;
  slug: string;
  notes: string;
  chapters: { name: string; notes: string; goals: string }[];
}[] = [
  {
    name: 'Foundations: single words',
    slug: 'foundations',
    notes: 'Early expressive vocabulary and naming for children who mostly use single words.',
    chapters: [
      { name: 'Everyday nouns', notes: 'Name familiar objects at home and at school from pictures.', goals: 'noun' },
      { name: 'Action words', notes: 'Label common actions (eat, run, sleep) in pictures and play.', goals: 'verb' },
      {
        name: 'Describing words',
        notes: 'Use size, colour and feeling words to describe a picture.',
        goals: 'adjective',
      },
    ],
  },
  {
    name: 'Building sentences',
    slug: 'building-sentences',
    notes: 'Combine words into short subject-verb-object sentences with correct word order.',
    chapters: [
      {
        name: 'Two-word combinations',
        notes: 'Agent + action and action + object phrases ("dog runs", "eat apple").',
        goals: 'phrase',
      },
      { name: 'Subject-verb-object', notes: 'Complete simple SVO sentences about pictured scenes.', goals: 'sentence' },
      {
        name: 'Pronouns he, she, they',
        notes: 'Choose the right subject pronoun for the person in the picture.',
        goals: 'pronoun',
      },
      { name: 'Plurals', notes: 'Mark plural nouns with -s and common irregular forms.', goals: 'plural' },
    ],
  },
  {
    name: 'Telling what happened',
    slug: 'telling-what-happened',
    notes: 'Past tense and sequencing to retell short personal and picture-based stories.',
    chapters: [
      { name: 'Regular past tense', notes: 'Use -ed verbs to say what someone did yesterday.', goals: 'past' },
      {
        name: 'Irregular past tense',
        notes: 'Practise frequent irregular verbs (went, ate, saw).',
        goals: 'irregular',
      },
      {
        name: 'First, next, last',
        notes: 'Retell a three-picture story in order with sequence words.',
        goals: 'sequenc',
      },
    ],
  },
];
