/**
 * The starter library: games every account finds on the first start, two or more per
 * chapter of the starter curriculum (seed/curriculum.ts), written as data and checked by
 * starter.test.ts against the loaded catalogs: every multiple choice has exactly one correct
 * answer, every picture is a word of the vocabulary catalog (its Noto picture), and every word of a
 * sentence is in the dictionary or the verbs catalog.
 *
 * - A multiple choice answer is a vocabulary word (`pick`: its picture, with its label in the game's
 *   language) or a plain text (`say`).
 * - A sentence practice activity is its target sentence; the player splits it into word tiles and
 *   adds the distractor words. `picture` (a vocabulary word) shows what the sentence is about.
 */
export type StarterAnswer = { pick: string } | { say: string };
export type StarterChoice = { question: string; picture?: string; answers: readonly StarterAnswer[]; correct: number };
export type StarterSentence = { target: string; distractors?: readonly string[]; picture?: string };
export type StarterGame =
  | {
      name: string;
      language: 'en' | 'es';
      comment: string;
      type: 'multiple_choice_answers';
      activities: readonly StarterChoice[];
    }
  | {
      name: string;
      language: 'en' | 'es';
      comment: string;
      type: 'sentence_practice';
      activities: readonly StarterSentence[];
    };
export type StarterChapter = { level: string; chapter: string; games: readonly StarterGame[] };

const pick = (word: string): StarterAnswer => ({ pick: word });
const say = (text: string): StarterAnswer => ({ say: text });
/** A question whose answers are pictures of vocabulary words; `correct` is the index of the right one. */
const which = (question: string, words: string[], correct: number): StarterChoice => ({
  question,
  answers: words.map(pick),
  correct,
});
/** A question whose answers are words or phrases. */
const choose = (question: string, texts: string[], correct: number, picture?: string): StarterChoice => ({
  question,
  answers: texts.map(say),
  correct,
  ...(picture ? { picture } : {}),
});
const sentence = (target: string, distractors: string[] = [], picture?: string): StarterSentence => ({
  target,
  ...(distractors.length ? { distractors } : {}),
  ...(picture ? { picture } : {}),
});

export const STARTER_GAMES: readonly StarterChapter[] = [
  // Level 1: Foundations: single words.
  {
    level: 'foundations',
    chapter: 'Everyday nouns',
    games: [
      {
        name: 'Find the food',
        language: 'en',
        comment: 'Receptive vocabulary: the child hears or reads a food word and picks its picture.',
        type: 'multiple_choice_answers',
        activities: [
          which('Which one is the apple?', ['banana', 'red apple', 'bread'], 1),
          which('Which one is the banana?', ['banana', 'egg', 'pizza'], 0),
          which('Which one is the bread?', ['cookie', 'glass of milk', 'bread'], 2),
          which('Which one is the egg?', ['egg', 'carrot', 'cheese wedge'], 0),
          which('Which one is the milk?', ['grapes', 'glass of milk', 'strawberry'], 1),
          which('Which one is the cake?', ['pizza', 'sandwich', 'birthday cake', 'red apple'], 2),
        ],
      },
      {
        name: '¿Dónde está? En casa',
        language: 'es',
        comment: 'Vocabulario receptivo en español: objetos de la casa.',
        type: 'multiple_choice_answers',
        activities: [
          which('¿Cuál es la cama?', ['chair', 'bed', 'door'], 1),
          which('¿Cuál es la silla?', ['chair', 'closed book', 'teddy bear'], 0),
          which('¿Cuál es la casa?', ['bus', 'school', 'house'], 2),
          which('¿Cuál es el libro?', ['closed book', 'pencil', 'backpack'], 0),
          which('¿Cuál es la puerta?', ['bed', 'door', 'toilet'], 1),
        ],
      },
    ],
  },
  {
    level: 'foundations',
    chapter: 'Action words',
    games: [
      {
        name: 'What are they doing?',
        language: 'en',
        comment: 'Match an action word to the picture of someone doing it.',
        type: 'multiple_choice_answers',
        activities: [
          which('Who is running?', ['person swimming', 'person running', 'person biking'], 1),
          which('Who is swimming?', ['person swimming', 'person climbing', 'person walking'], 0),
          which('Who is climbing?', ['person walking', 'woman dancing', 'person climbing'], 2),
          which('Who is dancing?', ['woman dancing', 'person running', 'person biking'], 0),
          which('Who is sleeping?', ['grinning face', 'sleeping face', 'angry face'], 1),
        ],
      },
      {
        name: 'Say what they do',
        language: 'en',
        comment: 'Three-word sentences: a person and an action, in the present simple.',
        type: 'sentence_practice',
        activities: [
          sentence('The boy runs.', ['swims'], 'person running'),
          sentence('The girl swims.', ['sleeps'], 'person swimming'),
          sentence('The man walks.', ['runs'], 'person walking'),
          sentence('The woman dances.', ['eats'], 'woman dancing'),
          sentence('The baby sleeps.', ['jumps'], 'baby'),
        ],
      },
    ],
  },
  {
    level: 'foundations',
    chapter: 'Describing words',
    games: [
      {
        name: 'How do they feel?',
        language: 'en',
        comment: 'Feeling and temperature words matched to faces.',
        type: 'multiple_choice_answers',
        activities: [
          which('Which face is angry?', ['grinning face', 'angry face', 'sleeping face'], 1),
          which('Which face is tired?', ['tired face', 'hot face', 'grinning face'], 0),
          which('Which face is cold?', ['hot face', 'angry face', 'cold face'], 2),
          which('Which face is happy?', ['grinning face', 'crying face', 'cold face'], 0),
          which('Which face is sad?', ['grinning face', 'crying face', 'hot face'], 1),
        ],
      },
      {
        name: 'Describe it',
        language: 'en',
        comment: 'Short sentences with "is" and one describing word.',
        type: 'sentence_practice',
        activities: [
          sentence('The sun is hot.', ['cold'], 'sun'),
          sentence('The snowman is cold.', ['hot'], 'snowman'),
          sentence('The elephant is big.', ['small'], 'elephant'),
          sentence('The mouse is small.', ['big'], 'mouse'),
          sentence('The boy is happy.', ['sad'], 'boy'),
        ],
      },
    ],
  },
  // Level 2: Building sentences.
  {
    level: 'building-sentences',
    chapter: 'Two-word combinations',
    games: [
      {
        name: 'Words that go together',
        language: 'en',
        comment: 'Action + object pairs: choose the action that goes with the thing.',
        type: 'multiple_choice_answers',
        activities: [
          choose('Which word goes with "milk"? ___ milk', ['drink', 'sleep', 'jump'], 0, 'glass of milk'),
          choose('Which word goes with "apple"? ___ apple', ['read', 'eat', 'sing'], 1, 'red apple'),
          choose('Which word goes with "book"? ___ book', ['drink', 'swim', 'read'], 2, 'closed book'),
          choose('Which word goes with "ball"? ___ ball', ['kick', 'eat', 'sleep'], 0, 'soccer ball'),
          choose('Which word goes with "bike"? ___ bike', ['drink', 'ride', 'read'], 1, 'bicycle'),
        ],
      },
      {
        name: 'Put two words together',
        language: 'en',
        comment: 'Agent + action and action + object phrases.',
        type: 'sentence_practice',
        activities: [
          sentence('Dog runs.', ['eat'], 'dog'),
          sentence('Eat apple.', ['sleep'], 'red apple'),
          sentence('Drink milk.', ['run'], 'glass of milk'),
          sentence('Bird sings.', ['swim'], 'bird'),
          sentence('Kick ball.', ['read'], 'soccer ball'),
        ],
      },
    ],
  },
  {
    level: 'building-sentences',
    chapter: 'Subject-verb-object',
    games: [
      {
        name: 'Who does what?',
        language: 'en',
        comment: 'Subject, verb and object in the right order, with an article before each noun.',
        type: 'sentence_practice',
        activities: [
          sentence('The girl eats an apple.', ['a', 'drinks'], 'red apple'),
          sentence('The boy reads a book.', ['an', 'eats'], 'closed book'),
          sentence('The baby drinks milk.', ['reads'], 'baby bottle'),
          sentence('The man rides a bike.', ['an', 'drinks'], 'bicycle'),
          sentence('The woman bakes a cake.', ['an', 'kicks'], 'birthday cake'),
        ],
      },
      {
        name: 'At home',
        language: 'en',
        comment: 'Longer subject-verb-object sentences about a day at home.',
        type: 'sentence_practice',
        activities: [
          sentence('The cat drinks the milk.', ['eats'], 'cat'),
          sentence('Mom cooks the dinner.', ['reads'], 'woman'),
          sentence('The dog wants a cookie.', ['sleeps'], 'dog'),
          sentence('My brother washes the cup.', ['under'], 'cup with straw'),
          sentence('The children hug the teddy bear.', ['eats'], 'teddy bear'),
        ],
      },
    ],
  },
  {
    level: 'building-sentences',
    chapter: 'Pronouns he, she, they',
    games: [
      {
        name: 'He, she or they?',
        language: 'en',
        comment: 'Choose the subject pronoun for the person or people in the sentence.',
        type: 'multiple_choice_answers',
        activities: [
          choose('The girl is happy. ___ is happy.', ['He', 'She', 'They'], 1, 'girl'),
          choose('The boy runs. ___ runs.', ['He', 'She', 'They'], 0, 'boy'),
          choose('The children play. ___ play.', ['He', 'She', 'They'], 2, 'boy'),
          choose('Mom cooks. ___ cooks.', ['They', 'He', 'She'], 2, 'woman'),
          choose('The man and the woman dance. ___ dance.', ['They', 'He', 'She'], 0, 'woman dancing'),
        ],
      },
      {
        name: 'Sentences with he, she and they',
        language: 'en',
        comment: 'Build sentences that start with a subject pronoun.',
        type: 'sentence_practice',
        activities: [
          sentence('She reads a book.', ['he'], 'girl'),
          sentence('He kicks the ball.', ['she'], 'soccer ball'),
          sentence('They play with the dog.', ['she'], 'dog'),
          sentence('She rides her bike.', ['his'], 'bicycle'),
          sentence('They eat pizza for lunch.', ['he'], 'pizza'),
        ],
      },
    ],
  },
  {
    level: 'building-sentences',
    chapter: 'Plurals',
    games: [
      {
        name: 'One or more?',
        language: 'en',
        comment: 'Regular -s plurals and frequent irregular plurals.',
        type: 'multiple_choice_answers',
        activities: [
          choose('One dog, two ___.', ['dog', 'dogs', 'doges'], 1, 'dog'),
          choose('One cat, three ___.', ['cats', 'cat', 'cates'], 0, 'cat'),
          choose('One child, many ___.', ['childs', 'child', 'children'], 2, 'boy'),
          choose('One mouse, two ___.', ['mouses', 'mice', 'mouse'], 1, 'mouse'),
          choose('One foot, two ___.', ['feet', 'foots', 'feets'], 0),
        ],
      },
      {
        name: 'Many things',
        language: 'en',
        comment: 'Sentences with a plural subject and a verb that agrees with it.',
        type: 'sentence_practice',
        activities: [
          sentence('The cats sleep.', ['sleeps'], 'cat'),
          sentence('Two birds sing.', ['bird'], 'bird'),
          sentence('The children play outside.', ['child'], 'boy'),
          sentence('Three apples are red.', ['is'], 'red apple'),
          sentence('The men carry the boxes.', ['man'], 'man'),
        ],
      },
    ],
  },
  // Level 3: Telling what happened.
  {
    level: 'telling-what-happened',
    chapter: 'Regular past tense',
    games: [
      {
        name: 'Yesterday I…',
        language: 'en',
        comment: 'Choose the -ed past form after "yesterday".',
        type: 'multiple_choice_answers',
        activities: [
          choose('Yesterday I ___ soccer.', ['play', 'played', 'playing'], 1, 'soccer ball'),
          choose('Yesterday she ___ to school.', ['walked', 'walk', 'walking'], 0, 'school'),
          choose('Yesterday we ___ a cake.', ['bake', 'bakes', 'baked'], 2, 'birthday cake'),
          choose('Yesterday the dog ___ over the box.', ['jumps', 'jumped', 'jump'], 1, 'dog'),
          choose('Yesterday they ___ in the pool.', ['swim', 'swims', 'swam'], 2, 'person swimming'),
        ],
      },
      {
        name: 'What happened yesterday',
        language: 'en',
        comment: 'Build sentences with regular past tense verbs.',
        type: 'sentence_practice',
        activities: [
          sentence('Yesterday she walked to school.', ['walks'], 'school'),
          sentence('He played with the ball.', ['plays'], 'soccer ball'),
          sentence('They cooked dinner together.', ['cook'], 'green salad'),
          sentence('The frog jumped into the pond.', ['jumps'], 'frog'),
          sentence('We watched a movie.', ['watch'], 'popcorn'),
        ],
      },
    ],
  },
  {
    level: 'telling-what-happened',
    chapter: 'Irregular past tense',
    games: [
      {
        name: 'Today and yesterday',
        language: 'en',
        comment: 'Frequent irregular past forms (ate, went, saw, drank, ran).',
        type: 'multiple_choice_answers',
        activities: [
          choose('Today I eat. Yesterday I ___.', ['eated', 'ate', 'eat'], 1, 'red apple'),
          choose('Today I go. Yesterday I ___.', ['went', 'goed', 'go'], 0, 'bus'),
          choose('Today I see. Yesterday I ___.', ['seed', 'see', 'saw'], 2, 'bird'),
          choose('Today I drink. Yesterday I ___.', ['drinked', 'drank', 'drink'], 1, 'glass of milk'),
          choose('Today I run. Yesterday I ___.', ['ran', 'runned', 'run'], 0, 'person running'),
        ],
      },
      {
        name: 'The girl ate an apple',
        language: 'en',
        comment: 'Build sentences with irregular past tense verbs.',
        type: 'sentence_practice',
        activities: [
          sentence('The girl ate an apple.', ['eated'], 'red apple'),
          sentence('He went home.', ['goed'], 'house'),
          sentence('We saw a big bird.', ['seed'], 'bird'),
          sentence('She drank the milk.', ['drinked'], 'glass of milk'),
          sentence('They ran to the park.', ['runned'], 'person running'),
        ],
      },
    ],
  },
  {
    level: 'telling-what-happened',
    chapter: 'First, next, last',
    games: [
      {
        name: 'What comes first?',
        language: 'en',
        comment: 'Order the steps of everyday routines.',
        type: 'multiple_choice_answers',
        activities: [
          choose(
            'To brush your teeth, what comes first?',
            ['Rinse your mouth.', 'Put toothpaste on the brush.', 'Go to bed.'],
            1,
            'toothbrush',
          ),
          choose(
            'To make a sandwich, what comes last?',
            ['Eat the sandwich.', 'Get the bread.', 'Put cheese on the bread.'],
            0,
            'sandwich',
          ),
          choose(
            'To take a bath, what comes first?',
            ['Dry your body.', 'Put on your pajamas.', 'Fill the tub with water.'],
            2,
            'bathtub',
          ),
          choose(
            'To plant a flower, what comes next after digging a hole?',
            ['Put the seed in the hole.', 'Pick the flower.', 'Eat the seed.'],
            0,
            'sunflower',
          ),
          choose(
            'To go to school, what comes first?',
            ['Get on the bus.', 'Wake up.', 'Sit at your desk.'],
            1,
            'school',
          ),
        ],
      },
      {
        name: 'First, next, last',
        language: 'en',
        comment: 'Sentences that tell the steps of a story in order.',
        type: 'sentence_practice',
        activities: [
          sentence('First I wash my hands.', ['last'], 'soap'),
          sentence('Next I eat my lunch.', ['first'], 'sandwich'),
          sentence('Last I brush my teeth.', ['next'], 'toothbrush'),
          sentence('First the boy put on his shoes.', ['last'], 'running shoe'),
          sentence('Then he ran to the bus.', ['first'], 'bus'),
        ],
      },
    ],
  },
];
