import { sentenceWords } from '@habla/shared';
import { EMAIL_PATTERN } from '@habla/shared/resources/define';
import { describe, expect, it } from 'vitest';
import { cleanFileName } from '../src/modules/files/upload';
import { scrubText } from '../src/lib/logger';
import { readable } from '../src/modules/assessments/report';
import { analyzeTranscript } from '../src/modules/lsa/analyze';
import { mainTierWords, morItems } from '../src/modules/lsa/clan-rules';
import { withoutPostcodes } from '../src/modules/recordings/transcript';
import { parseChat, parseTextTranscript } from '../src/modules/recordings/transcript-formats';
import { growth, settle } from './linear-time';

/**
 * Every text reader takes time in proportion to its input (decision 005, "Text readers in linear
 * time"): a megabyte of each shape that made a regular expression or a loop of theirs quadratic (an
 * outside probe froze the server with 160 KB) costs about 8 times its eighth, never 64. The readers
 * may refuse a shape (a malformed line): the time to refuse counts the same.
 */
const NAK = String.fromCharCode(0x15);
const fill = (unit: string, size: number) => unit.repeat(Math.max(1, Math.floor(size / unit.length)));
const chat = (main: string, extra = '') =>
  `@UTF8\n@Begin\n@Languages:\teng\n@Participants:\tCHI Target_Child, MOT Mother\n*CHI:\t${main}\n${extra}@End\n`;
const analyzeChat = (text: string) => analyzeTranscript(parseChat(text), { language: 'en', format: 'chat' });
const analyzeText = (text: string) =>
  analyzeTranscript(parseTextTranscript(text, 'en'), { language: 'en', format: 'text' });

/** `limit`: the last step's bound where 24 is too tight for a reader's allocations (still far below a quadratic 64). */
type Shape = [name: string, make: (size: number) => string, run: (input: string) => unknown, limit?: number];

const shapes: Shape[] = [
  // The CHAT reader: time bullets, tiers, participants.
  ['CHAT: spaces, no bullet', (n) => chat(`a${fill(' ', n)}b .`), (s) => parseChat(s)],
  ['CHAT: spaces before a bullet that does not close', (n) => chat(`a${fill(' ', n)}${NAK}1_2 .`), (s) => parseChat(s)],
  ['CHAT: tabs and no-break spaces', (n) => chat(`a${fill('\t\u00a0', n)}b .`), (s) => parseChat(s)],
  ['CHAT: spaces and bullet marks in turn', (n) => chat(`a${fill(` ${NAK}`, n)}b .`), (s) => parseChat(s)],
  ['CHAT: bullets that never close', (n) => chat(`a ${fill(`${NAK}12_`, n)} .`), (s) => parseChat(s)],
  [
    'CHAT: one bullet of a million digits',
    (n) => chat(`a . ${NAK}${fill('7', n / 2)}_${fill('8', n / 2)}${NAK}`),
    (s) => parseChat(s),
  ],
  [
    'CHAT: a main tier of spaces, a word and a line separator',
    (n) => chat(`${fill(' ', n)}x\u2028y`),
    (s) => settle(() => parseChat(s)),
  ],
  [
    'CHAT: a dependent tier of spaces ending in a line separator',
    (n) => chat('hi .', `%com:${fill(' ', n)}x\u2028y\n`),
    (s) => settle(() => parseChat(s)),
  ],
  [
    'CHAT: many header lines before an utterance',
    (n) => chat('hi .', `${fill('@Comment:\tx\n', n)}*CHI:\tho .\n`),
    (s) => parseChat(s),
  ],
  ['CHAT: continuation lines', (n) => chat(`a${fill('\n\t b', n)} .`), (s) => parseChat(s)],
  // The plain-text reader.
  [
    'text: spaces before words that end in a line separator',
    (n) => `C:${fill(' ', n)}a\u2028b`,
    (s) => settle(() => parseTextTranscript(s, 'en')),
  ],
  ['text: a line without a colon', (n) => fill('a', n), (s) => settle(() => parseTextTranscript(s, 'en'))],
  [
    'text: many speakers',
    (n) =>
      fill(
        'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
          .split('')
          .map((a) => `${a}1: hi\n`)
          .join(''),
        n,
      ),
    (s) => parseTextTranscript(s, 'en'),
    // One utterance object per line: at a megabyte (140,000 utterances) the heap's move to its old
    // space lands in the last step (measured 26.6 once on a CI run, 8.4 the step before).
    32,
  ],
  // CLAN's rules, through the whole analysis.
  ['CLAN: a + dots + x', (n) => chat(`a${fill('.', n)}x`), analyzeChat],
  ['CLAN: ?! repeated', (n) => chat(fill('?!', n)), analyzeChat],
  ['CLAN: a + ?! repeated + x', (n) => chat(`a${fill('?!', n)}x`), analyzeChat],
  ['CLAN: deep <…> nesting', (n) => chat(`${fill('<', n / 2)}a${fill('>', n / 2)} .`), analyzeChat],
  ['CLAN: deep nesting, retraced', (n) => chat(`${fill('<a ', n / 2)}b${fill('> [/]', n / 2)} c .`), analyzeChat],
  ['CLAN: deep nesting in a replacement', (n) => chat(`a [: ${fill('<', n)}b] .`), analyzeChat],
  ['CLAN: codes that do not close', (n) => chat(fill('[', n)), analyzeChat],
  ['CLAN: one long code', (n) => chat(`a [= ${fill('? ', n)}] .`), analyzeChat],
  ['CLAN: brackets that close nothing', (n) => chat(`a ${fill(']', n)} .`), analyzeChat],
  ['CLAN: many retracings', (n) => chat(`${fill('the [/] ', n)}dog .`), analyzeChat],
  ['CLAN: a long pause', (n) => chat(`a (${fill('1.', n)} .`), analyzeChat],
  ['CLAN: a bullet mark and spaces', (n) => chat(`a ${NAK}${fill(' ', n)}b .`), analyzeChat],
  ['CLAN: special-form marks', (n) => chat(`a@${fill('@', n)} .`), analyzeChat],
  ['CLAN: linkers', (n) => chat(fill('+/. ', n)), analyzeChat],
  ['CLAN: a long %mor tier', (n) => chat('a b .', `%mor:\t${fill('n|dog-PL ', n)}\n`), analyzeChat],
  ['CLAN: %mor of bars and dashes', (n) => chat('a .', `%mor:\t${fill('|-', n)}\n`), analyzeChat],
  // SALT through the plain-text reader.
  ['SALT: one long word without a slash', (n) => `C: ${fill('a', n)} .`, analyzeText],
  ['SALT: mazes that do not close', (n) => `C: ${fill('(', n)} .`, analyzeText],
  ['SALT: slashes', (n) => `C: ${fill('dog/s ', n)}.`, analyzeText],
  ['SALT: a + dots + x', (n) => `C: a${fill('.', n)}x`, analyzeText],
  // What the server writes from user text: the parent's report, the export, file names, the log.
  ['report: codes that do not close', (n) => fill('[', n), readable],
  ['report: spaces without punctuation', (n) => `a${fill(' ', n)}b`, readable],
  ['export: postcodes, then a word', (n) => `a .${fill(' [+ x]', n)}y`, withoutPostcodes],
  ['export: brackets and spaces', (n) => `a${fill(' ]', n)}`, withoutPostcodes],
  ['export: [+ without ]', (n) => `${fill('[+', n)}]`, withoutPostcodes],
  // Up to 32: a fresh-clone CI run measured 24.3 once (6.3 ms at 125,000, 152 ms at a megabyte: the
  // heap's move to old space), when two earlier runs of the same code passed.
  ['file name: spaces and dots inside', (n) => `a${fill(' .', n)}b`, cleanFileName, 32],
  ['sentence words: punctuation inside', (n) => `a${fill('!', n)}b`, sentenceWords],
  ['log: params: then line breaks', (n) => `params: ${fill('\n', n)}x`, scrubText],
  ['log: params: then line breaks and spaces', (n) => `params: ${fill('\n ', n)}x`, scrubText],
  ['log: a long alphanumeric run', (n) => fill('a', n), scrubText],
  ['log: a long run of letters and digits', (n) => fill('a1', n), scrubText],
  ['log: Bearer and spaces', (n) => `Bearer${fill(' ', n)}`, scrubText],
  ['log: digits and dashes', (n) => fill('123-45-', n), scrubText],
  // The e-mail field's pattern (every form with an address): long runs that fail at their end.
  ['e-mail: a local part with no @', (n) => fill('a', n), (s) => EMAIL_PATTERN.test(s)],
  ['e-mail: a domain of dots ending in a space', (n) => `a@b${fill('.', n)} `, (s) => EMAIL_PATTERN.test(s)],
  ['e-mail: labels and dots, then a second @', (n) => `a@${fill('b.', n)}@`, (s) => EMAIL_PATTERN.test(s)],
];

describe('the text readers take time in proportion to the text', () => {
  it.each(shapes)(
    '%s',
    (_name, make, run, limit = 24) => {
      const { ratios, times } = growth(make, run, { limit });
      const detail = times.map((t) => `${t.size}: ${t.ms.toFixed(3)} ms`).join(', ');
      // A megabyte against its eighth: about 8 when linear, 64 when quadratic; 24 leaves room for a
      // busy machine. Smaller steps stop a quadratic reader early (growth's earlyLimit, 48, and stopMs).
      expect(times.at(-1)!.size, detail).toBe(1_000_000);
      expect(ratios.at(-1), detail).toBeLessThan(limit);
    },
    120_000,
  );
});

describe('deep and odd main tiers', () => {
  it('counts a group nested 100,000 deep (no call stack runs out)', () => {
    const deep = `${'<'.repeat(100_000)}the dog${'>'.repeat(100_000)} ran .`;
    expect(mainTierWords(deep).words).toEqual(['the', 'dog', 'ran']);
    const retraced = `${'<a '.repeat(100_000)}b${'> [/]'.repeat(100_000)} the dog ran .`;
    const main = mainTierWords(retraced);
    expect(main.words).toEqual(['the', 'dog', 'ran']);
    // As the recursive walk counted: the outermost retracing counts its own words, not those of the
    // retracings inside it.
    expect(main.retraced).toBe(1);
    const { measures } = analyzeChat(chat(deep));
    expect(measures.mlu_w).toEqual({ utterances: 1, words: 3, value: 3 });
  });

  it('skips a bracket that closes no code instead of standing still on it', () => {
    expect(mainTierWords('a b] c .').words).toEqual(['a', 'b', 'c']);
    expect(mainTierWords('] ] .').words).toEqual([]);
  });

  it('splits a terminator off its word as before: the word keeps its first character', () => {
    expect(mainTierWords('yes.').terminator).toBe('.');
    expect(mainTierWords('what?! now').words).toEqual(['what', 'now']);
    expect(mainTierWords('?!?').terminator).toBe('?');
    expect(mainTierWords('+/.').interrupted).toBe(true);
  });

  it('reads %mor items whatever their length', () => {
    expect(morItems(`n|dog-PL ${'v|go '.repeat(10)}`).items).toHaveLength(11);
  });
});
