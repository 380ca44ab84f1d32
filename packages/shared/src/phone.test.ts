import { describe, expect, it } from 'vitest';
import {
  formatMobileLocal,
  MOBILE_INPUT_MAX_LENGTH,
  maskMobileLocal,
  mobileInvalidMessage,
  parseMobile,
} from './phone.ts';
import { MOBILE_INPUT_MAX_LENGTH as FIELD_MAX_LENGTH, mobileInputCharacters } from './phone-input.ts';

const BD = '880';

describe('parseMobile', () => {
  it('reads a number of each Bangladeshi operator in its local form', () => {
    for (const [operator, typed] of [
      ['Grameenphone', '01743529090'],
      ['Banglalink', '01912345678'],
      ['Robi', '01812345678'],
      ['Airtel', '01612345678'],
      ['Teletalk', '01512345678'],
    ]) {
      expect(parseMobile(typed as string, BD), operator).toEqual({
        countryDialingCode: BD,
        nationalNumber: (typed as string).slice(1),
      });
    }
  });

  it('stores the local, national and international forms as one national significant number', () => {
    const stored = { countryDialingCode: BD, nationalNumber: '1743529090' };
    for (const typed of [
      '01743529090',
      '1743529090',
      '+8801743529090',
      '8801743529090',
      '017 4352 9090',
      '01743-529090',
      '+880 1743-529090',
      '  01743529090 ',
      '০১৭৪৩৫২৯০৯০',
    ]) {
      expect(parseMobile(typed, BD), typed).toEqual(stored);
    }
  });

  it('refuses a landline, an unknown operator prefix, and numbers too short or too long', () => {
    for (const typed of [
      '0255123456',
      '02-55123456',
      '+880255123456',
      '01243529090',
      '01043529090',
      '0174352909',
      '017435290901',
      '174352909',
      '17435290901',
      '0',
      '',
      '   ',
      '8'.repeat(MOBILE_INPUT_MAX_LENGTH + 1),
    ]) {
      expect(parseMobile(typed, BD), typed).toBeNull();
    }
  });

  it('refuses letters, NUL, other separators and stray plus signs', () => {
    for (const typed of [
      '0174352909a',
      'O1743529090',
      '017435290\u00000',
      '01743529090\u0000',
      'call 01743529090',
      '(017) 43529090',
      '017.4352.9090',
      '017--43529090',
      '++8801743529090',
      '880+1743529090',
      '017\t43529090',
      '١٧٤٣٥٢٩٠٩٠',
    ]) {
      expect(parseMobile(typed, BD), JSON.stringify(typed)).toBeNull();
    }
  });

  it('keeps a number to the country the player chose', () => {
    expect(parseMobile('+91 98123 45678', BD)).toBeNull();
    expect(parseMobile('+91 98123 45678', '91')).toEqual({ countryDialingCode: '91', nationalNumber: '9812345678' });
    expect(parseMobile('9812345678', '91')).toEqual({ countryDialingCode: '91', nationalNumber: '9812345678' });
    expect(parseMobile('+8801743529090', '91')).toBeNull();
    expect(parseMobile('01743529090', '')).toBeNull();
    expect(parseMobile('01743529090', '+880')).toBeNull();
    expect(parseMobile('01743529090', '99999')).toBeNull();
  });
});

describe('formatMobileLocal', () => {
  it('shows a stored number the way it is dialled in Bangladesh', () => {
    expect(formatMobileLocal(BD, '1743529090')).toBe('01743529090');
    expect(formatMobileLocal(BD, '1700000001')).toBe('01700000001');
  });

  it('round-trips every accepted form to the local one', () => {
    for (const typed of ['01912345678', '+8801912345678', '1912345678']) {
      const stored = parseMobile(typed, BD);
      expect(stored).not.toBeNull();
      if (stored) expect(formatMobileLocal(stored.countryDialingCode, stored.nationalNumber)).toBe('01912345678');
    }
  });

  it('shows what it cannot read as stored', () => {
    expect(formatMobileLocal(null, '1743529090')).toBe('1743529090');
    expect(formatMobileLocal(BD, 'abc')).toBe('abc');
  });
});

describe('maskMobileLocal', () => {
  it('hides the middle of the local form, keeping its prefix and last three digits', () => {
    expect(maskMobileLocal(BD, '1743529090')).toBe('017*****090');
    expect(maskMobileLocal(BD, '1700000001')).toBe('017*****001');
    expect(maskMobileLocal(null, '1234')).toBe('**34');
  });
});

describe('mobileInvalidMessage', () => {
  it('is the catalogue text for a bad phone number in both languages', () => {
    expect(mobileInvalidMessage('en')).toBe('Invalid phone number format.');
    expect(mobileInvalidMessage('bn')).toBe('ফোন নম্বরের বিন্যাস সঠিক নয়।');
  });
});

describe('mobileInputCharacters', () => {
  it('keeps what a mobile field may hold and drops the rest as it is typed', () => {
    expect(mobileInputCharacters('+880 1743-529090')).toBe('+880 1743-529090');
    expect(mobileInputCharacters('০১৭৪৩৫২৯০৯০')).toBe('০১৭৪৩৫২৯০৯০');
    expect(mobileInputCharacters('017abc43(52)9090\u0000.')).toBe('01743529090');
    expect(FIELD_MAX_LENGTH).toBe(MOBILE_INPUT_MAX_LENGTH);
  });
});
