import { describe, expect, it } from 'vitest';
import { readable } from './report';

describe('the report shows utterances as a parent reads them', () => {
  it.each([
    ['(be)cause +...', 'because'],
    ['oh (.) he fall down .', 'oh he fall down.'],
    ['he goed [: went] home [* m] .', 'he goed home.'],
    ['<I want> [//] give me &=laughs that !', 'I want give me that!'],
    ['Mommy (..) here xxx .', 'Mommy here …'],
    ['woof@o woof@o ?', 'woof woof?'],
  ])('%s → %s', (text, shown) => expect(readable(text)).toBe(shown));
});
