/**
 * A transcript in and out of the two formats therapists use (issue 13): CHAT (`.cha`, TalkBank's
 * format, read by CLAN) and plain text (`SPEAKER: words .` per line). The editor works on
 * utterances: who said it (the student, the therapist, someone else), the words with their CHAT /
 * SALT marks as typed, and the time in the recording when known. Importing keeps what the editor does
 * not show (CHAT's dependent tiers such as %mor, headers and comments between utterances), so that
 * exporting gives it back: a CHAT import → export → import keeps every utterance (transcript-
 * formats.test.ts, on a real CHILDES transcript).
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

/** A line the reader cannot take, by its number (1-based) and a message key. */
export class TranscriptFormatError extends Error {
  constructor(
    readonly line: number,
    readonly key: string,
    detail: string,
  ) {
    super(`line ${line}: ${detail}`);
    this.name = 'TranscriptFormatError';
  }
}

const THERAPIST_ROLES = new Set(['investigator', 'therapist', 'clinician', 'teacher', 'examiner', 'interviewer', 'experimenter']);

/** Who a participant is in the editor: the target child is the student; a clinician-like role is the therapist. */
export function speakerOf(p: Pick<Participant, 'code' | 'role'>): Speaker {
  const role = p.role.toLowerCase();
  if (role === 'target_child' || p.code === 'CHI') return 'student';
  if (THERAPIST_ROLES.has(role)) return 'therapist';
  return 'other';
}

/** A time bullet: NAK (U+0015, CHAT's bullet character), start_end in milliseconds, NAK. */
const NAK = String.fromCharCode(0x15);
const BULLET = new RegExp(`\\s*${NAK}(\\d+)_(\\d+)${NAK}`);

function parseParticipants(value: string, line: number): Participant[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const words = entry.split(/\s+/);
      if (words.length < 2 || !/^[A-Za-z0-9_]{2,7}$/.test(words[0]!))
        throw new TranscriptFormatError(line, 'transcripts.errors.participants', `cannot read the participant “${entry}”`);
      return { code: words[0]!, name: words.length > 2 ? words.slice(1, -1).join(' ') : null, role: words.at(-1)! };
    });
}

/** Read a CHAT transcript. Malformed lines fail with their number. */
export function parseChat(source: string): Transcript {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  // Continuation lines (starting with a tab) belong to the line before them.
  const logical: { text: string; line: number }[] = [];
  lines.forEach((text, i) => {
    if (text.startsWith('\t') && logical.length) logical[logical.length - 1]!.text += ` ${text.trim()}`;
    else if (text.trim() !== '') logical.push({ text, line: i + 1 });
  });
  const t: Transcript = { languages: [], participants: [], headers: [], ids: {}, utterances: [], after: [] };
  let begun = false;
  let ended = false;
  let pending: string[] = [];
  for (const { text, line } of logical) {
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
      else if (name === '@Participants') t.participants = parseParticipants(value, line);
      else if (name === '@ID') {
        const code = value.split('|')[2] ?? '';
        t.ids[code] = text;
      } else if (t.utterances.length === 0 && pending.length === 0 && !['@Comment', '@G', '@Bg', '@Eg', '@Tape Location', '@Time Duration', '@Time Start'].includes(name!))
        t.headers.push(text);
      else pending.push(text);
      continue;
    }
    if (!begun) throw new TranscriptFormatError(line, 'transcripts.errors.noBegin', 'a CHAT transcript starts with @Begin');
    const tier = /^([*%])([A-Za-z0-9_]+):\s*(.*)$/.exec(text);
    if (!tier) throw new TranscriptFormatError(line, 'transcripts.errors.line', 'a line is a header (@), an utterance (*) or a dependent tier (%)');
    const [, kind, code, rest] = tier as unknown as [string, string, string, string];
    if (kind === '%') {
      const last = t.utterances.at(-1);
      if (!last) throw new TranscriptFormatError(line, 'transcripts.errors.tierFirst', 'a dependent tier comes after its utterance');
      last.tiers[code] = rest;
      continue;
    }
    const who = t.participants.find((p) => p.code === code);
    if (!who) throw new TranscriptFormatError(line, 'transcripts.errors.speaker', `${code} is not in @Participants`);
    const bullet = BULLET.exec(rest);
    t.utterances.push({
      speaker: speakerOf(who),
      code,
      text: rest.replace(BULLET, '').trim(),
      startMs: bullet ? Number(bullet[1]) : null,
      endMs: bullet ? Number(bullet[2]) : null,
      tiers: {},
      before: pending,
    });
    pending = [];
  }
  if (!begun) throw new TranscriptFormatError(1, 'transcripts.errors.noBegin', 'a CHAT transcript starts with @Begin');
  if (!ended) throw new TranscriptFormatError(lines.length, 'transcripts.errors.noEnd', 'a CHAT transcript ends with @End');
  if (!t.participants.length) throw new TranscriptFormatError(1, 'transcripts.errors.participants', 'no @Participants header');
  t.after = pending;
  return t;
}

/** Write a transcript as CHAT: headers, an @ID per participant, each utterance with its time bullet and tiers. */
export function writeChat(t: Transcript): string {
  const out = ['@UTF8', '@Begin', `@Languages:\t${(t.languages.length ? t.languages : ['eng']).join(', ')}`];
  out.push(`@Participants:\t${t.participants.map((p) => [p.code, p.name, p.role].filter(Boolean).join(' ')).join(', ')}`);
  for (const p of t.participants) out.push(t.ids[p.code] ?? `@ID:\t${t.languages[0] ?? 'eng'}|habla|${p.code}|||||${p.role}|||`);
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
export function parseTextTranscript(source: string, language: 'en' | 'es'): Transcript {
  const t: Transcript = { languages: [language === 'es' ? 'spa' : 'eng'], participants: [], headers: [], ids: {}, utterances: [], after: [] };
  source
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const text = raw.trim();
      if (!text) return;
      const m = /^([^:]{1,30}):\s*(.+)$/.exec(text);
      if (!m) throw new TranscriptFormatError(i + 1, 'transcripts.errors.textLine', 'each line is “SPEAKER: words”');
      const label = m[1]!.trim().toUpperCase();
      const known = TEXT_SPEAKERS[label] ?? { code: label.replace(/[^A-Z0-9]/g, '').slice(0, 3) || 'OTH', role: 'Participant' };
      if (!t.participants.some((p) => p.code === known.code)) t.participants.push({ code: known.code, name: null, role: known.role });
      t.utterances.push({ speaker: speakerOf(known), code: known.code, text: m[2]!.trim(), startMs: null, endMs: null, tiers: {}, before: [] });
    });
  return t;
}

/** Write a transcript as plain text, one `CODE: words` line per utterance. */
export function writeTextTranscript(t: Transcript): string {
  return t.utterances.map((u) => `${u.code}: ${u.text}\n`).join('');
}
