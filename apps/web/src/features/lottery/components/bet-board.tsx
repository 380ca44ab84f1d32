import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryGameDetails } from '../api/lottery-types';
import { wingoColours } from '../lib/draw-numbers';
import { comboSelection, selectionLayout } from '../lib/selection-layout';
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

interface SelectionPanelProps {
  details: LotteryGameDetails;
  betType: string;
  selections: string[];
  picks: Pick[];
  onTogglePick: (pick: Pick) => void;
}

/** A bet type's selections as its layout asks: a grid, a position then its grid, or k balls to combine. */
function SelectionPanel({ details, betType, selections, picks, onTogglePick }: SelectionPanelProps) {
  const { t } = useTranslation();
  const layout = selectionLayout(selections);
  const [position, setPosition] = useState(layout.kind === 'positional' ? (layout.positions[0]?.position ?? '') : '');
  const [balls, setBalls] = useState<string[]>([]);
  const edges = new Map(details.betTypes.map((edge) => [`${edge.betType}:${edge.selection}`, edge.houseEdge]));
  const isPicked = (selection: string) =>
    picks.some((pick) => pick.betType === betType && pick.selection === selection);

  const button = (selection: string, shown: string) => {
    const e4 = oddsE4Of(details.odds, betType, selection);
    const odds = e4 === null ? '—' : (e4 / 10_000).toFixed(2);
    const edge = Number(edges.get(`${betType}:${selection}`) ?? Number.NaN);
    const name = t(`lottery.board.selections.${shown}`, { defaultValue: shown });
    return (
      <button
        key={selection}
        type="button"
        className={`lottery-pick lottery-pick--${shown}`}
        aria-pressed={isPicked(selection)}
        aria-label={t('lottery.board.pickLabel', { selection: name, odds })}
        title={Number.isFinite(edge) ? t('lottery.board.houseEdge', { value: (edge * 100).toFixed(2) }) : undefined}
        onClick={() => onTogglePick({ betType, selection })}
      >
        <SelectionLabel group={details.gameGroupCode} betType={betType} selection={shown} />
        <span className="lottery-pick__odds tabular">×{odds}</span>
      </button>
    );
  };
  const gridClass = (count: number) =>
    `lottery-grid-picks lottery-grid-picks--${count > 20 ? 'dense' : count > 6 ? 'many' : 'few'}`;

  if (layout.kind === 'combo') {
    const full = balls.length === layout.size;
    const combos = picks.filter((pick) => pick.betType === betType);
    return (
      <div className="lottery-combo">
        <fieldset className={`${gridClass(layout.balls.length)} lottery-set`}>
          <legend className="lottery-stakes__label">
            {t('lottery.board.comboLabel', { count: layout.size, picked: balls.length })}
          </legend>
          {layout.balls.map((ball) => (
            <button
              key={ball}
              type="button"
              className="lottery-pick"
              aria-pressed={balls.includes(ball)}
              disabled={full && !balls.includes(ball)}
              onClick={() => setBalls(balls.includes(ball) ? balls.filter((b) => b !== ball) : [...balls, ball])}
            >
              <span className="lottery-ball tabular">{ball}</span>
            </button>
          ))}
        </fieldset>
        <button
          type="button"
          className="button button--secondary"
          disabled={!full}
          onClick={() => {
            const selection = comboSelection(balls);
            if (!isPicked(selection)) onTogglePick({ betType, selection });
            setBalls([]);
          }}
        >
          {t('lottery.board.addCombo')}
        </button>
        {combos.length > 0 ? (
          <ul className="vn-typed__list">
            {combos.map((pick) => (
              <li key={pick.selection}>
                <span className="lottery-combo__pick tabular">{pick.selection}</span>
                <button
                  type="button"
                  className="lottery-slip__clear"
                  aria-label={t('lottery.vn.remove', { number: pick.selection })}
                  onClick={() => onTogglePick(pick)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }

  if (layout.kind === 'positional') {
    const current = layout.positions.find((entry) => entry.position === position) ?? layout.positions[0];
    return (
      <div className="lottery-positional">
        <fieldset className="lottery-chips lottery-set">
          <legend className="visually-hidden">{t('lottery.board.positionsLabel')}</legend>
          {layout.positions.map((entry) => {
            const count = picks.filter(
              (pick) => pick.betType === betType && pick.selection.startsWith(`${entry.position}:`),
            ).length;
            return (
              <button
                key={entry.position}
                type="button"
                className="lottery-chip"
                aria-pressed={entry.position === current?.position}
                onClick={() => setPosition(entry.position)}
              >
                {t('lottery.board.position', { position: entry.position.replace('v', ' – ') })}
                {count > 0 ? <span className="lottery-chip__count tabular">{count}</span> : null}
              </button>
            );
          })}
        </fieldset>
        {current ? (
          <fieldset className={`${gridClass(current.values.length)} lottery-set`}>
            <legend className="visually-hidden">{t('lottery.board.selectionsLabel')}</legend>
            {current.values.map((value) => button(`${current.position}:${value}`, value))}
          </fieldset>
        ) : null}
      </div>
    );
  }

  return (
    <fieldset className={`${gridClass(layout.values.length)} lottery-set`}>
      <legend className="visually-hidden">{t('lottery.board.selectionsLabel')}</legend>
      {layout.values.map((value) => button(value, value))}
    </fieldset>
  );
}

/** The bet types of the game, the grid of its selections, the multiple and the stake chips. */
export function BetBoard({ details, picks, onTogglePick, stake, onStake, multiple, onMultiple }: BetBoardProps) {
  const { t } = useTranslation();
  const types = betTypesOf(details);
  const [current, setCurrent] = useState(types[0]?.betType ?? '');
  const active = types.find((type) => type.betType === current) ?? types[0];
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
        <SelectionPanel
          key={active.betType}
          details={details}
          betType={active.betType}
          selections={active.selections}
          picks={picks}
          onTogglePick={onTogglePick}
        />
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
