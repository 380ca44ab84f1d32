// The slot screen: reels, bet, spin, balance, win, paytable. Plain DOM, no framework: it loads at once in the frame.
import {
  balance,
  config,
  el,
  helpDialog,
  money,
  notice,
  numbers,
  pause,
  post,
  refused,
  root,
  showNotice,
  stat,
  stats,
  t,
} from './page.js';

const WILD = 'W';
const SCATTER = 'S';
/** The pay lines (engines/slots.ts), each a row per reel, as the page's config sends them. */
const LINES = config.lines;

const picture = (symbol) =>
  symbol === WILD ? config.wild : symbol === SCATTER ? config.scatter : (config.symbols[symbol] ?? '?');

const win = el('output', { class: 'stat__value stat__value--win', 'data-testid': 'studio-win' }, money('0'));
/** The cells by reel, then row: as many as the game's first screen has. */
const cells = config.screen.map((column) => column.map(() => el('div', { class: 'cell' })));
const reels = el(
  'div',
  { class: 'reels', 'data-testid': 'studio-reels' },
  ...cells.map((column) => el('div', { class: 'reel' }, ...column)),
);
const betSelect = el(
  'select',
  { class: 'bet', 'aria-label': t.bet, 'data-testid': 'studio-bet' },
  ...config.bets.map((bet) => el('option', { value: bet }, money(bet))),
);
const spinButton = el('button', { class: 'spin', type: 'button', 'data-testid': 'studio-spin', onclick: spin }, t.spin);
const { dialog, helpButton } = helpDialog(
  t.help,
  el('p', { class: 'help__rtp' }, `${t.rtp}: ${config.rtp.toFixed(2)}%`),
  el('p', {}, t.rules),
  config.freeSpins
    ? el(
        'p',
        {},
        `${config.scatter} ${t.scatter}: ${t.freeSpinsRule.replace('{count}', config.freeSpins.count).replace('{multiplier}', config.freeSpins.multiplier)}`,
      )
    : '',
  el('p', {}, `${config.wild} ${t.wild}`),
  el(
    'table',
    { class: 'paytable' },
    el('tr', {}, el('th', {}, ''), el('th', {}, '×3'), el('th', {}, '×4'), el('th', {}, '×5')),
    ...[...config.paytable]
      .reverse()
      .map((row) =>
        el(
          'tr',
          {},
          el('td', {}, el('span', { class: `cell cell--${row.id}` }, row.picture)),
          ...row.pays.map((pay) => el('td', {}, String(pay))),
        ),
      ),
  ),
);

root.append(
  stats(stat(t.win, win)),
  reels,
  notice,
  el('div', { class: 'controls' }, el('label', { class: 'stat__label' }, t.bet, betSelect), spinButton),
  el(
    'p',
    { class: 'meta' },
    `${numbers.format(LINES.length)} ${t.lines} · ${t.rtp}: ${config.rtp.toFixed(2)}%`,
    ' · ',
    helpButton,
  ),
  config.fun ? el('p', { class: 'fun', 'data-testid': 'studio-fun' }, t.funMoney) : '',
  dialog,
);

function show(grid, lineWins = []) {
  const winning = new Set();
  for (const w of lineWins) for (let reel = 0; reel < w.count; reel++) winning.add(`${reel},${LINES[w.line][reel]}`);
  grid.forEach((column, reel) => {
    column.forEach((symbol, row) => {
      const cell = cells[reel][row];
      cell.textContent = picture(symbol);
      cell.className = `cell cell--${symbol}${winning.has(`${reel},${row}`) ? ' cell--win' : ''}`;
    });
  });
}

async function spin() {
  spinButton.disabled = true;
  spinButton.textContent = t.spinning;
  showNotice('');
  reels.classList.add('reels--spinning');
  try {
    const answer = await post('/api/spin', { session: config.session, bet: betSelect.value });
    await pause(250);
    reels.classList.remove('reels--spinning');
    if (!answer.ok) {
      refused(answer);
      return;
    }
    show(answer.round.base.grid, answer.round.base.lineWins);
    for (const [index, free] of answer.round.freeSpins.entries()) {
      notice.textContent = `${t.freeSpins} ${index + 1}/${answer.round.freeSpins.length}`;
      await pause(450);
      show(free.grid, free.lineWins);
    }
    win.textContent = money(answer.win);
    if (answer.balance) balance.textContent = money(answer.balance);
    if (answer.notice) notice.textContent = answer.notice;
    else if (answer.round.freeSpins.length === 0) notice.textContent = '';
  } catch {
    reels.classList.remove('reels--spinning');
    showNotice(t.ERROR, true);
  } finally {
    spinButton.disabled = false;
    spinButton.textContent = t.spin;
  }
}

show(config.screen);
