/**
 * Grammar facts written as data (general knowledge, DATA.md): the 12 English tenses, the parts of
 * speech with their types and closed-class items, sentence syntaxes used in language therapy, and
 * skills with measurable targets. Spanish names for the Spanish UI; examples use forms checked by
 * the conjugation test (catalogs.test.ts).
 */
export const VERB_TENSES = [
  ['Simple present', 'Presente simple', 'present', 'She plays in the park every day.', 'Habits, routines, facts and general truths.'],
  ['Present continuous', 'Presente continuo', 'present', 'She is playing in the park now.', 'Actions happening now or around now; planned near-future arrangements.'],
  ['Present perfect', 'Presente perfecto', 'present', 'She has played in the park.', 'Past actions connected to the present; experiences; changes.'],
  [
    'Present perfect continuous',
    'Presente perfecto continuo',
    'present',
    'She has been playing in the park for an hour.',
    'Actions that began in the past and continue until now.',
  ],
  ['Simple past', 'Pasado simple', 'past', 'She played in the park yesterday.', 'Finished actions at a definite time in the past.'],
  ['Past continuous', 'Pasado continuo', 'past', 'She was playing in the park when it rained.', 'Actions in progress at a moment in the past; background to another event.'],
  ['Past perfect', 'Pasado perfecto', 'past', 'She had played in the park before dinner.', 'An action finished before another past action.'],
  ['Past perfect continuous', 'Pasado perfecto continuo', 'past', 'She had been playing for an hour when we arrived.', 'Duration of an action up to a moment in the past.'],
  ['Simple future', 'Futuro simple', 'future', 'She will play in the park tomorrow.', 'Predictions, promises and decisions made at the moment of speaking.'],
  ['Future continuous', 'Futuro continuo', 'future', 'She will be playing in the park at five.', 'Actions in progress at a moment in the future.'],
  ['Future perfect', 'Futuro perfecto', 'future', 'She will have played by noon.', 'Actions completed before a moment in the future.'],
  ['Future perfect continuous', 'Futuro perfecto continuo', 'future', 'She will have been playing for two hours by noon.', 'Duration of an action up to a moment in the future.'],
] as const;

type Category = { name: string; es: string; fn: string; types: [string, string, string, number, string, string[]][] };

/** Parts of speech → types (name, Spanish, sentence syntax, complexity, used to, items). */
export const CATEGORIES: Category[] = [
  {
    name: 'Noun',
    es: 'Sustantivo',
    fn: 'Names a person, animal, place, thing or idea; works as subject or object.',
    types: [
      ['Common noun', 'Sustantivo común', 'Determiner + noun', 1, 'name everyday things', ['dog', 'ball', 'house', 'teacher']],
      ['Proper noun', 'Sustantivo propio', 'Name (capitalised)', 2, 'name particular people and places', ['Maria', 'London', 'Monday']],
      ['Plural noun', 'Sustantivo plural', 'Noun + -s / -es', 2, 'talk about more than one', ['cats', 'boxes', 'children', 'feet']],
      ['Possessive noun', 'Sustantivo posesivo', "Noun + 's", 3, 'say who owns something', ["mom's", "the dog's", "children's"]],
    ],
  },
  {
    name: 'Pronoun',
    es: 'Pronombre',
    fn: 'Replaces a noun phrase already known.',
    types: [
      ['Subject pronoun', 'Pronombre sujeto', 'Pronoun + verb', 1, 'name who does the action', ['I', 'you', 'he', 'she', 'it', 'we', 'they']],
      ['Object pronoun', 'Pronombre objeto', 'Verb + pronoun', 2, 'name who receives the action', ['me', 'you', 'him', 'her', 'it', 'us', 'them']],
      ['Possessive pronoun', 'Pronombre posesivo', 'It is + pronoun', 3, 'say who owns something without the noun', ['mine', 'yours', 'his', 'hers', 'ours', 'theirs']],
      [
        'Reflexive pronoun',
        'Pronombre reflexivo',
        'Verb + pronoun (same person)',
        4,
        'say the subject acts on itself',
        ['myself', 'yourself', 'himself', 'herself', 'ourselves', 'themselves'],
      ],
    ],
  },
  {
    name: 'Verb',
    es: 'Verbo',
    fn: 'Names an action or a state; carries tense.',
    types: [
      ['Action verb', 'Verbo de acción', 'Subject + verb', 1, 'say what someone does', ['run', 'eat', 'jump', 'draw']],
      ['Linking verb', 'Verbo copulativo', 'Subject + be + complement', 2, 'describe the subject', ['is', 'are', 'was', 'seems']],
      ['Auxiliary verb', 'Verbo auxiliar', 'Auxiliary + main verb', 3, 'build tenses, questions and negatives', ['do', 'does', 'did', 'have', 'has', 'be']],
      ['Modal verb', 'Verbo modal', 'Modal + base form', 4, 'express ability, permission or obligation', ['can', 'could', 'may', 'must', 'should', 'will']],
    ],
  },
  {
    name: 'Adjective',
    es: 'Adjetivo',
    fn: 'Describes a noun: colour, size, shape, feeling, number.',
    types: [
      ['Descriptive adjective', 'Adjetivo calificativo', 'Adjective + noun', 1, 'describe qualities', ['big', 'red', 'happy', 'soft']],
      ['Comparative adjective', 'Adjetivo comparativo', 'Adjective-er + than', 3, 'compare two things', ['bigger', 'smaller', 'more beautiful']],
      ['Superlative adjective', 'Adjetivo superlativo', 'The + adjective-est', 3, 'compare three or more things', ['biggest', 'smallest', 'most beautiful']],
    ],
  },
  {
    name: 'Adverb',
    es: 'Adverbio',
    fn: 'Tells how, when, where or how often an action happens.',
    types: [
      ['Adverb of manner', 'Adverbio de modo', 'Verb + adverb', 3, 'say how', ['quickly', 'slowly', 'carefully', 'loudly']],
      ['Adverb of time', 'Adverbio de tiempo', 'Sentence + adverb', 2, 'say when', ['now', 'today', 'yesterday', 'later']],
      ['Adverb of place', 'Adverbio de lugar', 'Verb + adverb', 2, 'say where', ['here', 'there', 'inside', 'outside']],
      ['Adverb of frequency', 'Adverbio de frecuencia', 'Subject + adverb + verb', 3, 'say how often', ['always', 'often', 'sometimes', 'never']],
    ],
  },
  {
    name: 'Preposition',
    es: 'Preposición',
    fn: 'Links a noun to the rest of the sentence: place, time, direction.',
    types: [
      ['Preposition of place', 'Preposición de lugar', 'Preposition + noun phrase', 1, 'say where something is', ['in', 'on', 'under', 'behind', 'next to', 'between']],
      ['Preposition of time', 'Preposición de tiempo', 'Preposition + time', 2, 'say when', ['at', 'on', 'in', 'before', 'after']],
      ['Preposition of direction', 'Preposición de dirección', 'Verb + preposition + noun', 2, 'say where something goes', ['to', 'into', 'out of', 'up', 'down']],
    ],
  },
  {
    name: 'Conjunction',
    es: 'Conjunción',
    fn: 'Joins words, phrases or clauses.',
    types: [
      ['Coordinating conjunction', 'Conjunción coordinante', 'Clause + conjunction + clause', 2, 'join equal parts', ['and', 'but', 'or', 'so']],
      ['Subordinating conjunction', 'Conjunción subordinante', 'Main clause + conjunction + clause', 4, 'join a dependent clause', ['because', 'when', 'if', 'after', 'before']],
    ],
  },
  {
    name: 'Determiner',
    es: 'Determinante',
    fn: 'Introduces a noun and says which or how many.',
    types: [
      ['Article', 'Artículo', 'Article + noun', 1, 'introduce a noun', ['a', 'an', 'the']],
      ['Demonstrative', 'Demostrativo', 'Demonstrative + noun', 2, 'point to something', ['this', 'that', 'these', 'those']],
      ['Possessive determiner', 'Determinante posesivo', 'Possessive + noun', 2, 'say whose', ['my', 'your', 'his', 'her', 'our', 'their']],
      ['Quantifier', 'Cuantificador', 'Quantifier + noun', 3, 'say how many or how much', ['some', 'many', 'few', 'all', 'no']],
    ],
  },
  {
    name: 'Interjection',
    es: 'Interjección',
    fn: 'Expresses a feeling or a reaction on its own.',
    types: [['Interjection', 'Interjección', 'Interjection + !', 1, 'react or greet', ['hello', 'wow', 'oops', 'ouch', 'yay']]],
  },
  {
    name: 'Question word',
    es: 'Palabra interrogativa',
    fn: 'Opens a question asking for information.',
    types: [['Wh- question word', 'Palabra interrogativa wh-', 'Wh- word + auxiliary + subject + verb?', 2, 'ask for information', ['what', 'where', 'who', 'when', 'why', 'how']]],
  },
];

/** Sentence syntaxes (formulations): name, language type, types, example. */
export const FORMULATIONS: [string, 'receptive' | 'expressive', string[], string][] = [
  ['Subject + verb', 'expressive', ['affirmative'], 'The baby sleeps.'],
  ['Subject + verb + object', 'expressive', ['affirmative'], 'The boy kicks the ball.'],
  ['Subject + be + adjective', 'expressive', ['affirmative'], 'The apple is red.'],
  ['Subject + be + noun', 'expressive', ['affirmative'], 'She is a teacher.'],
  ['Subject + be + verb-ing', 'expressive', ['affirmative'], 'The dog is running.'],
  ['Subject + verb + object + place', 'expressive', ['affirmative'], 'Mom puts the cup on the table.'],
  ['Subject + verb-ed (past)', 'expressive', ['affirmative'], 'We walked to school.'],
  ['Subject + will + verb', 'expressive', ['affirmative'], 'I will eat lunch.'],
  ['Subject + can + verb', 'expressive', ['affirmative'], 'The bird can fly.'],
  ['There is / There are + noun', 'expressive', ['affirmative'], 'There are two cats.'],
  ['Subject + verb + and + verb', 'expressive', ['affirmative'], 'He jumps and laughs.'],
  ['Clause + because + clause', 'expressive', ['affirmative'], 'I am happy because it is sunny.'],
  ['Subject + do not + verb', 'expressive', ['negative'], 'I do not like carrots.'],
  ['Subject + does not + verb', 'expressive', ['negative'], 'She does not eat meat.'],
  ['Subject + be + not + verb-ing', 'expressive', ['negative'], 'He is not sleeping.'],
  ['Subject + did not + verb', 'expressive', ['negative'], 'They did not go to the park.'],
  ['Subject + cannot + verb', 'expressive', ['negative'], 'The fish cannot walk.'],
  ['Do + subject + verb?', 'expressive', ['interrogative'], 'Do you like pizza?'],
  ['Be + subject + verb-ing?', 'expressive', ['interrogative'], 'Is the girl reading?'],
  ['What + be + subject + doing?', 'expressive', ['interrogative'], 'What is the boy doing?'],
  ['Where + be + noun?', 'expressive', ['interrogative'], 'Where is the ball?'],
  ['Who + verb + object?', 'expressive', ['interrogative'], 'Who ate the cookie?'],
  ["Don't + subject + verb?", 'expressive', ['interrogative', 'negative'], "Don't you want to play?"],
  ['Can + subject + verb?', 'expressive', ['interrogative'], 'Can I have some water?'],
  ['Follow a one-step direction', 'receptive', ['affirmative'], 'Touch your nose.'],
  ['Follow a two-step direction', 'receptive', ['affirmative'], 'Pick up the pencil and give it to me.'],
  ['Identify the picture named', 'receptive', ['affirmative'], 'Show me the dog.'],
  ['Answer a yes/no question', 'receptive', ['interrogative'], 'Is the sun hot?'],
  ['Answer a what question', 'receptive', ['interrogative'], 'What do you wear on your feet?'],
  ['Answer a where question', 'receptive', ['interrogative'], 'Where do fish live?'],
  ['Understand a negative sentence', 'receptive', ['negative'], 'Show me the boy who is not running.'],
  ['Understand a spatial concept', 'receptive', ['affirmative'], 'Put the block under the chair.'],
];

/** Skills and their targets (targets may serve several skills). */
export const SKILLS: [string, string, string, string[]][] = [
  [
    'Receptive vocabulary',
    'Vocabulario receptivo',
    'Understanding words heard.',
    ['Identifies 20 common nouns from pictures', 'Identifies 10 action verbs from pictures', 'Identifies basic colours and shapes', 'Understands spatial concepts in, on, under'],
  ],
  [
    'Expressive vocabulary',
    'Vocabulario expresivo',
    'Naming and using words.',
    ['Names 20 common nouns from pictures', 'Names 10 action verbs from pictures', 'Uses category words (animals, food, clothes)', 'Describes objects with two attributes'],
  ],
  [
    'Syntax',
    'Sintaxis',
    'Putting words in order to build sentences.',
    [
      'Produces subject + verb + object sentences',
      'Uses conjunctions and / because to join clauses',
      'Produces negative sentences with do not / does not',
      'Orders words correctly in questions',
    ],
  ],
  [
    'Morphology',
    'Morfología',
    'Word endings and grammatical markers.',
    ['Uses regular plural -s', 'Uses regular past tense -ed', 'Uses possessive -s', 'Uses present progressive -ing with is / are'],
  ],
  [
    'Verb tenses',
    'Tiempos verbales',
    'Marking time with verbs.',
    ['Uses regular past tense -ed', 'Uses irregular past tense verbs (went, ate, saw)', 'Uses future will + verb', 'Uses present progressive -ing with is / are'],
  ],
  [
    'Questions',
    'Preguntas',
    'Asking and answering questions.',
    ['Answers what / where questions', 'Answers who / when questions', 'Asks yes / no questions with do / is', 'Orders words correctly in questions'],
  ],
  [
    'Following directions',
    'Seguir instrucciones',
    'Understanding and acting on spoken instructions.',
    ['Follows one-step directions', 'Follows two-step directions', 'Understands spatial concepts in, on, under'],
  ],
  [
    'Narrative',
    'Narrativa',
    'Telling and retelling events and stories.',
    ['Retells a short story in sequence', 'Describes a picture scene in three sentences', 'Uses first / then / last to sequence events'],
  ],
  ['Pragmatics', 'Pragmática', 'Using language socially.', ['Greets and says goodbye', 'Takes turns in a conversation', 'Asks for help when needed']],
  [
    'Articulation',
    'Articulación',
    'Producing speech sounds clearly.',
    ['Produces the target sound in words', 'Produces the target sound in sentences', 'Produces the target sound in conversation'],
  ],
];
