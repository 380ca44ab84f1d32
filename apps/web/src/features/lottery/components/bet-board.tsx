import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryGameDetails } from '../api/lottery-types';
import { wingoColours } from '../lib/draw-numbers';
import { betTypesOf, clampMultiple, MAX_MULTIPLE, oddsE4Of, STAKE_CHIPS } from '../lib/slip';
import { DieFace } from './result-view';

export interface Pick {
  betType: string;
  selection: string;
}

export interface BetBoardProps {
  details: LotteryGameDetails;
  picks: Pick[];
  onTogglePick: (pick: Pick) => void;
  stake: string;
  onStake: (stake: string) => void;
  multiple: number;
  onMultiple: (multiple: number) => void;
}

/** How a selection reads: a number or sum as itself, a word through the strings, a die as its face. */
function SelectionLabel({ group, betType, selection }: { group: string; betType: string; selection: string }) {
  const { t } = useTranslation();
  if (group === 'WINGO' && betType === 'number') {
    const colours = wingoColours(Number(selection));
    return (
      <span className={`lottery-ball lottery-ball--wingo ${colours.map((c) => `lottery-ball--${c}`).join(' ')}`}>
        {selection}
      </span>
    );
  }
  if (group === 'K3' && (betType === 'triple' || betType === 'pair')) {
    const face = Number(selection);
    return (
      <span className="lottery-pick__dice">
        <DieFace value={face} />
        <DieFace value={face} />
        {betType === 'triple' ? <DieFace value={face} /> : null}
      </span>
    );
  }
  return <span>{t(`lottery.board.selections.${selection}`, { defaultValue: selection })}</span>;
}

/** The bet types of the game, the grid of its selections, the multiple and the stake chips. */
export function BetBoard({ details, picks, onTogglePick, stake, onStake, multiple, onMultiple }: BetBoardProps) {
  const { t } = useTranslation();
  const types = betTypesOf(details);
  const [current, setCurrent] = useState(types[0]?.betType ?? '');
  const active = types.find((type) => type.betType === current) ?? types[0];
  const edges = new Map(details.betTypes.map((edge) => [`${edge.betType}:${edge.selection}`, edge.houseEdge]));
  const typeName = (betType: string) => t(`lottery.board.betTypes.${betType}`, { defaultValue: betType });

  return (
    <div className="lottery-board">
      <fieldset className="lottery-chips lottery-board__types lottery-set">
        <legend className="visually-hidden">{t('lottery.board.betTypesLabel')}</legend>
        {types.map((type) => {
          const count = picks.filter((pick) => pick.betType === type.betType).length;
          return (
            <button
              key={type.betType}
              type="button"
              className="lottery-chip"
              aria-pressed={active?.betType === type.betType}
              onClick={() => setCurrent(type.betType)}
            >
              {typeName(type.betType)}
              {count > 0 ? <span className="lottery-chip__count tabular">{count}</span> : null}
            </button>
          );
        })}
      </fieldset>

      {active ? (
        <fieldset
          className={`lottery-grid-picks lottery-grid-picks--${active.selections.length > 6 ? 'many' : 'few'} lottery-set`}
        >
          <legend className="visually-hidden">{t('lottery.board.selectionsLabel')}</legend>
          {active.selections.map((selection) => {
            const on = picks.some((pick) => pick.betType === active.betType && pick.selection === selection);
            const e4 = oddsE4Of(details.odds, active.betType, selection);
            const odds = e4 === null ? '—' : (e4 / 10_000).toFixed(2);
            const edge = Number(edges.get(`${active.betType}:${selection}`) ?? Number.NaN);
            const name = t(`lottery.board.selections.${selection}`, { defaultValue: selection });
            return (
              <button
                key={selection}
                type="button"
                className={`lottery-pick lottery-pick--${selection}`}
                aria-pressed={on}
                aria-label={t('lottery.board.pickLabel', { selection: name, odds })}
                title={
                  Number.isFinite(edge) ? t('lottery.board.houseEdge', { value: (edge * 100).toFixed(2) }) : undefined
                }
                onClick={() => onTogglePick({ betType: active.betType, selection })}
              >
                <SelectionLabel group={details.gameGroupCode} betType={active.betType} selection={selection} />
                <span className="lottery-pick__odds tabular">×{odds}</span>
              </button>
            );
          })}
        </fieldset>
      ) : null}

      <div className="lottery-board__amounts">
        <fieldset className="lottery-stakes lottery-set">
          <legend className="lottery-stakes__label">{t('lottery.board.stake')}</legend>
          {STAKE_CHIPS.map((chip) => (
            <button
              key={chip}
              type="button"
              className="lottery-stake tabular"
              aria-pressed={stake === chip}
              onClick={() => onStake(chip)}
            >
              {Number(chip)}
            </button>
          ))}
        </fieldset>
        <div className="lottery-multiple">
          <button
            type="button"
            className="lottery-multiple__step"
            aria-label={t('lottery.board.fewer')}
            disabled={multiple <= 1}
            onClick={() => onMultiple(clampMultiple(multiple - 1))}
          >
            −
          </button>
          <label className="lottery-multiple__field">
            <span className="visually-hidden">{t('lottery.board.multiple')}</span>
            <span aria-hidden="true" className="lottery-multiple__x">
              ×
            </span>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_MULTIPLE}
              className="tabular"
              value={multiple}
              onChange={(event) => onMultiple(clampMultiple(Number(event.target.value)))}
            />
          </label>
          <button
            type="button"
            className="lottery-multiple__step"
            aria-label={t('lottery.board.more')}
            disabled={multiple >= MAX_MULTIPLE}
            onClick={() => onMultiple(clampMultiple(multiple + 1))}
          >
            +
          </button>
        </div>
      </div>
    </div>
  );
}
