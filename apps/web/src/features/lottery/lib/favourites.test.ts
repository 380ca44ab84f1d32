import { describe, expect, it } from 'vitest';
import { LOTTERY_FAVOURITES_KEY, readFavourites, toggleFavourite } from './favourites';

describe('lottery favourites', () => {
  it('keeps one list per username under LOTTFAV', () => {
    expect(toggleFavourite('amin', 'WINGO_1M')).toEqual(['WINGO_1M']);
    expect(toggleFavourite('amin', 'K3_1M')).toEqual(['WINGO_1M', 'K3_1M']);
    expect(toggleFavourite('bina', 'K3_1M')).toEqual(['K3_1M']);
    expect(JSON.parse(window.localStorage.getItem(LOTTERY_FAVOURITES_KEY) ?? '')).toEqual({
      amin: ['WINGO_1M', 'K3_1M'],
      bina: ['K3_1M'],
    });
    expect(readFavourites('amin')).toEqual(['WINGO_1M', 'K3_1M']);
  });

  it('removes a game saved before', () => {
    toggleFavourite('amin', 'WINGO_1M');
    expect(toggleFavourite('amin', 'WINGO_1M')).toEqual([]);
    expect(readFavourites('amin')).toEqual([]);
  });

  it('reads a broken value as no favourites', () => {
    window.localStorage.setItem(LOTTERY_FAVOURITES_KEY, '{not json');
    expect(readFavourites('amin')).toEqual([]);
    window.localStorage.setItem(LOTTERY_FAVOURITES_KEY, JSON.stringify({ amin: ['A', 3] }));
    expect(readFavourites('amin')).toEqual(['A']);
  });
});
