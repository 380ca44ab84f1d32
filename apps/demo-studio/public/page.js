// What every game page's script shares: the page's config and texts, the number formats, a DOM builder, the notice
// line, and the pieces several games have in common (the help dialog, the chip picker, a table's clock). Plain ES
// module, no build step; the page's head preloads it with its script.
export const config = JSON.parse(document.getElementById('studio-config').textContent);
/** The texts the page's kind sends (only those its script uses: see the kind's list of keys). */
export const t = config.texts;
export const root = document.getElementById('studio');
export const locale = config.language === 'bn' ? 'bn-BD' : 'en-US';
export const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const numbers = new Intl.NumberFormat(locale);
export const decimals = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const money = (amount) => `${decimals.format(Number(amount))} ${config.currency}`;
export const percent = (value, maximumFractionDigits) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value)}%`;
/** A text's `{name}` holes filled from `values`; a hole with no value stays as it is. */
export const fill = (template, values) => template.replace(/\{(\w+)\}/g, (whole, key) => values[key] ?? whole);
export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An element: `class`, `on…` listeners and attributes (undefined, null or false leave the attribute out). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'class') node.className = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

/** The player's balance, as the page first knows it. */
export const balance = el('output', { class: 'stat__value', 'data-testid': 'studio-balance' }, money(config.balance));

/** A labelled figure of the stats row. */
export const stat = (label, value) => el('div', { class: 'stat' }, el('span', { class: 'stat__label' }, label), value);
/** The stats row over the game: the balance, then the game's own figures. */
export const stats = (...figures) => el('div', { class: 'stats' }, stat(t.balance, balance), ...figures);

/** The line under the game that tells what happened; an error shows in red. */
export const notice = el('p', {
  class: 'notice',
  role: 'status',
  'aria-live': 'polite',
  'data-testid': 'studio-notice',
});
export function showNotice(message, error = false) {
  notice.textContent = message;
  notice.classList.toggle('notice--error', error);
}

/** POSTs `body` to the studio's API; an answer that is not JSON reads as a failure. */
export async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json().catch(() => ({ ok: false, message: t.ERROR }));
}

/** A refused round: its message in red, and the balance if the answer tells it. */
export function refused(answer) {
  showNotice(answer.message ?? t.ERROR, true);
  if (answer.balance) balance.textContent = money(answer.balance);
}

/** The paytable and rules in a dialog, and the link that opens it. */
export function helpDialog(title, ...content) {
  const dialog = el(
    'dialog',
    { class: 'help', 'data-testid': 'studio-help' },
    el('h2', {}, title),
    ...content,
    el('button', { type: 'button', class: 'help__close', onclick: () => dialog.close() }, t.close),
  );
  const helpButton = el('button', { type: 'button', class: 'link', onclick: () => dialog.showModal() }, t.help);
  return { dialog, helpButton };
}

/** The row of chips of a table: one picked at a time, the first at the start. */
export function chipPicker(chips) {
  let chip = chips[0];
  const buttons = chips.map((value) =>
    el(
      'button',
      { type: 'button', class: 'chip', 'data-chip': value, onclick: () => pick(value) },
      numbers.format(Number(value)),
    ),
  );
  function pick(value) {
    chip = value;
    for (const button of buttons) button.classList.toggle('chip--on', button.dataset.chip === value);
  }
  pick(chip);
  return { group: el('div', { class: 'chips', role: 'group', 'aria-label': t.chip }, ...buttons), chip: () => chip };
}

/** The player's last eight bets at a table, newest first (`item` draws one), or a line saying there are none. */
export function showMyBets(list, bets, item) {
  list.replaceChildren(
    ...(bets.length === 0 ? [el('li', { class: 'meta' }, t.noBets)] : bets.slice().reverse().slice(0, 8).map(item)),
  );
}

/** What became of a bet at a table: waiting, refunded, lost or won (with what it paid). */
export function betOutcome(bet) {
  if (bet.payout === 'refund') return t.refunded;
  if (bet.payout === null) return t.open;
  return Number(bet.payout) === 0 ? t.lost : fill(t.won, { amount: money(bet.payout) });
}

/**
 * A table on the studio's clock (the live tables, the pit): its state polled each second from /api/<api>/state, the
 * phase and its countdown ticking between polls, bets posted to /api/<api>/bet while betting is open. `render` shows a
 * fresh state; `placed` follows an accepted bet.
 */
export function tableClock({ api, phase, countdown, chip, render, placed }) {
  const clock = { state: null, receivedAt: 0 };

  function tick() {
    if (!clock.state) return;
    const left = Math.max(0, clock.state.msLeft - (Date.now() - clock.receivedAt));
    phase.textContent = t[`phase_${clock.state.phase}`];
    countdown.textContent = fill(t.seconds, { n: numbers.format(Math.ceil(left / 1000)) });
  }

  async function poll() {
    try {
      const response = await fetch(`/api/${api}/state?session=${encodeURIComponent(config.session)}`);
      const answer = await response.json();
      if (!answer.ok) {
        showNotice(answer.message ?? t.ERROR, true);
        return;
      }
      clock.state = answer;
      clock.receivedAt = Date.now();
      render(answer);
      tick();
    } catch {
      showNotice(t.ERROR, true);
    }
  }

  /** A bet on `choice` (`{ spot }` or `{ side }`) with the picked chip, in the round on the table. */
  async function bet(choice) {
    if (!clock.state) return;
    showNotice('');
    try {
      const answer = await post(`/api/${api}/bet`, {
        session: config.session,
        round: clock.state.round,
        ...choice,
        amount: chip(),
      });
      if (answer.balance) balance.textContent = money(answer.balance);
      if (!answer.ok) {
        showNotice(answer.message ?? t.ERROR, true);
        return;
      }
      clock.state.myBets.push(answer.bet);
      placed(poll);
    } catch {
      showNotice(t.ERROR, true);
    }
  }

  poll();
  setInterval(poll, 1000);
  setInterval(tick, 250);
  return { bet };
}
