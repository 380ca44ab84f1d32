import { describe, expect, it } from 'vitest';
import {
  ageOn,
  checkRule,
  lengthText,
  PATTERN_IDS,
  PATTERN_MESSAGES,
  PATTERNS,
  type PatternId,
  patternMessage,
  rule,
  ruleMessage,
} from './validation.ts';

/** Per pattern: values it must accept and values it must refuse (length aside: every rule here allows 1-60). */
const SAMPLES: Record<PatternId, { valid: string[]; invalid: string[] }> = {
  ANY: { valid: ['anything at all', 'ক খ', '😀 !@#', ' '], invalid: [] },
  LETTER_FIRST_ALNUM: {
    valid: ['a', 'Player01', 'zZ9'],
    invalid: ['1player', '_player', 'play er', 'play-er', 'plàyer'],
  },
  KANJI_DIGITS: { valid: ['漢字', '東京2024', '123'], invalid: ['漢字a', 'ひらがな', '漢 字'] },
  EMAIL: {
    valid: ['player@example.com', 'first.last+tag@mail.example.co.uk', "o'neil@example.org"],
    invalid: ['player@', '@example.com', 'player.example.com', 'player@example', 'pla yer@example.com', 'a@-x.com'],
  },
  ALNUM_ONLY: { valid: ['abc', '123', 'aB3'], invalid: ['ab-c', 'ab c', 'ab_c', 'ábc'] },
  ALNUM_COMBINED: { valid: ['abc123', '1a'], invalid: ['abcdef', '123456', 'abc 123', 'abc!123'] },
  DIGITS: { valid: ['0', '01712345678'], invalid: ['12a', '+880', '1 2', '١٢٣'] },
  ALNUM_WITH_UPPER: { valid: ['Abc123', 'ABC'], invalid: ['abc123', 'Abc-123', '123'] },
  ENGLISH_SPACES: { valid: ['John', 'John Smith Jr'], invalid: ['John  Smith', ' John', 'John ', 'John3', 'Jöhn'] },
  NO_SPACES: { valid: ['a!b@c', 'ক_খ'], invalid: ['a b', 'a\tb', ' a'] },
  CHINESE_PUNCTUATION: { valid: ['你好', '你好，世界。', '张·三'], invalid: ['你好 world', 'hello', '你好!'] },
  DATE_YMD: {
    valid: ['2000-01-31', '1999-12-01'],
    invalid: ['2000-1-31', '31-01-2000', '2000-13-01', '2000-00-10', '2000/01/31'],
  },
  DATE_MDY: { valid: ['01-31-2000', '12-01-1999'], invalid: ['2000-01-31', '13-01-2000', '01-32-2000', '1-31-2000'] },
  LETTERS_SPACES: {
    valid: ['Rahim Uddin', 'রহিম উদ্দিন', 'Élodie'],
    invalid: ['R2D2', 'Rahim  Uddin', 'Rahim!', ' Rahim'],
  },
  KOREAN: { valid: ['한국어', '김철수'], invalid: ['한국 어', '한국a', '漢字'] },
  THAI: { valid: ['ภาษาไทย', 'สมชาย ใจดี'], invalid: ['ไทยabc', 'thai', 'สมชาย  ใจดี'] },
  THAI_OR_ENGLISH: { valid: ['สมชาย ใจดี', 'John Smith'], invalid: ['Johnสมชาย', 'John3', 'สมชาย1'] },
  UPPER_SPACES: { valid: ['JOHN', 'JOHN SMITH'], invalid: ['John', 'JOHN  SMITH', 'JOHN1'] },
  LETTERS_DIGITS_SYMBOLS: { valid: ['P@ss_w0rd!', 'abc', '~'], invalid: ['pass word', 'pässword', 'ক'] },
  STRONG_PASSWORD: {
    valid: ['Aa1!aaaa', 'xY9#'],
    invalid: ['Aa1aaaaa', 'aa1!aaaa', 'AA1!AAAA', 'Aa!aaaaa', 'Aa1! aaa'],
  },
  FULL_NAME: {
    valid: ["Mary-Jane O'Neil", 'Rahim Uddin', 'J. R. Tolkien'],
    invalid: ['Mary', 'Mary  Jane', 'Mary Jane3'],
  },
  JAPANESE_FULLWIDTH: {
    valid: ['ひらがな', 'カタカナ', '漢字', 'ラーメン', 'すし寿司スシ'],
    // Half-width katakana are Katakana script too, yet not full-width.
    invalid: ['ｶﾀｶﾅ', 'ﾗｰﾒﾝ', 'kana', 'かな かな', 'カナ1'],
  },
};

describe('the pattern catalogue', () => {
  it('has a sample table, a message and a source for every pattern id', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...PATTERN_IDS].sort());
    expect(Object.keys(PATTERNS).sort()).toEqual([...PATTERN_IDS].sort());
    expect(Object.keys(PATTERN_MESSAGES).sort()).toEqual([...PATTERN_IDS].sort());
    for (const id of PATTERN_IDS) expect(() => new RegExp(PATTERNS[id], 'u')).not.toThrow();
  });

  for (const id of PATTERN_IDS) {
    it(`${id} accepts its valid samples and refuses the invalid ones`, () => {
      const r = rule(id, 1, 60);
      for (const value of SAMPLES[id].valid) expect(checkRule(r, value), `${id} should accept ${value}`).toBeNull();
      for (const value of SAMPLES[id].invalid) {
        expect(checkRule(r, value), `${id} should refuse ${value}`).toEqual({
          kind: 'pattern',
          patternId: id,
          minLength: 1,
          maxLength: 60,
        });
      }
      // Length is checked apart from the pattern, for every pattern alike.
      const longest = SAMPLES[id].valid[0] as string;
      const tight = rule(id, [...longest].length + 1, 60);
      expect(checkRule(tight, longest)?.kind).toBe('pattern');
    });
  }
});

describe('checkRule', () => {
  it('counts length in characters, not UTF-16 units', () => {
    const r = rule('ANY', 2, 2);
    expect(checkRule(r, '😀😀')).toBeNull();
    expect(checkRule(r, '😀')).not.toBeNull();
    expect(checkRule(rule('LETTERS_SPACES', 4, 4), 'রহিম')).toBeNull();
  });

  it('enforces both ends of the length range', () => {
    const r = rule('DIGITS', 10, 10);
    expect(checkRule(r, '1712345678')).toBeNull();
    expect(checkRule(r, '171234567')).not.toBeNull();
    expect(checkRule(r, '17123456789')).not.toBeNull();
  });

  it('says required for an empty required value and lets an empty optional one pass', () => {
    expect(checkRule(rule('DIGITS', 1, 5), '')).toEqual({ kind: 'required' });
    expect(checkRule(rule('DIGITS', 1, 5), undefined)).toEqual({ kind: 'required' });
    expect(checkRule(rule('DIGITS', 1, 5), null)).toEqual({ kind: 'required' });
    expect(checkRule(rule('DIGITS', 1, 5, { required: false }), '')).toBeNull();
    expect(checkRule(rule('DIGITS', 1, 5, { required: false }), undefined)).toBeNull();
    expect(checkRule(rule('DIGITS', 1, 5, { required: false }), 'x')).not.toBeNull();
  });

  it('anchors the whole value, so a valid part does not make a valid value', () => {
    expect(checkRule(rule('DIGITS', 1, 20), '123\n456')).not.toBeNull();
    expect(checkRule(rule('EMAIL', 1, 60), 'x player@example.com')).not.toBeNull();
  });
});

describe('messages', () => {
  it('lengthText gives a range, or one number when both ends are equal', () => {
    expect(lengthText(6, 16)).toBe('6-16');
    expect(lengthText(10, 10)).toBe('10');
    expect(lengthText(0, 1)).toBe('0-1');
  });

  it('fills the length into the pattern text in both languages', () => {
    expect(patternMessage('LETTER_FIRST_ALNUM', 4, 16, 'en')).toBe('4-16 letters or digits, starting with a letter');
    expect(patternMessage('DIGITS', 10, 10, 'en')).toBe('10 digits only');
    expect(patternMessage('DIGITS', 10, 10, 'bn')).toBe('শুধু সংখ্যা, 10টি');
    expect(ruleMessage(rule('EMAIL', 6, 254), 'en')).toBe('E-mail format is incorrect');
    expect(ruleMessage(rule('FULL_NAME', 2, 50), 'en')).toBe('Real name format is incorrect');
    for (const id of PATTERN_IDS) {
      for (const language of ['en', 'bn'] as const) {
        expect(patternMessage(id, 3, 9, language)).not.toContain('{length}');
      }
    }
  });
});

describe('ageOn', () => {
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

  it('counts whole years, a birthday counting from its own day', () => {
    expect(ageOn('2000-06-15', day('2018-06-14'))).toBe(17);
    expect(ageOn('2000-06-15', day('2018-06-15'))).toBe(18);
    expect(ageOn('2000-06-15', day('2018-12-31'))).toBe(18);
    expect(ageOn('2000-12-31', day('2019-01-01'))).toBe(18);
  });

  it('tells a 20-year-old from a 21-year-old on the day of the check', () => {
    const today = day('2026-03-10');
    expect(ageOn('2005-03-11', today)).toBe(20);
    expect(ageOn('2005-03-10', today)).toBe(21);
    expect(ageOn('2005-03-10', today)! >= 21).toBe(true);
    expect(ageOn('2005-03-11', today)! >= 21).toBe(false);
  });

  it('handles a 29 February birthday in common years', () => {
    expect(ageOn('2004-02-29', day('2025-02-28'))).toBe(20);
    expect(ageOn('2004-02-29', day('2025-03-01'))).toBe(21);
    expect(ageOn('2004-02-29', day('2024-02-29'))).toBe(20);
  });

  it('refuses impossible or badly formatted dates', () => {
    for (const text of [
      '2001-02-29',
      '2000-02-30',
      '2000-13-01',
      '2000-00-10',
      '2000-04-31',
      '15-06-2000',
      '2000-6-15',
      '',
    ]) {
      expect(ageOn(text, day('2026-01-01')), text).toBeNull();
    }
  });

  it('uses the UTC date of the given instant', () => {
    // 23:30 UTC on 14 June is already 15 June in Dhaka, but the rule reads UTC dates.
    expect(ageOn('2000-06-15', new Date('2018-06-14T23:30:00Z'))).toBe(17);
    expect(ageOn('2000-06-15', new Date('2018-06-15T00:00:00Z'))).toBe(18);
  });
});
