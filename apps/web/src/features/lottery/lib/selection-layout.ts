/**
 * How a bet type's selections are laid out on the board, read from their form (the details list every selection):
 * - plain: one button each (a number, a colour, big or small, a sum);
 * - positional: "A:7", "3:07", "1v10:dragon": a position first, then that position's values;
 * - combo: "03,07": k balls picked from a set (any k of 11X5), one selection once k are chosen, written ascending.
 */
export type SelectionLayout =
  | { kind: 'plain'; values: string[] }
  | { kind: 'positional'; positions: { position: string; values: string[] }[] }
  | { kind: 'combo'; size: number; balls: string[] };

export function selectionLayout(selections: readonly string[]): SelectionLayout {
  const first = selections[0] ?? '';
  if (first.includes(',') && selections.every((selection) => selection.split(',').length === first.split(',').length)) {
    const balls = [...new Set(selections.flatMap((selection) => selection.split(',')))].sort();
    return { kind: 'combo', size: first.split(',').length, balls };
  }
  if (selections.length > 0 && selections.every((selection) => /^[^:]+:[^:]+$/.test(selection))) {
    const positions = new Map<string, string[]>();
    for (const selection of selections) {
      const [position, value] = selection.split(':') as [string, string];
      positions.set(position, [...(positions.get(position) ?? []), value]);
    }
    return { kind: 'positional', positions: [...positions].map(([position, values]) => ({ position, values })) };
  }
  // A single selection of one ball ("any1": "01") is still a combo of size 1 only when others are; plain here.
  return { kind: 'plain', values: [...selections] };
}

/** A combo's selection: its balls distinct and ascending, comma separated, as the server lists them. */
export function comboSelection(balls: readonly string[]): string {
  return [...new Set(balls)].sort().join(',');
}
