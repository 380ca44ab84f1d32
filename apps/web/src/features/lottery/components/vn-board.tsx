import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VnBetType } from '../api/lottery-types';
import { isXien, MAX_POINTS, TWO_DIGITS, typedNumber } from '../lib/vn-ticket';

export interface VnBoardProps {
  betTypes: VnBetType[];
  bet: VnBetType;
  onBet: (betType: string) => void;
  numbers: string[];
  onNumbers: (numbers: string[]) => void;
  points: number;
  onPoints: (points: number) => void;
}

const clampPoints = (value: number) =>
  Number.isFinite(value) ? Math.min(MAX_POINTS, Math.max(1, Math.trunc(value))) : 1;

/** 3-digit bets (lô 3, 3 càng): numbers 000–999 typed one by one, each removable. */
function TypedNumbers({ numbers, onNumbers }: Pick<VnBoardProps, 'numbers' | 'onNumbers'>) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const hintId = useId();
  function add() {
    const number = typedNumber(text, 3);
    if (!number) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText('');
    if (!numbers.includes(number)) onNumbers([...numbers, number]);
  }
  return (
    <div className="vn-typed">
      <form
        className="vn-typed__form"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <label className="vn-typed__field">
          <span>{t('lottery.vn.typeLabel', { digits: 3 })}</span>
          <input
            className="lottery-search__input tabular"
            inputMode="numeric"
            maxLength={3}
            pattern="[0-9]{1,3}"
            placeholder="000"
            value={text}
            aria-invalid={invalid}
            aria-describedby={invalid ? hintId : undefined}
            onChange={(event) => setText(event.target.value.replace(/[^0-9]/g, ''))}
          />
        </label>
        <button type="submit" className="button button--secondary">
          {t('lottery.vn.add')}
        </button>
      </form>
      {invalid ? (
        <p id={hintId} className="lottery-confirm__error" role="alert">
          {t('lottery.vn.typedInvalid', { digits: 3, min: '000', max: '999' })}
        </p>
      ) : null}
      {numbers.length > 0 ? (
        <ul className="vn-typed__list">
          {numbers.map((number) => (
            <li key={number}>
              <span className="lottery-ball tabular">{number}</span>
              <button
                type="button"
                className="lottery-slip__clear"
                aria-label={t('lottery.vn.remove', { number })}
                onClick={() => onNumbers(numbers.filter((other) => other !== number))}
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

/** The Vietnamese bet board: the bet type, numbers on the 00–99 grid (or typed, for 3 digits) and the points. */
export function VnBoard({ betTypes, bet, onBet, numbers, onNumbers, points, onPoints }: VnBoardProps) {
  const { t } = useTranslation();
  const xien = isXien(bet);
  function toggle(number: string) {
    if (numbers.includes(number)) onNumbers(numbers.filter((other) => other !== number));
    // A xiên takes exactly its count of numbers: a further one replaces the earliest picked.
    else if (xien && numbers.length >= bet.numbers) onNumbers([...numbers.slice(1), number]);
    else onNumbers([...numbers, number]);
  }
  return (
    <div className="lottery-board">
      <fieldset className="lottery-chips lottery-set">
        <legend className="visually-hidden">{t('lottery.board.betTypesLabel')}</legend>
        {betTypes.map((type) => (
          <button
            key={type.betType}
            type="button"
            className="lottery-chip"
            aria-pressed={type.betType === bet.betType}
            onClick={() => onBet(type.betType)}
          >
            {t(`lottery.vn.betTypes.${type.betType}`, { defaultValue: type.betType })}
          </button>
        ))}
      </fieldset>
      <p className="vn-help">
        {t(`lottery.vn.betHelp.${bet.betType}`, { defaultValue: '' })}
        {xien ? (
          <strong className="vn-help__count tabular">
            {' '}
            {t('lottery.vn.pickCount', { picked: numbers.length, needed: bet.numbers })}
          </strong>
        ) : null}
      </p>
      {bet.digits === 3 ? (
        <TypedNumbers numbers={numbers} onNumbers={onNumbers} />
      ) : (
        <fieldset className="vn-grid lottery-set">
          <legend className="visually-hidden">{t('lottery.vn.gridLabel')}</legend>
          {TWO_DIGITS.map((number) => (
            <button
              key={number}
              type="button"
              className="vn-grid__number tabular"
              aria-pressed={numbers.includes(number)}
              onClick={() => toggle(number)}
            >
              {number}
            </button>
          ))}
        </fieldset>
      )}
      <div className="lottery-multiple vn-points">
        <span className="lottery-stakes__label">{t('lottery.vn.points')}</span>
        <button
          type="button"
          className="lottery-multiple__step"
          aria-label={t('lottery.vn.fewerPoints')}
          disabled={points <= 1}
          onClick={() => onPoints(clampPoints(points - 1))}
        >
          −
        </button>
        <label className="lottery-multiple__field">
          <span className="visually-hidden">{t('lottery.vn.points')}</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_POINTS}
            className="tabular"
            value={points}
            onChange={(event) => onPoints(clampPoints(Number(event.target.value)))}
          />
        </label>
        <button
          type="button"
          className="lottery-multiple__step"
          aria-label={t('lottery.vn.morePoints')}
          disabled={points >= MAX_POINTS}
          onClick={() => onPoints(clampPoints(points + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}
