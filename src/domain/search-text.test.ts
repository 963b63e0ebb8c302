import { describe, expect, it } from 'vitest';
import { holdsEveryWord, searchDocument, searchKey, searchWords } from './search-text';

describe('searchKey: the ways one word is typed meet', () => {
  it.each([
    ['Mirpur-10', 'mirpur 10'],
    ['  DHANMONDI,  Road#7 ', 'dhanmondi road 7'],
    ['মিরপুর-১০', 'মিরপুর 10'],
    // Long and short vowels, the three s and two n folded alike.
    ['মীরপুর', 'মিরপুর'],
    ['দূর', 'দুর'],
    ['ঈদগাহ', 'ইদগাহ'],
    ['শ্যামলী', 'স্যামলি'],
    ['বিষ্ণু', 'বিস্নু'],
    // Joiners, decomposed letters and the old khanda ta.
    ['র\u200d্যাব', 'র্যাব'],
    ['\u09a8\u09c7\u09be\u09af\u09bc\u09be', searchKey('\u09a8\u09cb\u09df\u09be')],
    ['হঠা\u09a4\u09cd\u200d', 'হঠা\u09ce'],
  ])('%s reads as %s', (typed, key) => {
    expect(searchKey(typed)).toBe(searchKey(key));
  });

  it('keeps the words apart by single spaces', () => {
    expect(searchKey('Road 7,\tGulshan-2')).toBe('road 7 gulshan 2');
  });
});

describe('searchWords', () => {
  it('gives each word once, and none for a blank query', () => {
    expect(searchWords('Mirpur flat mirpur')).toEqual(['mirpur', 'flat']);
    expect(searchWords(' , - ')).toEqual([]);
  });
});

describe('holdsEveryWord', () => {
  const document = searchDocument(['House 12, Mirpur 10', 'A family flat near the metro', 'মিরপুর']);
  it('needs every word, each anywhere, in any order', () => {
    expect(holdsEveryWord(document, searchWords('flat mirpur'))).toBe(true);
    expect(holdsEveryWord(document, searchWords('মীরপুর family'))).toBe(true);
    expect(holdsEveryWord(document, searchWords('flat banani'))).toBe(false);
  });
  it('never matches a word across two fields', () => {
    expect(holdsEveryWord(searchDocument(['Gul', 'shan']), searchWords('gulshan'))).toBe(false);
    expect(holdsEveryWord(searchDocument(['Gulshan']), searchWords('gulshan'))).toBe(true);
  });
});
