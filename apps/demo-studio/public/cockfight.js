// The cockfight pit: meron / wala / draw on the pit's clock, pari-mutuel odds from everyone's bets, polled each
// second. Plain DOM, no framework.
import {
  balance,
  betOutcome,
  chipPicker,
  config,
  decimals,
  el,
  fill,
  money,
  notice,
  numbers,
  root,
  showMyBets,
  stats,
  t,
  tableClock,
} from './page.js';

const phase = el('output', { class: 'stat__value', 'data-testid': 'pit-phase' }, '…');
const countdown = el('span', { class: 'countdown' }, '');
const roundLabel = el('span', { class: 'stat__label' }, t.fight);
const proof = el('p', { class: 'proof', 'data-testid': 'pit-proof' });
const road = el('div', { class: 'road', 'data-testid': 'pit-road' });
const mine = el('ul', { class: 'my-bets', 'data-testid': 'pit-my-bets' });
const verdict = el('p', { class: 'verdict', 'data-testid': 'pit-verdict' });
const oddsNote = el('p', { class: 'meta' });

const SVG = 'http://www.w3.org/2000/svg';
/** A drawn rooster (no emoji font is needed): tail, body, neck, head, comb, beak, legs; wala's faces left. */
function rooster(side) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 64 64');
  svg.setAttribute('class', 'rooster__bird');
  svg.setAttribute('aria-hidden', 'true');
  const body = side === 'meron' ? '#b91c1c' : '#1d4ed8';
  const shapes = [
    ['path', { d: 'M14 30 C4 18 6 8 12 6 C12 16 18 22 22 26 Z', fill: '#111827' }],
    ['path', { d: 'M10 34 C2 28 2 18 6 14 C8 24 14 28 20 30 Z', fill: '#065f46' }],
    ['ellipse', { cx: 30, cy: 38, rx: 16, ry: 12, fill: body }],
    ['path', { d: 'M38 32 L44 16 L50 18 L46 34 Z', fill: body }],
    ['circle', { cx: 47, cy: 15, r: 6, fill: '#f59e0b' }],
    ['path', { d: 'M43 9 L45 4 L47 8 L49 3 L51 9 Z', fill: '#dc2626' }],
    ['path', { d: 'M52 14 L59 16 L52 18 Z', fill: '#fbbf24' }],
    ['circle', { cx: 49, cy: 13, r: 1.3, fill: '#111' }],
    ['path', { d: 'M26 49 L24 60 M34 49 L36 60', stroke: '#fbbf24', 'stroke-width': 3, fill: 'none' }],
  ];
  // Wala faces meron: drawn mirrored.
  const group = document.createElementNS(SVG, 'g');
  if (side === 'wala') group.setAttribute('transform', 'matrix(-1 0 0 1 64 0)');
  for (const [tag, attrs] of shapes) {
    const shape = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) shape.setAttribute(key, String(value));
    group.append(shape);
  }
  svg.append(group);
  return svg;
}

const corners = {};
const pit = el('div', { class: 'pit', 'data-testid': 'pit-arena' });
for (const side of ['meron', 'wala']) {
  corners[side] = {
    name: el('strong', { class: 'rooster__name' }),
    weight: el('span', { class: 'rooster__meta' }),
    form: el('span', { class: 'rooster__meta' }),
    node: null,
  };
  corners[side].node = el(
    'div',
    { class: `rooster rooster--${side}` },
    el('span', { class: 'rooster__side' }, t[side]),
    rooster(side),
    corners[side].name,
    corners[side].weight,
    corners[side].form,
  );
  pit.append(corners[side].node);
}
pit.append(verdict);

const chips = chipPicker(config.chips);

const sides = {};
const board = el('div', { class: 'board board--pit' });
for (const side of ['meron', 'wala', 'draw']) {
  sides[side] = {
    odds: el('span', { class: 'spot__odds', 'data-testid': `pit-odds-${side}` }),
    pool: el('span', { class: 'spot__pool' }),
    stake: el('span', { class: 'spot__stake' }),
  };
  sides[side].button = el(
    'button',
    {
      type: 'button',
      class: `spot spot--${side}`,
      'data-testid': `pit-spot-${side}`,
      onclick: () => clock.bet({ side }),
    },
    el('span', { class: 'spot__name' }, t[side]),
    sides[side].odds,
    sides[side].pool,
    sides[side].stake,
  );
  board.append(sides[side].button);
}

root.append(
  stats(el('div', { class: 'stat' }, roundLabel, el('span', { class: 'phase' }, phase, ' ', countdown))),
  pit,
  proof,
  notice,
  chips.group,
  board,
  oddsNote,
  el('h2', { class: 'section' }, t.history),
  road,
  el('h2', { class: 'section' }, t.myBets),
  mine,
  el('p', { class: 'meta' }, t.cockfightRules),
  config.fun ? el('p', { class: 'fun', 'data-testid': 'studio-fun' }, t.funMoney) : '',
);

/** A fresh state from the pit's clock. */
function render(state) {
  roundLabel.textContent = `${t.fight} ${numbers.format(state.round)}`;
  root.dataset.phase = state.phase;
  if (state.balance) balance.textContent = money(state.balance);
  const chance = { meron: state.card.meronChancePercent, wala: 100 - state.card.meronChancePercent };
  for (const side of ['meron', 'wala']) {
    const c = corners[side];
    c.name.textContent = state.card[side].name;
    c.weight.textContent = fill(t.weight, { grams: numbers.format(state.card[side].weightGrams) });
    c.form.textContent = fill(t.form, { percent: numbers.format(chance[side]) });
    c.node.classList.toggle('rooster--fighting', state.phase === 'result' && !state.result);
    c.node.classList.toggle('rooster--won', state.result === side);
  }
  pit.classList.toggle('pit--fight', state.phase === 'closed' || state.phase === 'result');
  verdict.textContent = state.noContest
    ? t.noContest
    : state.result
      ? `${t.phase_result}: ${t[state.result]}`
      : state.phase === 'closed'
        ? t.fight_result
        : '';
  proof.textContent = state.seed
    ? `${t.seedRevealed}: ${state.seed.slice(0, 24)}…`
    : `${t.seedHash}: ${state.commitment.slice(0, 24)}…`;
  proof.title = state.seed ?? state.commitment;
  const current = new Map();
  for (const b of state.myBets)
    if (b.round === state.round) current.set(b.side, (current.get(b.side) ?? 0) + Number(b.amount));
  for (const side of ['meron', 'wala', 'draw']) {
    const odds = state.odds[side];
    sides[side].odds.textContent = `${t.odds} ${odds === null ? '—' : decimals.format(odds)}`;
    sides[side].pool.textContent = `${t.pool} ${money(state.pools[side])}`;
    sides[side].stake.textContent = current.has(side) ? money(current.get(side)) : '';
    sides[side].button.classList.toggle('spot--mine', current.has(side));
    sides[side].button.disabled = state.phase !== 'betting';
  }
  oddsNote.textContent = state.odds.meron === null ? t.oddsWaiting : '';
  road.replaceChildren(
    ...state.history
      .slice()
      .reverse()
      .map((past) =>
        el('span', { class: `bead bead--${past.result}`, title: t[past.result] }, t[past.result].slice(0, 1)),
      ),
  );
  showMyBets(mine, state.myBets, (b) =>
    el(
      'li',
      { class: 'my-bet', 'data-testid': 'pit-my-bet' },
      `${t.fight} ${numbers.format(b.round)} · ${t[b.side]} · ${money(b.amount)} → `,
      el('strong', {}, betOutcome(b)),
    ),
  );
}

// After a bet the pools and odds change: the pit is asked again at once.
const clock = tableClock({ api: 'cockfight', phase, countdown, chip: chips.chip, render, placed: (poll) => poll() });
