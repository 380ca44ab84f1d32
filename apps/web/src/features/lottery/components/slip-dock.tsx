import { useState } from 'react';
import type { LotteryGameDetails, SlipItem } from '../api/lottery-types';
import { ConfirmSheet, type ConfirmSheetProps } from './confirm-sheet';
import { SlipBar } from './slip-bar';

export interface SlipDockProps {
  details: LotteryGameDetails;
  /** The draw taking bets, or null while none does. */
  numero: string | null;
  open: boolean;
  items: SlipItem[];
  /** The picks' cost on one draw and the most they can win (null where that is not one figure). */
  cost: string;
  win: string | null;
  signedIn: boolean;
  onSignIn: () => void;
  onClear: () => void;
  /** Money moved: the app reads the balance again. */
  onBalanceChange: () => void;
  /** What the game's confirm sheet shows beyond the picks and total (the Vietnamese ticket, the chase's draws). */
  sheet?: Pick<ConfirmSheetProps, 'chaseNumeros' | 'winText' | 'preview' | 'onRefused'>;
}

/**
 * The slip bar and the confirm sheet it opens, as every lottery game page has them: once the bets are placed the
 * sheet closes, the slip empties and the balance is read again.
 */
export function SlipDock({
  details,
  numero,
  open,
  items,
  cost,
  win,
  signedIn,
  onSignIn,
  onClear,
  onBalanceChange,
  sheet,
}: SlipDockProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <SlipBar
        count={items.length}
        cost={cost}
        win={win}
        open={open}
        signedIn={signedIn}
        onPlace={() => setConfirming(true)}
        onClear={onClear}
        onSignIn={onSignIn}
      />
      {confirming ? (
        <ConfirmSheet
          {...sheet}
          details={details}
          numero={open ? numero : null}
          open={open}
          items={items}
          onClose={() => setConfirming(false)}
          onPlaced={() => {
            setConfirming(false);
            onClear();
            onBalanceChange();
          }}
        />
      ) : null}
    </>
  );
}
