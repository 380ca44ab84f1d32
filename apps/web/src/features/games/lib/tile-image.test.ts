import { describe, expect, it } from 'vitest';
import { tileImageUrl } from './tile-image';

describe('tileImageUrl', () => {
  it('asks for a drawn tile in the given language, on this site or on an image host', () => {
    expect(tileImageUrl('/game-icons/PG-RNG-0001.svg', 'bn')).toBe('/game-icons/PG-RNG-0001.svg?language=bn');
    expect(tileImageUrl('https://img1.example.com/game-icons/JILI-FISH-0002.svg', 'en')).toBe(
      'https://img1.example.com/game-icons/JILI-FISH-0002.svg?language=en',
    );
  });

  it('leaves any other picture alone', () => {
    for (const url of [
      'https://cdn.vendor.example/games/777.png',
      '/img/games/g1.png',
      '/game-icons/a/b.svg',
      '/game-icons/PG-RNG-0001.svg?v=2',
      '//evil.example/game-icons/x.svg',
    ]) {
      expect(tileImageUrl(url, 'bn')).toBe(url);
    }
  });
});
