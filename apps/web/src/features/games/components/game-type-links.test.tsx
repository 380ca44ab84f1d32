import fs from 'node:fs';
import path from 'node:path';
import type { GameTypeItem } from '@portal/shared/api';
import { GAME_TYPES } from '@portal/shared/constants';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/test/render';
import { GAME_TYPE_ICONS, GameTypeLinks } from './game-type-links';

const sprite = fs.readFileSync(path.join(import.meta.dirname, '../../../../public', GAME_TYPE_ICONS), 'utf8');

afterEach(() => vi.unstubAllGlobals());

describe('GameTypeLinks tiles', () => {
  it('draws each category with its own icon from the sprite, and puts HOT only where the server says so', async () => {
    const types: GameTypeItem[] = GAME_TYPES.map((gameType) => ({
      gameType,
      isHot: gameType === 'RNG' ? 1 : 0,
      vendors: [],
    }));
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/relay/GCSGAME_getVassGameType': types })));
    renderWithProviders(<GameTypeLinks variant="tiles" />, { path: '/' });
    const links = await screen.findAllByRole('link');
    expect(links).toHaveLength(GAME_TYPES.length);
    const icons = links.map((link) => link.querySelector('use')?.getAttribute('href'));
    expect(icons).toEqual(GAME_TYPES.map((gameType) => `${GAME_TYPE_ICONS}#${gameType.toLowerCase()}`));
    // Every icon the tiles ask for is drawn in the sprite.
    for (const gameType of GAME_TYPES) expect(sprite).toContain(`<symbol id="${gameType.toLowerCase()}"`);
    expect(links.filter((link) => link.querySelector('.badge--hot'))).toEqual([links[0]]);
  });
});
