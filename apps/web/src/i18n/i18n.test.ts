import { describe, expect, it } from 'vitest';
import bnUi from '@/components/ui/i18n/bn.json';
import enUi from '@/components/ui/i18n/en.json';
import bnGames from '@/features/games/i18n/bn.json';
import enGames from '@/features/games/i18n/en.json';
import bnHouseBaccarat from '@/features/house-games/baccarat/i18n/bn.json';
import enHouseBaccarat from '@/features/house-games/baccarat/i18n/en.json';
import bnHouseDice from '@/features/house-games/dice/i18n/bn.json';
import enHouseDice from '@/features/house-games/dice/i18n/en.json';
import bnHouseSlot from '@/features/house-games/slot/i18n/bn.json';
import enHouseSlot from '@/features/house-games/slot/i18n/en.json';
import bnWallet from '@/features/wallet/i18n/bn.json';
import enWallet from '@/features/wallet/i18n/en.json';
import bn from './bn.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf as a dotted path with its value. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [childPath, childValue] of leaves(value, path)) result.set(childPath, childValue);
    } else {
      result.set(path, value);
    }
  }
  return result;
}

// Features (and shared components) that load their own strings with their pages are checked with the main
// catalogue; none of them may reuse a top-level key of another, or one would hide the other's strings.
const bundles = {
  bn: [bn, bnWallet, bnGames, bnHouseSlot, bnHouseDice, bnHouseBaccarat, bnUi],
  en: [en, enWallet, enGames, enHouseSlot, enHouseDice, enHouseBaccarat, enUi],
};
const catalogues = {
  bn: leaves(Object.assign({}, ...bundles.bn) as Tree),
  en: leaves(Object.assign({}, ...bundles.en) as Tree),
};

describe('translations', () => {
  it.each(Object.entries(bundles))('keeps the top-level keys of every %s bundle apart', (_, list) => {
    const keys = list.flatMap((bundle) => Object.keys(bundle));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('have the same keys in every language', () => {
    const bnKeys = [...catalogues.bn.keys()].sort();
    const enKeys = [...catalogues.en.keys()].sort();
    expect(
      bnKeys.filter((key) => !catalogues.en.has(key)),
      'keys missing in en.json',
    ).toEqual([]);
    expect(
      enKeys.filter((key) => !catalogues.bn.has(key)),
      'keys missing in bn.json',
    ).toEqual([]);
  });

  it.each(Object.entries(catalogues))('has no empty values in %s.json', (_, catalogue) => {
    const empty = [...catalogue.entries()]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('uses the same interpolation variables in every language', () => {
    const variables = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const mismatched = [...catalogues.bn.keys()].filter(
      (key) => JSON.stringify(variables(catalogues.bn.get(key))) !== JSON.stringify(variables(catalogues.en.get(key))),
    );
    expect(mismatched).toEqual([]);
  });

  it('writes Bengali in Bengali script', () => {
    const bengali = /[\u0980-\u09FF]/;
    const latinOnly = [...catalogues.bn.entries()]
      .filter(([key, value]) => !key.startsWith('languages.') && !bengali.test(String(value)))
      .map(([key]) => key);
    // Brand-like words (VIP, iOS) may stay Latin; everything else must be translated.
    expect(latinOnly).toEqual([]);
  });
});
