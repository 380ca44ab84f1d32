import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import '../i18n/register';
import { gameCard } from '../test/games-fixtures';
import { GameTile } from './game-tile';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

function renderTile(props: Partial<Parameters<typeof GameTile>[0]> = {}) {
  const handlers = { onToggleFavourite: vi.fn(), onPlay: vi.fn() };
  render(
    <ul>
      <GameTile game={gameCard()} signedIn={false} favourite={false} {...handlers} {...props} />
    </ul>,
  );
  return handlers;
}

describe('GameTile', () => {
  it('shows the name, vendor, badges, RTP and volatility', () => {
    renderTile({ game: gameCard({ isHot: 1, isNew: 1, rtp: '96.50', volatility: 'high' }) });
    expect(screen.getByRole('heading', { name: 'Lucky Gold' })).toBeTruthy();
    expect(screen.getByText('PG Soft')).toBeTruthy();
    expect(screen.getByText(t('common.hot'))).toBeTruthy();
    expect(screen.getByText(t('games.tile.new'))).toBeTruthy();
    expect(screen.getByText(t('games.tile.rtp', { value: '96.50' }))).toBeTruthy();
    expect(screen.getByText(t('games.tile.volatility', { level: t('games.tile.volatilities.high') }))).toBeTruthy();
  });

  it('states a book’s margin where the game has one', () => {
    renderTile({ game: gameCard({ gameType: 'SPORTS', margin: '5.00' }) });
    expect(screen.getByText(t('games.tile.margin', { value: '5.00' }))).toBeTruthy();
  });

  it('leaves out what the game does not have', () => {
    renderTile();
    expect(screen.queryByText(t('common.hot'))).toBeNull();
    expect(screen.queryByText(t('games.tile.new'))).toBeNull();
    expect(screen.queryByText(t('games.tile.rtp', { value: '96.50' }))).toBeNull();
    // No free play, no Try button; a visitor has no heart.
    expect(screen.queryByRole('button', { name: t('games.tile.tryName', { name: 'Lucky Gold' }) })).toBeNull();
    expect(screen.queryByRole('button', { name: t('games.tile.favourite', { name: 'Lucky Gold' }) })).toBeNull();
  });

  it('plays for money or for free and toggles the heart for members', () => {
    const { onPlay, onToggleFavourite } = renderTile({
      game: gameCard({ hasTrial: true }),
      signedIn: true,
      favourite: true,
    });
    fireEvent.click(screen.getByRole('button', { name: t('games.tile.playName', { name: 'Lucky Gold' }) }));
    fireEvent.click(screen.getByRole('button', { name: t('games.tile.tryName', { name: 'Lucky Gold' }) }));
    expect(onPlay.mock.calls.map(([, mode]) => mode)).toEqual(['real', 'trial']);
    const heart = screen.getByRole('button', { name: t('games.tile.favourite', { name: 'Lucky Gold' }) });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(heart);
    expect(onToggleFavourite).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 'g1' }));
  });

  it('asks for its drawn picture in the page’s language, so the name on it is the caption’s', async () => {
    const drawn = gameCard({ nodeId: 'PG-RNG-0001', imageUrl: '/game-icons/PG-RNG-0001.svg' });
    const { unmount } = render(
      <ul>
        <GameTile game={drawn} signedIn={false} favourite={false} onToggleFavourite={vi.fn()} onPlay={vi.fn()} />
      </ul>,
    );
    const image = () => screen.getByTestId('game-PG-RNG-0001').querySelector('img')?.getAttribute('src');
    expect(image()).toBe('/game-icons/PG-RNG-0001.svg?language=bn');
    await act(() => i18n.changeLanguage('en'));
    try {
      expect(image()).toBe('/game-icons/PG-RNG-0001.svg?language=en');
    } finally {
      unmount();
      await i18n.changeLanguage('bn');
    }
  });

  it('keeps a vendor’s own picture as it is', () => {
    renderTile({ game: gameCard({ imageUrl: 'https://img.vendor.example/pg/g1.png' }) });
    expect(screen.getByTestId('game-g1').querySelector('img')?.getAttribute('src')).toBe(
      'https://img.vendor.example/pg/g1.png',
    );
  });
});
