// The card table against the house: Teen Patti (ante vs the dealer) or Andar Bahar (a side before the deal). Each hand
// is one paid round the studio deals; the page shows the cards, the result and the payout. Plain DOM, no framework.
import {
  balance,
  config,
  el,
  fill,
  helpDialog,
  money,
  notice,
  pause,
  percent,
  post,
  refused,
  root,
  showNotice,
  stat,
  stats,
  still,
  t,
} from './page.js';

const teenPatti = config.game === 'teen-patti';

const SUITS = { s: '♠', h: '♥', d: '♦', c: '♣' };
/** A card face from its code ("Td" = ten of diamonds); no code, its back. */
function card(code, extra = '') {
  if (!code) return el('div', { class: `card card--back ${extra}`, 'aria-hidden': 'true' });
  const rank = code.slice(0, -1) === 'T' ? '10' : code.slice(0, -1);
  const suit = code.slice(-1);
  const red = suit === 'h' || suit === 'd';
  return el(
    'div',
    { class: `card${red ? ' card--red' : ''} ${extra}`, 'data-card': code, role: 'img', 'aria-label': code },
    el('span', { class: 'card__rank' }, rank),
    el('span', { class: 'card__suit' }, SUITS[suit]),
  );
}

const win = el('output', { class: 'stat__value stat__value--win', 'data-testid': 'studio-win' }, money('0'));
const betSelect = el(
  'select',
  { class: 'bet', 'aria-label': t.bet, 'data-testid': 'studio-bet' },
  ...config.bets.map((bet) => el('option', { value: bet }, money(bet))),
);
const result = el('p', { class: 'table__result', 'data-testid': 'cards-result' });

// The table: Teen Patti has two hands of three; Andar Bahar the joker between two piles.
const rows = {};
function row(key, label) {
  const cards = el('div', { class: 'hand__cards', 'data-testid': `cards-${key}` });
  const caption = el('span', { class: 'hand__name' });
  const node = el('div', { class: `hand hand--${key}` }, el('div', { class: 'hand__label' }, label, caption), cards);
  rows[key] = { node, cards, caption };
  return node;
}
const table = el('div', { class: `table table--${config.game}`, 'data-testid': 'cards-table' });
if (teenPatti) {
  table.append(row('dealer', t.dealer), result, row('player', t.you));
  for (const key of ['dealer', 'player']) for (let i = 0; i < 3; i++) rows[key].cards.append(card(null));
} else {
  const joker = row('joker', t.joker);
  rows.joker.cards.append(card(null));
  table.append(joker, row('andar', t.andar), row('bahar', t.bahar), result);
}

const buttons = teenPatti
  ? [el('button', { class: 'spin', type: 'button', 'data-testid': 'cards-deal', onclick: () => deal() }, t.deal)]
  : ['andar', 'bahar'].map((side) =>
      el(
        'button',
        { class: `spin spin--${side}`, type: 'button', 'data-testid': `cards-bet-${side}`, onclick: () => deal(side) },
        fill(t.betOn, { side: t[side] }),
      ),
    );

const rules = t[`rules_${config.game}`];
const { dialog, helpButton } = helpDialog(
  t[`game_${config.game}`],
  el(
    'p',
    { class: 'help__rtp' },
    `${t.houseEdgeLabel}: ${percent(config.edge, 4)} · ${t.rtp}: ${percent(100 - config.edge, 4)}`,
  ),
  el('p', {}, rules),
);

root.append(
  el('p', { class: 'subtitle', 'data-testid': 'cards-game' }, t[`game_${config.game}`]),
  stats(stat(t.win, win)),
  table,
  notice,
  el(
    'div',
    { class: `controls controls--cards${teenPatti ? '' : ' controls--sides'}` },
    el('label', { class: 'stat__label' }, t.bet, betSelect),
    ...buttons,
  ),
  el('p', { class: 'meta' }, `${t.houseEdgeLabel}: ${percent(config.edge, 4)}`, ' · ', helpButton),
  config.fun ? el('p', { class: 'fun', 'data-testid': 'studio-fun' }, t.funMoney) : '',
  dialog,
);

/** A beat of the deal; none with reduced motion. */
const beat = (ms) => pause(still ? 0 : ms);

/** Lays the dealt cards out one by one, in the order they came off the deck. */
async function lay(sequence, gap) {
  for (const [key, code, extra] of sequence) {
    rows[key].cards.append(card(code, extra));
    if (!teenPatti && key !== 'joker') squeeze(rows[key].cards);
    await beat(gap);
  }
}

/** Keeps an Andar or Bahar pile on one line: the more cards, the more they overlap (the rank stays readable). */
function squeeze(pile) {
  const cards = [...pile.children];
  if (cards.length < 2) return;
  const width = cards[0].offsetWidth;
  const step = Math.min(width - 12, (pile.clientWidth - width) / (cards.length - 1));
  for (const [index, node] of cards.entries()) node.style.marginLeft = index === 0 ? '0' : `${step - width}px`;
}

function clearTable() {
  for (const { cards, caption, node } of Object.values(rows)) {
    cards.replaceChildren();
    caption.textContent = '';
    node.classList.remove('hand--winner');
  }
  result.textContent = '';
  result.className = 'table__result';
}

async function showTeenPatti(answer) {
  const { hand } = answer;
  const sequence = [];
  for (let i = 0; i < 3; i++) sequence.push(['player', hand.player[i]], ['dealer', hand.dealer[i]]);
  await lay(sequence, 140);
  rows.player.caption.textContent = t[`hand_${hand.playerHand}`];
  rows.dealer.caption.textContent = t[`hand_${hand.dealerHand}`];
  if (hand.outcome !== 'tie') rows[hand.outcome].node.classList.add('hand--winner');
  return answer.result === 'win' ? t.resultWin : answer.result === 'push' ? t.resultPush : t.resultLose;
}

async function showAndarBahar(answer) {
  const { hand } = answer;
  rows.joker.cards.append(card(hand.joker));
  await beat(300);
  // The deal alternates from the first side: rebuild that order from the two piles.
  const other = hand.firstSide === 'andar' ? 'bahar' : 'andar';
  const sequence = [];
  for (let i = 0; i < hand.cardsDealt; i++) {
    const side = i % 2 === 0 ? hand.firstSide : other;
    const code = hand[side][Math.floor(i / 2)];
    sequence.push([side, code, i === hand.cardsDealt - 1 ? 'card--match' : '']);
  }
  await lay(sequence, Math.min(140, 1600 / hand.cardsDealt));
  rows[hand.winner].node.classList.add('hand--winner');
  rows[answer.side].caption.textContent = `${t.bet}: ${money(betPlaced)}`;
  return `${fill(t.sideWins, { side: t[hand.winner] })}: ${answer.result === 'win' ? t.resultWin : t.resultLoseSide}`;
}

let betPlaced = '0';
async function deal(side) {
  for (const button of buttons) button.disabled = true;
  betSelect.disabled = true;
  showNotice(t.dealing);
  betPlaced = betSelect.value;
  try {
    const answer = await post('/api/cards/deal', { session: config.session, bet: betSelect.value, side });
    if (!answer.ok) {
      refused(answer);
      return;
    }
    notice.textContent = '';
    clearTable();
    const said = teenPatti ? await showTeenPatti(answer) : await showAndarBahar(answer);
    result.textContent = `${said} · ${t.payout}: ${money(answer.win)}`;
    result.classList.add(`table__result--${answer.result}`);
    win.textContent = money(answer.win);
    if (answer.balance) balance.textContent = money(answer.balance);
    if (answer.notice) notice.textContent = answer.notice;
  } catch {
    showNotice(t.ERROR, true);
  } finally {
    for (const button of buttons) button.disabled = false;
    betSelect.disabled = false;
  }
}
