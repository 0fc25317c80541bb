import { packageJson } from '../../../lib/package-json';
import { pictureFor } from '../../../modules/pictures/pictures';

type Emoji = { label: string; hexcode: string; group?: number; subgroup?: number };
type Message = { key: string; message: string; order: number };

/** Emoji groups that picture things a child names (no symbols, flags or skin-tone components). */
const GROUPS = new Set([
  'smileys-emotion',
  'people-body',
  'animals-nature',
  'food-drink',
  'travel-places',
  'activities',
  'objects',
]);
/** Subgroups of those groups that are not vocabulary. */
const SKIPPED_SUBGROUPS = new Set([
  'skin-tone',
  'hair-style',
  'person-symbol',
  'face-costume',
  'hand-fingers-partial',
  'hand-single-finger',
  'hand-prop',
]);

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export type TopicTypeSeed = { key: string; name: string; name_es: string; description: string };
export type TopicSeed = { key: string; type: string; name: string; name_es: string; picture: string | null };
export type VocabularySeed = { word: string; word_es: string | null; topic: string; picture: string | null };

/**
 * Topic types (emoji groups), topics (their subgroups) and vocabulary (the emojis), with the English
 * and Spanish labels of emojibase and a picture each that the app renders itself (Noto emoji).
 */
export function buildEmojiCatalogs(): { types: TopicTypeSeed[]; topics: TopicSeed[]; vocabulary: VocabularySeed[] } {
  type Messages = { groups: Message[]; subgroups: Message[] };
  const enData = packageJson<Emoji[]>('emojibase-data/en/data.json');
  const esData = packageJson<Emoji[]>('emojibase-data/es/data.json');
  const enMessages = packageJson<Messages>('emojibase-data/en/messages.json');
  const esMessages = packageJson<Messages>('emojibase-data/es/messages.json');
  const groupsEn = enMessages.groups;
  const groupsEs = new Map(esMessages.groups.map((g) => [g.order, g.message]));
  const subEn = enMessages.subgroups;
  const subEs = new Map(esMessages.subgroups.map((g) => [g.order, g.message]));
  const spanish = new Map(esData.map((e) => [e.hexcode, e.label]));
  const types = groupsEn
    .filter((g) => GROUPS.has(g.key))
    .map((g) => ({
      key: g.key,
      name: capital(g.message),
      name_es: capital(groupsEs.get(g.order) ?? g.message),
      description: `Pictures of ${g.message}`,
    }));
  const groupOf = new Map<number, string>();
  const vocabulary: VocabularySeed[] = [];
  const firstPicture = new Map<number, string>();
  for (const e of enData) {
    if (e.group === undefined || e.subgroup === undefined) continue;
    const group = groupsEn.find((g) => g.order === e.group);
    const sub = subEn.find((s) => s.order === e.subgroup);
    if (!group || !sub || !GROUPS.has(group.key) || SKIPPED_SUBGROUPS.has(sub.key)) continue;
    if (e.label.includes(':')) continue; // variants such as "man: red hair"
    const picture = pictureFor(e.hexcode) ? e.hexcode.toLowerCase() : null;
    if (!picture) continue;
    groupOf.set(e.subgroup, group.key);
    if (!firstPicture.has(e.subgroup)) firstPicture.set(e.subgroup, picture);
    vocabulary.push({
      word: e.label.toLowerCase(),
      word_es: spanish.get(e.hexcode)?.toLowerCase() ?? null,
      topic: sub.key,
      picture,
    });
  }
  const seen = new Set<string>();
  const topics: TopicSeed[] = [];
  for (const s of subEn) {
    const type = groupOf.get(s.order);
    if (!type) continue;
    // Subgroup names repeat across groups ("other"); the key keeps them unique.
    const name = seen.has(s.message) ? capital(s.key.replace(/-/g, ' ')) : capital(s.message);
    seen.add(s.message);
    topics.push({
      key: s.key,
      type,
      name,
      name_es: capital(subEs.get(s.order) ?? s.message),
      picture: firstPicture.get(s.order) ?? null,
    });
  }
  return { types, topics, vocabulary };
}
