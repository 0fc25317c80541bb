import { TIER_NAME, TRANSCRIPT_LIMITS } from '@habla/shared';

/**
 * A transcript in and out of the two formats therapists use: CHAT (`.cha`, TalkBank's
 * format, read by CLAN) and plain text (`SPEAKER: words .` per line). The editor works on
 * utterances: who said it (the student, the therapist, someone else), the words with their CHAT /
 * SALT marks as typed, and the time in the recording when known. Importing keeps what the editor does
 * not show (CHAT's dependent tiers such as %mor, headers and comments between utterances), so that
 * exporting gives it back: a CHAT import → export → import keeps every utterance (transcript-
 * formats.test.ts, on a real CHILDES transcript).
 *
 * Both readers take time in proportion to the text, whatever it holds (decision 005, "Text readers
 * in linear time"): lines are taken apart by position, and what regular expressions remain are
 * anchored or cannot backtrack (the lint's `regexp/no-super-linear-*` rules hold them to it).
 */

export type Speaker = 'student' | 'therapist' | 'other';

export type TranscriptUtterance = {
  speaker: Speaker;
  /** The CHAT speaker code (CHI, MOT, INV…). */
  code: string;
  /** The words, CHAT / SALT marks included, as on the main tier. */
  text: string;
  startMs: number | null;
  endMs: number | null;
  /** Dependent tiers by name (`mor` → its text). */
  tiers: Record<string, string>;
  /** Header lines (comments, gems, tape locations) that came just before it, as they were. */
  before: string[];
};

export type Participant = { code: string; name: string | null; role: string };

export type Transcript = {
  /** ISO 639-3, as CHAT writes them (`eng`, `spa`). */
  languages: string[];
  participants: Participant[];
  /** Header lines other than @UTF8, @Begin, @Languages, @Participants and @ID, as they were. */
  headers: string[];
  /** @ID lines by speaker code, as they were. */
  ids: Record<string, string>;
  utterances: TranscriptUtterance[];
  /** Header lines after the last utterance (before @End). */
  after: string[];
};

/** A line the reader cannot take, by its number (1-based), a message key and the numbers the message names. */
export class TranscriptFormatError extends Error {
  constructor(
    readonly line: number,
    readonly key: string,
    detail: string,
    readonly params: Record<string, number> = {},
  ) {
    super(`line ${line}: ${detail}`);
    this.name = 'TranscriptFormatError';
  }
}

const THERAPIST_ROLES = new Set([
  'investigator',
  'therapist',
  'clinician',
  'teacher',
  'examiner',
  'interviewer',
  'experimenter',
]);

/** Who a participant is in the editor: the target child is the student; a clinician-like role is the therapist. */
export function speakerOf(p: Pick<Participant, 'code' | 'role'>): Speaker {
  const role = p.role.toLowerCase();
  if (role === 'target_child' || p.code === 'CHI') return 'student';
  if (THERAPIST_ROLES.has(role)) return 'therapist';
  return 'other';
}

/** A time bullet: NAK (U+0015, CHAT's bullet character), start_end in milliseconds, NAK. */
const NAK = String.fromCharCode(0x15);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (c: string) => /\s/.test(c);

/**
 * The first time bullet of a main tier, with the spaces before it (what `\s*NAK(\d+)_(\d+)NAK` found,
 * found by position: that expression took quadratic time on a long run of spaces). Each NAK is tried
 * once and the digits after it read once, so the whole line is read once.
 */
function findBullet(text: string): { from: number; to: number; start: string; end: string } | null {
  for (let at = text.indexOf(NAK); at >= 0; at = text.indexOf(NAK, at + 1)) {
    let i = at + 1;
    const startAt = i;
    while (i < text.length && isDigit(text.charCodeAt(i))) i++;
    if (i === startAt || text[i] !== '_') continue;
    const endAt = ++i;
    while (i < text.length && isDigit(text.charCodeAt(i))) i++;
    if (i === endAt || text[i] !== NAK) continue;
    let from = at;
    while (from > 0 && isSpace(text[from - 1]!)) from--;
    return { from, to: i + 1, start: text.slice(startAt, endAt - 1), end: text.slice(endAt, i) };
  }
  return null;
}

/** A bullet's time in milliseconds, or null past what a recording's time column holds (`TRANSCRIPT_LIMITS.timeMs`). */
function bulletTime(digits: string): number | null {
  // More digits than the limit has cannot be within it (and are not worth converting).
  if (digits.length > String(TRANSCRIPT_LIMITS.timeMs).length) return null;
  const ms = Number(digits);
  return ms <= TRANSCRIPT_LIMITS.timeMs ? ms : null;
}

/** A main or dependent tier (`*CHI:\twords`, `%mor:\titems`) taken apart, or null when the line is neither. */
function readTier(text: string): { kind: '*' | '%'; code: string; rest: string } | null {
  const kind = text[0];
  if (kind !== '*' && kind !== '%') return null;
  const colon = text.indexOf(':');
  const code = colon > 1 ? text.slice(1, colon) : '';
  if (!/^[A-Za-z0-9_]+$/.test(code)) return null;
  const rest = text.slice(colon + 1).replace(/^\s+/, '');
  // The text runs to the end of the line: a lone CR or a Unicode line separator in it is no tier.
  if (/[\r\u2028\u2029]/.test(rest)) return null;
  return { kind, code, rest };
}

/**
 * What a reader refuses besides malformed lines. `saved`: the limits of a saved transcript
 * (`TRANSCRIPT_LIMITS`, the editor's save contract), for a file that becomes a recording's transcript.
 * An analysed sample is not stored utterance by utterance and takes any length.
 */
export type ReadOptions = { limits?: 'saved' };

function parseParticipants(value: string, line: number): Participant[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const words = entry.split(/\s+/);
      if (words.length < 2 || !/^[A-Za-z0-9_]{2,7}$/.test(words[0]!))
        throw new TranscriptFormatError(
          line,
          'transcripts.errors.participants',
          `cannot read the participant “${entry}”`,
        );
      return { code: words[0]!, name: words.length > 2 ? words.slice(1, -1).join(' ') : null, role: words.at(-1)! };
    });
}

/** Read a CHAT transcript. Malformed lines fail with their number. */
export function parseChat(source: string, options: ReadOptions = {}): Transcript {
  const saved = options.limits === 'saved';
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  // Continuation lines (starting with a tab) belong to the line before them, joined by a space
  // (collected and joined once: a string grown by one line at a time is costly to read back).
  const logical: { parts: string[]; line: number }[] = [];
  lines.forEach((text, i) => {
    if (text.startsWith('\t') && logical.length) logical[logical.length - 1]!.parts.push(text.trim());
    else if (text.trim() !== '') logical.push({ parts: [text], line: i + 1 });
  });
  const t: Transcript = { languages: [], participants: [], headers: [], ids: {}, utterances: [], after: [] };
  // Participants by code (the first of a code wins), so that each utterance finds its speaker at once.
  let speakers = new Map<string, Participant>();
  let begun = false;
  let ended = false;
  let pending: string[] = [];
  let pendingLines: number[] = [];
  for (const { parts, line } of logical) {
    const text = parts.join(' ');
    if (ended) throw new TranscriptFormatError(line, 'transcripts.errors.afterEnd', 'text after @End');
    if (text.startsWith('@')) {
      const [name, ...rest] = text.split(':');
      const value = rest.join(':').replace(/^\s+/, '');
      if (name === '@UTF8' || name === '@Font' || name === '@Window') continue;
      if (name === '@Begin') {
        begun = true;
        continue;
      }
      if (!begun) {
        // @PID and the like may come before @Begin.
        t.headers.push(text);
        continue;
      }
      if (name === '@End') {
        ended = true;
        continue;
      }
      if (name === '@Languages') t.languages = value.split(/[,\s]+/).filter(Boolean);
      else if (name === '@Participants') {
        t.participants = parseParticipants(value, line);
        speakers = new Map();
        for (const p of t.participants) if (!speakers.has(p.code)) speakers.set(p.code, p);
      } else if (name === '@ID') {
        const code = value.split('|')[2] ?? '';
        t.ids[code] = text;
      } else if (
        t.utterances.length === 0 &&
        pending.length === 0 &&
        !['@Comment', '@G', '@Bg', '@Eg', '@Tape Location', '@Time Duration', '@Time Start'].includes(name!)
      )
        t.headers.push(text);
      else {
        pending.push(text);
        pendingLines.push(line);
      }
      continue;
    }
    if (!begun)
      throw new TranscriptFormatError(line, 'transcripts.errors.noBegin', 'a CHAT transcript starts with @Begin');
    const tier = readTier(text);
    if (!tier)
      throw new TranscriptFormatError(
        line,
        'transcripts.errors.line',
        'a line is a header (@), an utterance (*) or a dependent tier (%)',
      );
    const { kind, code, rest } = tier;
    if (kind === '%') {
      const last = t.utterances.at(-1);
      if (!last)
        throw new TranscriptFormatError(
          line,
          'transcripts.errors.tierFirst',
          'a dependent tier comes after its utterance',
        );
      if (saved && !TIER_NAME.test(code))
        throw new TranscriptFormatError(line, 'transcripts.errors.tierName', `%${code} is not a tier name`);
      if (saved && rest.length > TRANSCRIPT_LIMITS.tier)
        throw new TranscriptFormatError(line, 'transcripts.errors.tierTooLong', 'the tier is too long', {
          max: TRANSCRIPT_LIMITS.tier,
        });
      last.tiers[code] = rest;
      continue;
    }
    const who = speakers.get(code);
    if (!who) throw new TranscriptFormatError(line, 'transcripts.errors.speaker', `${code} is not in @Participants`);
    const bullet = findBullet(rest);
    let startMs = bullet ? bulletTime(bullet.start) : null;
    let endMs = bullet ? bulletTime(bullet.end) : null;
    // A time the column cannot hold: refused for a transcript to be saved; a sample to be analysed
    // keeps its words and goes without the time (the analysis does not read times).
    if (startMs === null || endMs === null) startMs = endMs = null;
    const words = (bullet ? rest.slice(0, bullet.from) + rest.slice(bullet.to) : rest).trim();
    if (saved) {
      if (bullet && startMs === null)
        throw new TranscriptFormatError(line, 'transcripts.errors.bullet', 'the time bullet is out of range', {
          max: TRANSCRIPT_LIMITS.timeMs,
        });
      if (startMs !== null && endMs !== null && endMs < startMs)
        throw new TranscriptFormatError(
          line,
          'transcripts.errors.bulletOrder',
          'the time bullet ends before it starts',
        );
      if (words.length > TRANSCRIPT_LIMITS.text)
        throw new TranscriptFormatError(line, 'transcripts.errors.utteranceTooLong', 'the utterance is too long', {
          max: TRANSCRIPT_LIMITS.text,
        });
      if (t.utterances.length >= TRANSCRIPT_LIMITS.utterances)
        throw new TranscriptFormatError(line, 'transcripts.errors.tooManyUtterances', 'too many utterances', {
          max: TRANSCRIPT_LIMITS.utterances,
        });
      if (pending.length > TRANSCRIPT_LIMITS.before)
        throw new TranscriptFormatError(
          pendingLines[TRANSCRIPT_LIMITS.before]!,
          'transcripts.errors.tooManyHeaders',
          'too many header lines before an utterance',
          {
            max: TRANSCRIPT_LIMITS.before,
          },
        );
      const long = pending.findIndex((h) => h.length > TRANSCRIPT_LIMITS.beforeLine);
      if (long >= 0)
        throw new TranscriptFormatError(
          pendingLines[long]!,
          'transcripts.errors.headerTooLong',
          'the header line is too long',
          { max: TRANSCRIPT_LIMITS.beforeLine },
        );
    }
    t.utterances.push({ speaker: speakerOf(who), code, text: words, startMs, endMs, tiers: {}, before: pending });
    pending = [];
    pendingLines = [];
  }
  if (!begun) throw new TranscriptFormatError(1, 'transcripts.errors.noBegin', 'a CHAT transcript starts with @Begin');
  if (!ended)
    throw new TranscriptFormatError(lines.length, 'transcripts.errors.noEnd', 'a CHAT transcript ends with @End');
  if (!t.participants.length)
    throw new TranscriptFormatError(1, 'transcripts.errors.participants', 'no @Participants header');
  t.after = pending;
  return t;
}

/** Write a transcript as CHAT: headers, an @ID per participant, each utterance with its time bullet and tiers. */
export function writeChat(t: Transcript): string {
  const out = ['@UTF8', '@Begin', `@Languages:\t${(t.languages.length ? t.languages : ['eng']).join(', ')}`];
  out.push(
    `@Participants:\t${t.participants.map((p) => [p.code, p.name, p.role].filter(Boolean).join(' ')).join(', ')}`,
  );
  for (const p of t.participants)
    out.push(t.ids[p.code] ?? `@ID:\t${t.languages[0] ?? 'eng'}|habla|${p.code}|||||${p.role}|||`);
  out.push(...t.headers);
  for (const u of t.utterances) {
    out.push(...u.before);
    const bullet = u.startMs !== null && u.endMs !== null ? ` ${NAK}${u.startMs}_${u.endMs}${NAK}` : '';
    out.push(`*${u.code}:\t${u.text}${bullet}`);
    for (const [name, value] of Object.entries(u.tiers)) out.push(`%${name}:\t${value}`);
  }
  out.push(...t.after, '@End');
  return `${out.join('\n')}\n`;
}

const TEXT_SPEAKERS: Record<string, { code: string; role: string }> = {
  CHI: { code: 'CHI', role: 'Target_Child' },
  CHILD: { code: 'CHI', role: 'Target_Child' },
  STUDENT: { code: 'CHI', role: 'Target_Child' },
  ESTUDIANTE: { code: 'CHI', role: 'Target_Child' },
  NIÑO: { code: 'CHI', role: 'Target_Child' },
  NIÑA: { code: 'CHI', role: 'Target_Child' },
  C: { code: 'CHI', role: 'Target_Child' },
  INV: { code: 'INV', role: 'Investigator' },
  THERAPIST: { code: 'INV', role: 'Investigator' },
  TERAPEUTA: { code: 'INV', role: 'Investigator' },
  EXA: { code: 'EXA', role: 'Investigator' },
  E: { code: 'EXA', role: 'Investigator' },
};

/** Read a plain-text transcript: `SPEAKER: words .` per line (SALT's C/E, CHAT codes or plain names). */
export function parseTextTranscript(source: string, language: 'en' | 'es', options: ReadOptions = {}): Transcript {
  const saved = options.limits === 'saved';
  const t: Transcript = {
    languages: [language === 'es' ? 'spa' : 'eng'],
    participants: [],
    headers: [],
    ids: {},
    utterances: [],
    after: [],
  };
  const codes = new Set<string>();
  source
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const text = raw.trim();
      if (!text) return;
      // `^([^:]{1,30}):\s*(.+)$`, by position: a label of 1–30 characters up to the first colon, then
      // words that run to the end of the line.
      const colon = text.indexOf(':');
      const words = colon >= 1 && colon <= 30 ? text.slice(colon + 1).replace(/^\s+/, '') : '';
      if (!words || /[\r\u2028\u2029]/.test(words))
        throw new TranscriptFormatError(i + 1, 'transcripts.errors.textLine', 'each line is “SPEAKER: words”');
      const label = text.slice(0, colon).trim().toUpperCase();
      const known = TEXT_SPEAKERS[label] ?? {
        code: label.replace(/[^A-Z0-9]/g, '').slice(0, 3) || 'OTH',
        role: 'Participant',
      };
      if (saved && words.length > TRANSCRIPT_LIMITS.text)
        throw new TranscriptFormatError(i + 1, 'transcripts.errors.utteranceTooLong', 'the utterance is too long', {
          max: TRANSCRIPT_LIMITS.text,
        });
      if (saved && t.utterances.length >= TRANSCRIPT_LIMITS.utterances)
        throw new TranscriptFormatError(i + 1, 'transcripts.errors.tooManyUtterances', 'too many utterances', {
          max: TRANSCRIPT_LIMITS.utterances,
        });
      if (!codes.has(known.code)) {
        codes.add(known.code);
        t.participants.push({ code: known.code, name: null, role: known.role });
      }
      t.utterances.push({
        speaker: speakerOf(known),
        code: known.code,
        text: words,
        startMs: null,
        endMs: null,
        tiers: {},
        before: [],
      });
    });
  return t;
}

/** Write a transcript as plain text, one `CODE: words` line per utterance. */
export function writeTextTranscript(t: Transcript): string {
  return t.utterances.map((u) => `${u.code}: ${u.text}\n`).join('');
}
