import { describe, expect, it } from 'vitest';
import { analyzeTranscript, clanRound3, parseSample } from './analyze';
import { freqForm, mainTierWords, morItems, morphemesOf } from './clan-rules';
import { tensesOf } from './grammar';

/** One rule each, on utterances written for it; lsa.clan.test.ts holds the rules to CLAN on real transcripts. */
describe('CLAN’s rules for a main tier', () => {
  it.each([
    ['the dog ran .', ['the', 'dog', 'ran']],
    ['<the dog> [/] the dog ran .', ['the', 'dog', 'ran']],
    ['the [//] a dog ran .', ['a', 'dog', 'ran']],
    ['<I want> [///] give me that .', ['give', 'me', 'that']],
    ['&-um the &+ca cat &=laughs sat .', ['the', 'cat', 'sat']],
    ['he goed [: went] home .', ['he', 'went', 'home']],
    ['I 0am going .', ['I', 'going']],
    ['(be)cause I (.) want it (1.5) now .', ['because', 'I', 'want', 'it', 'now']],
    ['no: mi:lk , thanks .', ['no:', 'mi:lk', 'thanks']],
    ['ice+cream and Humpty_Dumpty woof@o .', ['ice+cream', 'and', 'Humpty_Dumpty', 'woof@o']],
    ['⌈ya está⌉ [<] .', ['ya', 'está']],
  ])('%s → %j', (line, words) => {
    expect(mainTierWords(line).words).toEqual(words);
  });

  it('leaves an utterance with xxx, yyy or www out of MLU, but not when the xxx is retraced', () => {
    expect(mainTierWords('xxx the ball .').unintelligible).toBe(true);
    expect(mainTierWords('I want yyy .').unintelligible).toBe(true);
    expect(mainTierWords('www .').unintelligible).toBe(true);
    expect(mainTierWords('<xxx the> [//] the ball .').unintelligible).toBe(false);
    expect(mainTierWords('the ball [+ mlue] .').excludedByPostcode).toBe(true);
  });

  it('drops uh and um from MLU but keeps them for FREQ; FREQ drops lengthening colons', () => {
    const m = mainTierWords('uh I um go .');
    expect(m.words).toEqual(['uh', 'I', 'um', 'go']);
    expect(m.mluWords).toEqual(['I', 'go']);
    expect(['no:', 'mi:lk', 'siete@s:spa'].map(freqForm)).toEqual(['no', 'milk', 'siete@s:spa']);
  });

  it('ends an utterance at a ? inside a code, as CLAN does ([= ?] counts two)', () => {
    expect(mainTierWords('asianita [= ?] , la nena .').segments).toBe(2);
    expect(mainTierWords('la nena [=! laughs] .').segments).toBe(1);
  });

  it('counts %mor morphemes as CLAN: one, plus one for a plural, a regular past, -ing, a negated auxiliary or an auxiliary clitic', () => {
    expect(morphemesOf('n|dog-PL')).toBe(2);
    expect(morphemesOf('v|jump-PAST')).toBe(2);
    expect(morphemesOf('v|go&PAST')).toBe(1);
    expect(morphemesOf('part|run-PRESP')).toBe(2);
    expect(morphemesOf('mod|do~neg|not')).toBe(2);
    expect(morphemesOf('cop|be&3S~neg|not')).toBe(1);
    expect(morphemesOf('pro:sub|he~aux|be&3S')).toBe(2);
    expect(morphemesOf('pro:sub|he~cop|be&3S')).toBe(1);
    expect(morphemesOf('n|+n|ice+n|cream')).toBe(1);
    expect(morphemesOf('det:art|el&MASC-PL')).toBe(2);
    const tier = morItems('pro:sub|I v|want-PAST cm|cm fil|uh 0aux|be n|cookie-PL .');
    expect(tier.items.map((i) => i.raw)).toEqual(['pro:sub|I', 'v|want-PAST', 'n|cookie-PL']);
    expect(morItems('unk|xxx n|ball .').unintelligible).toBe(true);
  });

  it('counts a self-completion after an interruption as one utterance with it', () => {
    const text = [
      '@Begin',
      '@Participants:\tCHI Target_Child',
      '*CHI:\tI want +/.',
      '*CHI:\t+, the red one .',
      '*CHI:\tok .',
      '@End',
    ].join('\n');
    const m = analyzeTranscript(parseSample({ format: 'chat', text, language: 'en' }), {
      language: 'en',
      format: 'chat',
    }).measures;
    expect(m.mlu_w).toEqual({ utterances: 2, words: 6, value: 3 });
  });

  it('rounds as CLAN prints (single precision, half to even on an exact tie)', () => {
    expect(clanRound3(997, 653)).toBe(1.527);
    expect(clanRound3(17, 16)).toBe(1.062);
    expect(clanRound3(19, 16)).toBe(1.188);
    expect(clanRound3(5, 0)).toBe(0);
  });
});

describe('verb tenses from verb forms', () => {
  it('combines auxiliaries with the verb that follows them', () => {
    expect(
      tensesOf([
        { kind: 'will' },
        { kind: 'have', time: 'base' },
        { kind: 'be', time: 'base' },
        { kind: 'verb', form: 'gerund' },
      ]),
    ).toEqual(['future_perfect_continuous']);
    expect(
      tensesOf([
        { kind: 'have', time: 'past' },
        { kind: 'verb', form: 'participle' },
      ]),
    ).toEqual(['past_perfect']);
    expect(
      tensesOf([{ kind: 'be', time: 'present' }, { kind: 'going' }, { kind: 'to' }, { kind: 'verb', form: 'base' }]),
    ).toEqual(['simple_future']);
    expect(tensesOf([{ kind: 'verb', form: 'present' }, { kind: 'to' }, { kind: 'verb', form: 'base' }])).toEqual([
      'simple_present',
    ]);
    expect(
      tensesOf([
        { kind: 'do', time: 'past' },
        { kind: 'verb', form: 'base' },
      ]),
    ).toEqual(['simple_past']);
    expect(tensesOf([{ kind: 'going', alone: 'simple_present' }])).toEqual(['simple_present']);
  });
});
