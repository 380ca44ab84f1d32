import { describe, expect, it } from 'vitest';
import { formatChance, formatMultiplier, formatRoll, parseRoll, verifyHref } from './dice-format';

describe('dice formatting', () => {
  it('shows rolls, chances and multipliers as players read them', () => {
    expect(formatRoll(0)).toBe('0.00');
    expect(formatRoll(6784)).toBe('67.84');
    expect(formatRoll(9999)).toBe('99.99');
    expect(formatChance(4950)).toBe('49.50');
    expect(formatMultiplier(19_800)).toBe('1.9800');
    expect(formatMultiplier(990_000)).toBe('99.0000');
  });

  it('reads a typed target', () => {
    expect(parseRoll('49.5')).toBe(4950);
    expect(parseRoll(' 7 ')).toBe(700);
    expect(parseRoll('99.99')).toBe(9999);
    expect(parseRoll('100')).toBeNull();
    expect(parseRoll('1.234')).toBeNull();
    expect(parseRoll('-1')).toBeNull();
  });

  it('builds the verifier address', () => {
    const href = verifyHref({ serverSeed: 'ab', clientSeed: 'c d', nonce: 3, language: 'bn', target: 4950 });
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/house/verify');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      serverSeed: 'ab',
      clientSeed: 'c d',
      nonce: '3',
      lang: 'bn',
      target: '49.50',
    });
  });
});
