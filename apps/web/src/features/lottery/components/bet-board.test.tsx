import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import type { LotteryGameDetails } from '../api/lottery-types';
import { togglePick } from '../lib/slip';
import { BetBoard, type Pick } from './bet-board';
import '../i18n/register';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

function details(group: string, betTypes: [string, string[]][], odds: Record<string, string>): LotteryGameDetails {
  return {
    gameId: `${group}_1M`,
    gameGroupCode: group,
    name: group,
    roundSeconds: 60,
    lockSeconds: 5,
    odds,
    betTypes: betTypes.flatMap(([betType, selections]) =>
      selections.map((selection) => ({ betType, selection, houseEdge: '0.05' })),
    ),
  };
}

/** The board with its picks kept as the game page keeps them; the picks are shown for the test to read. */
function Board({ game }: { game: LotteryGameDetails }) {
  const [picks, setPicks] = useState<Pick[]>([]);
  return (
    <>
      <BetBoard
        details={game}
        picks={picks}
        onTogglePick={(pick) => setPicks((current) => togglePick(current, pick))}
        stake="1.00"
        onStake={() => {}}
        multiple={1}
        onMultiple={() => {}}
      />
      <output data-testid="picks">{picks.map((pick) => `${pick.betType}=${pick.selection}`).join(' ')}</output>
    </>
  );
}

const balls = ['01', '02', '03', '04', '05'];
const pairs = balls.flatMap((a, i) => balls.slice(i + 1).map((b) => `${a},${b}`));

describe('BetBoard layouts', () => {
  it('combines k balls into one pick for an "any k" bet, written ascending', () => {
    render(<Board game={details('11X5', [['any2', pairs]], { any2: '5.0000' })} />);
    const add = screen.getByRole('button', { name: t('lottery.board.addCombo') });
    expect(screen.getAllByRole('button', { name: /^0\d$/ })).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: '04' }));
    expect(add).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '02' }));
    // Two of two chosen: the other balls wait, and the pick can be added.
    expect(screen.getByRole('button', { name: '03' })).toHaveProperty('disabled', true);
    fireEvent.click(add);
    expect(screen.getByTestId('picks').textContent).toBe('any2=02,04');
  });

  it('chooses a position, then that position’s values', () => {
    const positional = ['A', 'B'].flatMap((p) => ['0', '1'].map((v) => `${p}:${v}`));
    render(<Board game={details('5D', [['digit', positional]], { digit: '9.8000' })} />);
    fireEvent.click(screen.getByRole('button', { name: t('lottery.board.position', { position: 'B' }) }));
    fireEvent.click(
      screen.getByRole('button', { name: t('lottery.board.pickLabel', { selection: '1', odds: '9.80' }) }),
    );
    expect(screen.getByTestId('picks').textContent).toBe('digit=B:1');
  });
});
