// A live table: baccarat or roulette on the studio's table clock. The page polls the table's state each second;
// bets go to /api/live/bet while betting is open. Plain DOM, no framework.
import {
  balance,
  betOutcome,
  chipPicker,
  config,
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

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
const colourOf = (n) => (n === 0 ? 'green' : RED.includes(n) ? 'red' : 'black');

const spotLabel = (spot) => {
  if (t[spot]) return t[spot];
  const [kind, n] = spot.split(':');
  if (kind === 'straight') return numbers.format(Number(n));
  return fill(t[kind] ?? spot, { n: numbers.format(Number(n)) });
};

const phase = el('output', { class: 'stat__value', 'data-testid': 'live-phase' }, '…');
const countdown = el('span', { class: 'countdown', 'data-testid': 'live-countdown' }, '');
const roundLabel = el('span', { class: 'stat__label', 'data-testid': 'live-round' }, t.round);
const proof = el('p', { class: 'proof', 'data-testid': 'live-proof' });
const road = el('div', { class: 'road', 'data-testid': 'live-road', 'aria-label': t.history });
const mine = el('ul', { class: 'my-bets', 'data-testid': 'live-my-bets' });

// The table: two hands for baccarat, a wheel for roulette.
const felt = el('div', { class: `felt felt--${config.game}`, 'data-testid': 'live-table' });
const hands = { player: el('div', { class: 'hand__cards' }), banker: el('div', { class: 'hand__cards' }) };
const totals = { player: el('span', { class: 'hand__total' }), banker: el('span', { class: 'hand__total' }) };
const wheel = el('div', { class: 'wheel' }, el('span', { class: 'wheel__pocket', 'data-testid': 'live-pocket' }, ''));
if (config.game === 'baccarat') {
  for (const side of ['player', 'banker']) {
    felt.append(
      el(
        'div',
        { class: `hand hand--${side}`, 'data-testid': `live-hand-${side}` },
        el('span', { class: 'hand__name' }, t[side], ' ', totals[side]),
        hands[side],
      ),
    );
  }
} else {
  felt.append(wheel);
}
const verdict = el('p', { class: 'verdict', 'data-testid': 'live-verdict' });
felt.append(verdict);

// Chips and the betting spots.
const chips = chipPicker(config.chips);

const spotButtons = new Map();
function spotButton(spot, extra = '') {
  const stake = el('span', { class: 'spot__stake' });
  const button = el(
    'button',
    {
      type: 'button',
      class: `spot ${extra}`,
      'data-spot': spot,
      'data-testid': `live-spot-${spot.replace(':', '-')}`,
      onclick: () => clock.bet({ spot }),
    },
    el('span', { class: 'spot__name' }, spotLabel(spot)),
    stake,
  );
  spotButtons.set(spot, { button, stake });
  return button;
}
const board = el('div', { class: `board board--${config.game}` });
if (config.game === 'baccarat') {
  for (const spot of config.spots) board.append(spotButton(spot, `spot--${spot}`));
} else {
  const grid = el('div', { class: 'numbers' }, spotButton('straight:0', 'spot--green spot--zero'));
  for (let row = 3; row >= 1; row--) {
    for (let col = 0; col < 12; col++) {
      const n = col * 3 + row;
      grid.append(spotButton(`straight:${n}`, `spot--${colourOf(n)}`));
    }
  }
  board.append(grid);
  const outside = el('div', { class: 'outside' });
  for (const spot of [
    'dozen:1',
    'dozen:2',
    'dozen:3',
    'column:1',
    'column:2',
    'column:3',
    'low',
    'even',
    'red',
    'black',
    'odd',
    'high',
  ])
    outside.append(spotButton(spot, spot === 'red' || spot === 'black' ? `spot--${spot}` : ''));
  board.append(outside);
}

const rules =
  config.game === 'baccarat'
    ? `${t.baccaratRules} ${fill(t.houseEdge, { value: numbers.format(config.edges.banker) })} (${t.banker})`
    : `${t.rouletteRules} ${fill(t.houseEdge, { value: numbers.format(config.edges.all) })}`;

root.append(
  stats(el('div', { class: 'stat' }, roundLabel, el('span', { class: 'phase' }, phase, ' ', countdown))),
  felt,
  proof,
  notice,
  chips.group,
  el('p', { class: 'meta' }, t.tapSpot),
  board,
  el('h2', { class: 'section' }, t.history),
  road,
  el('h2', { class: 'section' }, t.myBets),
  mine,
  el('p', { class: 'meta' }, rules),
  config.fun ? el('p', { class: 'fun', 'data-testid': 'studio-fun' }, t.funMoney) : '',
);

function cardNode(code, index) {
  const suit = { s: '♠', h: '♥', d: '♦', c: '♣' }[code.slice(-1)];
  const rank = code.slice(0, -1).replace('T', '10');
  const red = code.endsWith('h') || code.endsWith('d');
  const node = el('span', { class: `card${red ? ' card--red' : ''}` }, rank, suit);
  // Through the CSSOM: the page's policy refuses inline style attributes.
  node.style.animationDelay = `${index * 0.45}s`;
  return node;
}

let state = null;
let shownRound = null;

function renderTable() {
  const key = `${state.round}:${state.result ? 'r' : '-'}`;
  if (key === shownRound) return;
  shownRound = key;
  verdict.textContent = '';
  if (config.game === 'baccarat') {
    for (const side of ['player', 'banker']) {
      hands[side].replaceChildren();
      totals[side].textContent = '';
    }
    if (!state.result) return;
    // Dealt in order: player, banker, player, banker, then third cards.
    const order = [
      ['player', 0],
      ['banker', 0],
      ['player', 1],
      ['banker', 1],
      ['player', 2],
      ['banker', 2],
    ];
    let dealt = 0;
    for (const [side, index] of order) {
      const code = state.result[side][index];
      if (code) hands[side].append(cardNode(code, dealt++));
    }
    setTimeout(() => {
      totals.player.textContent = numbers.format(state.result?.playerTotal ?? 0);
      totals.banker.textContent = numbers.format(state.result?.bankerTotal ?? 0);
      if (state.result) verdict.textContent = t[state.result.winner];
    }, dealt * 450);
  } else {
    const pocket = wheel.firstChild;
    wheel.classList.remove('wheel--spin', 'wheel--red', 'wheel--black', 'wheel--green');
    if (state.phase === 'closed') {
      pocket.textContent = '';
      wheel.classList.add('wheel--spin');
      return;
    }
    if (!state.result) {
      pocket.textContent = '';
      return;
    }
    wheel.classList.add(`wheel--${state.result.colour}`);
    pocket.textContent = numbers.format(state.result.pocket);
    verdict.textContent = `${numbers.format(state.result.pocket)} · ${t[state.result.colour] ?? ''}`;
  }
}

function renderRoad() {
  road.replaceChildren(
    ...state.history
      .slice()
      .reverse()
      .map((past) =>
        config.game === 'baccarat'
          ? el('span', { class: `bead bead--${past.winner}`, title: t[past.winner] }, t[past.winner].slice(0, 1))
          : el('span', { class: `bead bead--${past.colour}` }, numbers.format(past.pocket)),
      ),
  );
}

function renderBets() {
  const current = new Map();
  for (const b of state.myBets)
    if (b.round === state.round) current.set(b.spot, (current.get(b.spot) ?? 0) + Number(b.amount));
  for (const [spot, { button, stake }] of spotButtons) {
    stake.textContent = current.has(spot) ? numbers.format(current.get(spot)) : '';
    button.classList.toggle('spot--mine', current.has(spot));
    button.disabled = state.phase !== 'betting';
  }
  showMyBets(mine, state.myBets, (b) => {
    // A bet paid back its stake is a push here (a tie refunds player and banker bets).
    const push = b.payout !== null && b.payout !== 'refund' && Number(b.payout) === Number(b.amount);
    return el(
      'li',
      {
        class: `my-bet${b.payout !== null && Number(b.payout) > Number(b.amount) ? ' my-bet--won' : ''}`,
        'data-testid': 'live-my-bet',
      },
      `${t.round} ${numbers.format(b.round)} · ${spotLabel(b.spot)} · ${money(b.amount)} → `,
      el('strong', {}, push ? fill(t.push, { amount: money(b.payout) }) : betOutcome(b)),
    );
  });
}

/** A fresh state from the table's clock. */
function render(answer) {
  state = answer;
  roundLabel.textContent = `${t.round} ${numbers.format(state.round)}`;
  root.dataset.phase = state.phase;
  root.dataset.round = String(state.round);
  if (state.balance) balance.textContent = money(state.balance);
  proof.textContent = state.seed
    ? `${t.seedRevealed}: ${state.seed.slice(0, 24)}…`
    : `${t.seedHash}: ${state.commitment.slice(0, 24)}…`;
  proof.title = state.seed ?? state.commitment;
  renderTable();
  renderRoad();
  renderBets();
}

const clock = tableClock({
  api: 'live',
  phase,
  countdown,
  chip: chips.chip,
  render,
  placed: () => renderBets(),
});
