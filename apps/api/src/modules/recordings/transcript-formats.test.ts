import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseChat,
  parseTextTranscript,
  TranscriptFormatError,
  writeChat,
  writeTextTranscript,
} from './transcript-formats';

/** A real CHILDES transcript (test/fixtures/chat/SOURCE.md): Eve at 1;06, 1,588 utterances. */
const EVE = readFileSync(join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'chat', 'eve01.cha'), 'utf8');

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(TranscriptFormatError);
    return err as TranscriptFormatError;
  }
  throw new Error('expected a TranscriptFormatError');
};

describe('CHAT transcripts', () => {
  it('reads a real CHILDES transcript: every utterance, its speaker, words and tiers, continuation lines joined', () => {
    const t = parseChat(EVE);
    expect(t.utterances).toHaveLength(EVE.split('\n').filter((l) => l.startsWith('*')).length);
    expect(t.utterances).toHaveLength(1588);
    expect(t.languages).toEqual(['eng']);
    expect(t.participants.map((p) => [p.code, p.role])).toEqual([
      ['CHI', 'Target_Child'],
      ['MOT', 'Mother'],
      ['COL', 'Investigator'],
      ['RIC', 'Investigator'],
    ]);
    expect(t.utterances[0]).toMatchObject({
      speaker: 'student',
      code: 'CHI',
      text: 'more cookie . [+ IMP]',
      startMs: null,
    });
    expect(t.utterances[0]!.tiers.mor).toBe('qn|more n|cookie .');
    expect(t.utterances[1]).toMatchObject({ speaker: 'other', code: 'MOT', text: 'you &=0v more cookies ?' });
    expect(new Set(t.utterances.filter((u) => u.code === 'COL' || u.code === 'RIC').map((u) => u.speaker))).toEqual(
      new Set(['therapist']),
    );
    // No tier keeps a line break: a continuation line is part of the line before it.
    expect(
      t.utterances.every(
        (u) => !u.text.includes('\n') && Object.values(u.tiers).every((v) => !v.includes('\n') && !v.includes('\t')),
      ),
    ).toBe(true);
    expect(t.utterances.filter((u) => u.speaker === 'student').length).toBeGreaterThan(300);
  });

  it('import → export → import keeps every utterance, tier, header and comment in its place', () => {
    const first = parseChat(EVE);
    const written = writeChat(first);
    const again = parseChat(written);
    expect(again).toEqual(first);
    // Stable: writing what was read back gives the same text.
    expect(writeChat(again)).toBe(written);
    // The headers between utterances stay before the utterance they preceded.
    const located = first.utterances.findIndex((u) => u.before.some((h) => h.startsWith('@Tape Location')));
    expect(located).toBeGreaterThan(0);
    expect(again.utterances[located]!.before).toEqual(first.utterances[located]!.before);
  });

  it('reads and writes time bullets, and a transcript made in the editor', () => {
    const chat = [
      '@UTF8',
      '@Begin',
      '@Languages:\tspa',
      '@Participants:\tCHI Ana Target_Child, INV Investigator',
      '*INV:\t¿qué es esto ? \u00150_1200\u0015',
      '*CHI:\tun (pe)rro . \u00151350_2400\u0015',
      '*CHI:\txxx .',
      '@End',
    ].join('\n');
    const t = parseChat(chat);
    expect(t.participants[0]).toEqual({ code: 'CHI', name: 'Ana', role: 'Target_Child' });
    expect(t.utterances.map((u) => [u.speaker, u.text, u.startMs, u.endMs])).toEqual([
      ['therapist', '¿qué es esto ?', 0, 1200],
      ['student', 'un (pe)rro .', 1350, 2400],
      ['student', 'xxx .', null, null],
    ]);
    const written = writeChat(t);
    expect(written).toContain('*CHI:\tun (pe)rro . \u00151350_2400\u0015\n');
    expect(written).toContain('@ID:\tspa|habla|CHI|||||Target_Child|||');
    expect(parseChat(written).utterances).toEqual(t.utterances);
  });

  it('names the line of what it cannot read', () => {
    expect(failure(() => parseChat('*CHI:\thello .\n@End\n'))).toMatchObject({
      line: 1,
      key: 'transcripts.errors.noBegin',
    });
    expect(failure(() => parseChat('@Begin\n@Participants:\tCHI Target_Child\n*MOT:\thello .\n@End\n'))).toMatchObject({
      line: 3,
      key: 'transcripts.errors.speaker',
    });
    expect(failure(() => parseChat('@Begin\n@Participants:\tCHI Target_Child\nhello there\n@End\n'))).toMatchObject({
      line: 3,
      key: 'transcripts.errors.line',
    });
    expect(failure(() => parseChat('@Begin\n@Participants:\tCHI Target_Child\n%mor:\tn|dog\n@End\n'))).toMatchObject({
      line: 3,
      key: 'transcripts.errors.tierFirst',
    });
    expect(failure(() => parseChat('@Begin\n@Participants:\tCHI Target_Child\n*CHI:\thi .\n'))).toMatchObject({
      key: 'transcripts.errors.noEnd',
    });
  });
});

describe('plain-text transcripts', () => {
  it('reads SPEAKER: words lines (CHAT codes, SALT letters or names) and writes them back', () => {
    const text = 'E: what is the dog doing?\nC: him (is) run .\n\nMOM: look !\nTerapeuta: ¿y luego?\n';
    const t = parseTextTranscript(text, 'en');
    expect(t.utterances.map((u) => [u.speaker, u.code, u.text])).toEqual([
      ['therapist', 'EXA', 'what is the dog doing?'],
      ['student', 'CHI', 'him (is) run .'],
      ['other', 'MOM', 'look !'],
      ['therapist', 'INV', '¿y luego?'],
    ]);
    expect(writeTextTranscript(t)).toBe(
      'EXA: what is the dog doing?\nCHI: him (is) run .\nMOM: look !\nINV: ¿y luego?\n',
    );
    // As CHAT and back: the same utterances.
    expect(parseChat(writeChat(t)).utterances).toEqual(t.utterances);
    expect(failure(() => parseTextTranscript('C: one .\njust words\n', 'en'))).toMatchObject({
      line: 2,
      key: 'transcripts.errors.textLine',
    });
  });
});
