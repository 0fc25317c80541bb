import type { WordAnalysis } from './english';
import type { PartOfSpeech, VerbForm } from './grammar';

/**
 * Spanish words without a `%mor` tier. The catalogs are English, so this reads Spanish through its
 * closed classes (articles, pronouns, prepositions…), the forms of the auxiliaries and the
 * frequent verbs, and verb endings. Morphemes follow CLAN's families as its Spanish `%mor` shows
 * them: a word is one morpheme plus one for a plural (perros, muchos, grandes); articles and
 * pronouns carry number fused (los, ellos: one), and verb inflection is fused too.
 */

const words = (s: string) => new Set(s.split(' '));

const ARTICLES = words('el la lo los las un una unos unas');
const DETERMINERS = words(
  'este esta esto estos estas ese esa eso esos esas aquel aquella aquellos aquellas mi mis tu tus su sus nuestro nuestra nuestros nuestras mucho mucha muchos muchas poco poca pocos pocas otro otra otros otras todo toda todos todas cada algún alguna algunos algunas ningún ninguna dos tres cuatro cinco seis siete ocho nueve diez uno',
);
const PRONOUNS = words(
  'yo tú tu él ella ello nosotros nosotras vosotros vosotras ellos ellas usted ustedes me te se nos os le les lo la los las mí ti sí conmigo contigo eso esto aquello alguien nadie algo nada quién quiénes qué cuál cuáles',
);
const PREPOSITIONS = words('a al ante bajo con contra de del desde en entre hacia hasta para por según sin sobre tras');
const CONJUNCTIONS = words('y e o u pero ni que porque pues si sino aunque cuando como mientras');
const INTERJECTIONS = words('ay oh ah eh hala hola adiós mira sí vale bueno uy ea jo olé bravo gracias');
const ADVERBS = words(
  'no sí ya más menos muy bien mal aquí allí ahí acá allá ahora luego después antes siempre nunca también tampoco hoy mañana ayer todavía aún casi así entonces dónde donde cómo cuándo cuánto arriba abajo dentro fuera cerca lejos solo sólo otra_vez',
);
const NEGATIONS = words('no nunca nada nadie ningún ninguna ninguno tampoco jamás ni');

/** A plural article or determiner announces a plural noun or adjective after it. */
const PLURAL_BEFORE = words(
  'los las unos unas mis tus sus estos estas esos esas aquellos aquellas muchos muchas pocos pocas otros otras todos todas algunos algunas dos tres cuatro cinco seis siete ocho nueve diez nuestros nuestras',
);
/** Words ending in -s that are not plurals. */
const SINGULAR_S = words(
  'más menos después antes tres seis dios lunes martes miércoles jueves viernes mes país autobús anís adiós atrás detrás además jamás quizás tos gas lápiz virus crisis tenis paraguas entonces apenas',
);

const ESTAR: Record<string, 'present' | 'past' | 'future'> = {
  estoy: 'present',
  estás: 'present',
  está: 'present',
  estamos: 'present',
  estáis: 'present',
  están: 'present',
  estaba: 'past',
  estabas: 'past',
  estábamos: 'past',
  estaban: 'past',
  estuve: 'past',
  estuvo: 'past',
  estaré: 'future',
  estarás: 'future',
  estará: 'future',
  estaremos: 'future',
  estarán: 'future',
};
const HABER: Record<string, 'present' | 'past' | 'future'> = {
  he: 'present',
  has: 'present',
  ha: 'present',
  hemos: 'present',
  habéis: 'present',
  han: 'present',
  había: 'past',
  habías: 'past',
  habíamos: 'past',
  habían: 'past',
  habré: 'future',
  habrás: 'future',
  habrá: 'future',
  habremos: 'future',
  habrán: 'future',
};
const IR_PRESENT = words('voy vas va vamos vais van');
/** Frequent verb forms whose ending does not tell them: present and past of ser, ir, tener, hacer… */
const PRESENT = words(
  'es soy eres somos son hay tengo tienes tiene tenemos tienen quiero quieres quiere queremos quieren puedo puedes puede podemos pueden sé sabes sabe hago haces hace dice digo dices pongo pone gusta gustan veo ves ve viene vengo vienes come como comes duerme juega juego juegas mira miro cae llora toca sale salgo pasa',
);
const PAST = words(
  'fue fui fuiste fueron era eras éramos eran tuvo tuve hizo hice dijo dije puso puse vino vine vio vi pudo pude quiso supo dio di cayó hubo',
);

/** Short or irregular futures the endings do not catch. */
const FUTURE = words(
  'iré irás irá iremos irán haré harás hará haremos harán tendré tendrás tendrá podré podrás podrá diré dirás dirá saldré vendré pondré querré sabré seré serás será',
);

function stripForm(word: string): string {
  return word
    .replace(/@[\s\S]*/, '')
    .replace(/[+_]/g, ' ')
    .replace(/:/g, '')
    .trim()
    .toLowerCase();
}

function verbForm(w: string, previous: string | undefined): VerbForm | null {
  if (w in ESTAR) return { kind: 'be', time: ESTAR[w]! };
  if (w in HABER && !(w === 'ha' && previous === undefined)) return { kind: 'have', time: HABER[w]! };
  if (IR_PRESENT.has(w)) return { kind: 'going', alone: 'simple_present' };
  if (PRESENT.has(w)) return { kind: 'verb', form: 'present' };
  if (PAST.has(w)) return { kind: 'verb', form: 'past' };
  if (FUTURE.has(w)) return { kind: 'verb', form: 'future' };
  if (
    ADVERBS.has(w) ||
    PRONOUNS.has(w) ||
    DETERMINERS.has(w) ||
    PREPOSITIONS.has(w) ||
    CONJUNCTIONS.has(w) ||
    INTERJECTIONS.has(w)
  )
    return null;
  if (w.length > 4 && /(ando|iendo|yendo)$/.test(w)) return { kind: 'verb', form: 'gerund' };
  if (w.length > 4 && /(ado|ido|ada|ida|cho|sto)$/.test(w) && previous !== undefined && previous in HABER)
    return { kind: 'verb', form: 'participle' };
  if (
    w.length > 3 &&
    /(ar|er|ir)$/.test(w) &&
    previous !== undefined &&
    (PREPOSITIONS.has(previous) || IR_PRESENT.has(previous))
  )
    return { kind: 'verb', form: 'infinitive' };
  if (w.length > 4 && /(aré|arás|ará|aremos|arán|eré|erás|erá|eremos|erán|iré|irás|irá|iremos|irán)$/.test(w))
    return { kind: 'verb', form: 'future' };
  if (w.length > 3 && /(ó|aron|ieron|aste|iste)$/.test(w)) return { kind: 'verb', form: 'past' };
  // First person preterite: comí, subí, canté (not bebé, café, papá).
  if (w.length > 3 && /[^aeiou]í$/.test(w)) return { kind: 'verb', form: 'past' };
  if (w.length > 4 && /[^aeiou]é$/.test(w) && !/^(bebé|café|puré|chalé|josé|bidé)$/.test(w))
    return { kind: 'verb', form: 'past' };
  if (w.length > 4 && /(aba|abas|ábamos|aban|ía|ías|íamos|ían)$/.test(w) && !/^(día|tía|mía|tuya|suya)$/.test(w))
    return { kind: 'verb', form: 'past' };
  return null;
}

/** Numbers and the pronouns whose number is their stem: one morpheme (CLAN's `det:num|dos`). */
const UNMARKED = words('dos tres seis nos os nosotros nosotras vosotros vosotras');

function isPlural(w: string, previous: string | undefined, form: VerbForm | null, original: string): boolean {
  // A name (Luis, Carlos) is no plural.
  if (/^\p{Lu}/u.test(original)) return false;
  if (form || !w.endsWith('s') || w.length < 3 || SINGULAR_S.has(w) || UNMARKED.has(w)) return false;
  // Articles, determiners and pronouns carry a plural like nouns (CLAN's `det:art|el&MASC-PL`, `pro:per|le-PL`).
  if (ARTICLES.has(w) || DETERMINERS.has(w) || PRONOUNS.has(w)) return true;
  if (PREPOSITIONS.has(w) || CONJUNCTIONS.has(w) || ADVERBS.has(w)) return false;
  if (previous !== undefined && PLURAL_BEFORE.has(previous)) return true;
  if (previous !== undefined && (PRONOUNS.has(previous) || previous === 'no')) return false;
  // Second person singular and first person plural of verbs: tienes, quieres, vamos.
  if (/(mos|áis|éis)$/.test(w)) return false;
  return true;
}

function posOf(w: string, form: VerbForm | null, original: string, previous: string | undefined): PartOfSpeech {
  if (form) return 'verb';
  if (ARTICLES.has(w))
    return previous !== undefined && !PREPOSITIONS.has(previous) && /^(lo|la|los|las)$/.test(w)
      ? 'pronoun'
      : 'determiner';
  if (DETERMINERS.has(w)) return 'determiner';
  if (PRONOUNS.has(w)) return 'pronoun';
  if (PREPOSITIONS.has(w)) return 'preposition';
  if (CONJUNCTIONS.has(w)) return 'conjunction';
  if (INTERJECTIONS.has(w)) return 'interjection';
  if (ADVERBS.has(w) || /mente$/.test(w)) return 'adverb';
  if (/^\p{Lu}/u.test(original)) return 'noun';
  if (previous !== undefined && (ARTICLES.has(previous) || DETERMINERS.has(previous))) return 'noun';
  return 'other';
}

/** One Spanish word of the main tier: morphemes, part of speech and verb forms. */
export function spanishWord(word: string, previous: string | undefined): WordAnalysis {
  const w = stripForm(word);
  if (w.includes(' ')) return { morphemes: 1, pos: 'noun', forms: [] };
  const prev = previous === undefined ? undefined : stripForm(previous);
  const form = verbForm(w, prev);
  return {
    morphemes: isPlural(w, prev, form, word) ? 2 : 1,
    pos: posOf(w, form, word.replace(/@[\s\S]*/, ''), prev),
    forms: form ? [form] : [],
  };
}

export function spanishNegation(ws: string[]): boolean {
  return ws.some((w) => NEGATIONS.has(stripForm(w)));
}
