// The sports and esports book: fixtures with prices, a bet slip (single or parlay), my bets. Plain DOM, no framework.
import { balance, config, decimals, el, money, notice, numbers, post, root, showNotice, t } from './page.js';

const odds = (x100) => decimals.format(x100 / 100);
const SPORT_NAMES = { cricket: t.sportsCricket, football: t.sportsFootball, esports: t.sportsEsports };

const state = { fixtures: [], bets: [], slip: [], sport: 'all', transfer: false, skew: 0, placing: false };

const balanceLabel = el('span', { class: 'stat__label' }, t.balance);
const moveIn = el(
  'p',
  { class: 'notice notice--error', hidden: true, 'data-testid': 'sports-move-in' },
  t.sportsMoveIn,
);
const tabs = el('div', { class: 'tabs', role: 'tablist' });
const list = el('div', { class: 'fixtures', 'data-testid': 'sports-fixtures' });
const slip = el('section', { class: 'slip', 'aria-label': t.sportsSlip, 'data-testid': 'sports-slip' });
const slipBar = el('button', {
  type: 'button',
  class: 'slip-bar',
  hidden: true,
  'data-testid': 'sports-slip-bar',
  onclick: () => slip.scrollIntoView({ behavior: 'smooth' }),
});
const myBets = el('section', { class: 'mybets', 'data-testid': 'sports-my-bets' });

if (config.sports.length > 1) {
  for (const sport of ['all', ...config.sports]) {
    tabs.append(
      el(
        'button',
        {
          type: 'button',
          class: 'tab',
          role: 'tab',
          'data-sport': sport,
          'data-testid': `sports-tab-${sport}`,
          onclick: () => {
            state.sport = sport;
            render();
          },
        },
        sport === 'all' ? t.sportsAll : SPORT_NAMES[sport],
      ),
    );
  }
}

root.append(
  el('div', { class: 'stats stats--one' }, el('div', { class: 'stat' }, balanceLabel, balance)),
  moveIn,
  config.fun ? el('p', { class: 'fun', 'data-testid': 'studio-fun' }, t.sportsFun) : '',
  tabs,
  list,
  slipBar,
  slip,
  myBets,
  notice,
  el('p', { class: 'meta' }, t.sportsMargin.replace('{margin}', numbers.format(config.margin))),
  el('p', { class: 'meta' }, t.sportsRules),
);

function marketName(fixture, market) {
  if (market.type === 'winner') return fixture.sport === 'football' ? t.sports1x2 : t.sportsWinner;
  if (market.type === 'handicap') return t.sportsHandicap;
  return `${t.sportsTotal} ${numbers.format(market.line)}`;
}
function signed(line) {
  const text = numbers.format(Math.abs(line));
  return line > 0 ? `+${text}` : line < 0 ? `−${text}` : text;
}
function selectionName(fixture, market, selection) {
  const line =
    market.type === 'handicap' ? (side) => ` ${signed(side === 'home' ? market.line : -market.line)}` : () => '';
  if (selection === 'home') return `${fixture.home}${line('home')}`;
  if (selection === 'away') return `${fixture.away}${line('away')}`;
  if (selection === 'draw') return t.sportsDraw;
  return selection === 'over' ? t.sportsOver : t.sportsUnder;
}
const sameMarket = (a, b) => a.type === b.type && (a.type === 'winner' || a.line === b.line);

function countdown(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${numbers.format(m)}:${numbers.format(s).padStart(2, numbers.format(0))}`;
}

function toggle(fixture, market, selection, oddsX100) {
  const index = state.slip.findIndex((leg) => leg.fixtureId === fixture.id);
  const existing = state.slip[index];
  if (existing && sameMarket(existing.market, market) && existing.selection === selection) {
    state.slip.splice(index, 1);
  } else {
    const leg = {
      fixtureId: fixture.id,
      market,
      selection,
      oddsX100,
      label: `${fixture.home} – ${fixture.away}`,
      pick: `${marketName(fixture, market)}: ${selectionName(fixture, market, selection)}`,
    };
    // One leg per match: a second price on the same match replaces the first.
    if (index >= 0) state.slip[index] = leg;
    else if (state.slip.length >= config.maxLegs) {
      showNotice(t.sportsMaxLegs.replace('{count}', numbers.format(config.maxLegs)), true);
      return;
    } else state.slip.push(leg);
  }
  showNotice('');
  render();
}

function renderFixture(fixture, now) {
  const inSlip = (market, selection) =>
    state.slip.some(
      (leg) => leg.fixtureId === fixture.id && sameMarket(leg.market, market) && leg.selection === selection,
    );
  const status =
    fixture.state === 'upcoming'
      ? t.sportsStartsIn.replace('{time}', countdown(fixture.kickoffMs - now))
      : fixture.state === 'live'
        ? t.sportsLive
        : t.sportsFinished;
  const score = (side) => (fixture.score ? numbers.format(fixture.score[side]) : '');
  const card = el(
    'article',
    { class: `fixture fixture--${fixture.state}`, 'data-testid': 'sports-fixture', 'data-fixture': fixture.id },
    el(
      'header',
      { class: 'fixture__head' },
      el('span', {}, `${SPORT_NAMES[fixture.sport]} · ${fixture.competition}`),
      el('span', { class: `fixture__state fixture__state--${fixture.state}` }, status),
    ),
    el(
      'div',
      { class: 'fixture__teams' },
      el('span', { class: fixture.score?.winner === 'home' ? 'team team--won' : 'team' }, fixture.home),
      el(
        'b',
        { class: 'score', 'data-testid': 'sports-score' },
        fixture.score ? `${score('home')} – ${score('away')}` : 'vs',
      ),
      el('span', { class: fixture.score?.winner === 'away' ? 'team team--won' : 'team' }, fixture.away),
    ),
  );
  for (const priced of fixture.markets) {
    const row = el('div', { class: 'market__prices' });
    for (const choice of priced.selections) {
      row.append(
        el(
          'button',
          {
            type: 'button',
            class: inSlip(priced.market, choice.selection) ? 'price price--on' : 'price',
            'aria-pressed': String(inSlip(priced.market, choice.selection)),
            'data-testid': 'sports-price',
            'data-market': priced.market.type,
            'data-selection': choice.selection,
            onclick: () => toggle(fixture, priced.market, choice.selection, choice.oddsX100),
          },
          el('span', { class: 'price__name' }, selectionName(fixture, priced.market, choice.selection)),
          el('b', {}, odds(choice.oddsX100)),
        ),
      );
    }
    card.append(
      el('div', { class: 'market' }, el('span', { class: 'market__name' }, marketName(fixture, priced.market)), row),
    );
  }
  return card;
}

function combinedOdds() {
  return state.slip.reduce((product, leg) => product * (leg.oddsX100 / 100), 1);
}

/** Stake × the product of the legs' odds, rounded down to the cent, as the book pays. */
function potential(stakeText) {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(stakeText)) return null;
  let numerator = BigInt(Math.round(Number(stakeText) * 100));
  let denominator = 1n;
  for (const leg of state.slip) {
    numerator *= BigInt(leg.oddsX100);
    denominator *= 100n;
  }
  const cents = numerator / denominator;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

const stakeInput = el('input', {
  class: 'stake',
  inputmode: 'decimal',
  value: '10.00',
  'aria-label': t.sportsStake,
  'data-testid': 'sports-stake',
  oninput: () => renderSlipTotals(),
});
const potentialOut = el('output', { class: 'stat__value stat__value--win', 'data-testid': 'sports-potential' });
const totalOdds = el('b', { 'data-testid': 'sports-total-odds' });
const placeButton = el(
  'button',
  { type: 'button', class: 'spin', 'data-testid': 'sports-place', onclick: place },
  t.sportsPlace,
);

function renderSlipTotals() {
  const payout = potential(stakeInput.value.trim());
  potentialOut.textContent = payout ? money(payout) : '—';
  totalOdds.textContent = decimals.format(combinedOdds());
  placeButton.disabled = state.placing || state.slip.length === 0 || !payout || config.fun;
}

function renderSlip() {
  slipBar.hidden = state.slip.length === 0;
  slipBar.replaceChildren(
    el(
      'span',
      {},
      `${t.sportsSlip} · ${state.slip.length === 1 ? t.sportsSingle : t.sportsParlay.replace('{legs}', numbers.format(state.slip.length))}`,
    ),
    el('span', {}, `${t.sportsOdds} ${decimals.format(combinedOdds())} ↓`),
  );
  slip.replaceChildren(el('h2', {}, t.sportsSlip));
  if (state.slip.length === 0) {
    slip.append(el('p', { class: 'meta' }, t.sportsSlipEmpty));
    return;
  }
  slip.append(
    el(
      'p',
      { class: 'slip__type', 'data-testid': 'sports-slip-type' },
      state.slip.length === 1 ? t.sportsSingle : t.sportsParlay.replace('{legs}', numbers.format(state.slip.length)),
      ' · ',
      `${t.sportsOdds} `,
      totalOdds,
    ),
  );
  const legs = el('ul', { class: 'slip__legs' });
  state.slip.forEach((leg, index) => {
    legs.append(
      el(
        'li',
        { 'data-testid': 'sports-slip-leg' },
        el('span', {}, el('b', {}, leg.pick), el('br'), el('small', {}, leg.label)),
        el('b', {}, odds(leg.oddsX100)),
        el(
          'button',
          {
            type: 'button',
            class: 'link',
            'aria-label': t.sportsRemove,
            onclick: () => {
              state.slip.splice(index, 1);
              render();
            },
          },
          '✕',
        ),
      ),
    );
  });
  const chips = el('div', { class: 'chips' });
  for (const amount of config.stakes) {
    chips.append(
      el(
        'button',
        {
          type: 'button',
          class: 'chip',
          onclick: () => {
            stakeInput.value = amount;
            renderSlipTotals();
          },
        },
        decimals.format(Number(amount)),
      ),
    );
  }
  slip.append(
    legs,
    el('label', { class: 'stat__label' }, t.sportsStake, stakeInput),
    chips,
    el('div', { class: 'stat' }, el('span', { class: 'stat__label' }, t.sportsPotential), potentialOut),
    el(
      'div',
      { class: 'slip__actions' },
      el(
        'button',
        {
          type: 'button',
          class: 'link',
          onclick: () => {
            state.slip = [];
            render();
          },
        },
        t.sportsClear,
      ),
      placeButton,
    ),
  );
  renderSlipTotals();
}

const STATUS = { pending: t.sportsPending, won: t.sportsWon, lost: t.sportsLost, void: t.sportsVoid };

function renderBets() {
  myBets.replaceChildren(el('h2', {}, t.sportsMyBets));
  if (state.bets.length === 0) {
    myBets.append(el('p', { class: 'meta' }, t.sportsNoBets));
    return;
  }
  for (const bet of state.bets) {
    myBets.append(
      el(
        'article',
        { class: `bet-card bet-card--${bet.status}`, 'data-testid': 'sports-bet', 'data-status': bet.status },
        el(
          'header',
          { class: 'fixture__head' },
          el(
            'span',
            {},
            bet.legs.length === 1 ? t.sportsSingle : t.sportsParlay.replace('{legs}', numbers.format(bet.legs.length)),
            ` · ${money(bet.stake)}`,
          ),
          el('b', { class: `bet-status bet-status--${bet.status}` }, STATUS[bet.status] ?? bet.status),
        ),
        el(
          'ul',
          { class: 'bet-card__legs' },
          ...bet.legs.map((leg) =>
            el(
              'li',
              { class: `leg leg--${leg.status}` },
              el(
                'span',
                {},
                el('b', {}, `${marketName(leg, leg.market)}: ${selectionName(leg, leg.market, leg.selection)}`),
                el('br'),
                el(
                  'small',
                  {},
                  `${leg.home} – ${leg.away}${leg.score ? ` (${numbers.format(leg.score.home)} – ${numbers.format(leg.score.away)})` : ''}`,
                ),
              ),
              el('b', {}, odds(leg.oddsX100)),
            ),
          ),
        ),
        bet.status === 'pending' ? '' : el('p', { class: 'meta' }, `${t.sportsReturned}: ${money(bet.payout)}`),
      ),
    );
  }
}

function render() {
  const now = Date.now() + state.skew;
  for (const tab of tabs.children) tab.setAttribute('aria-selected', String(tab.dataset.sport === state.sport));
  const shown = state.fixtures.filter((f) => state.sport === 'all' || f.sport === state.sport);
  // Open for bets first, then in play, then results.
  const order = { upcoming: 0, live: 1, finished: 2 };
  shown.sort((a, b) => order[a.state] - order[b.state] || a.kickoffMs - b.kickoffMs);
  list.replaceChildren(...shown.map((fixture) => renderFixture(fixture, now)));
  // Rebuilding the slip would take the focus from the stake being typed.
  if (document.activeElement === stakeInput) renderSlipTotals();
  else renderSlip();
  renderBets();
}

async function refresh() {
  try {
    const response = await fetch(`/api/sports/lobby?session=${encodeURIComponent(config.session)}`);
    const answer = await response.json();
    if (!answer.ok) {
      showNotice(answer.message ?? t.ERROR, true);
      return;
    }
    state.skew = answer.now - Date.now();
    state.fixtures = answer.fixtures;
    state.bets = answer.bets;
    state.transfer = answer.transfer;
    if (answer.transfer) {
      balanceLabel.textContent = t.sportsVendorWallet;
      balance.textContent = money(answer.balance ?? '0.00');
      moveIn.hidden = config.fun || Number(answer.balance ?? 0) > 0;
    }
    // A leg whose match started can no longer be bet: it leaves the slip.
    const open = new Set(state.fixtures.filter((f) => f.state === 'upcoming').map((f) => f.id));
    state.slip = state.slip.filter((leg) => open.has(leg.fixtureId));
    render();
  } catch {
    showNotice(t.ERROR, true);
  }
}

async function place() {
  state.placing = true;
  placeButton.textContent = t.sportsPlacing;
  renderSlipTotals();
  showNotice('');
  try {
    const answer = await post('/api/sports/bet', {
      session: config.session,
      stake: stakeInput.value.trim(),
      legs: state.slip.map(({ fixtureId, market, selection }) => ({ fixtureId, market, selection })),
    });
    if (answer.balance) balance.textContent = money(answer.balance);
    if (!answer.ok) {
      showNotice(answer.message ?? t.ERROR, true);
      return;
    }
    state.slip = [];
    showNotice(t.sportsPlaced);
    await refresh();
  } catch {
    showNotice(t.ERROR, true);
  } finally {
    state.placing = false;
    placeButton.textContent = t.sportsPlace;
    renderSlipTotals();
  }
}

render();
await refresh();
setInterval(refresh, 3000);
// The countdowns tick between refreshes.
setInterval(() => {
  if (!state.placing) render();
}, 1000);
