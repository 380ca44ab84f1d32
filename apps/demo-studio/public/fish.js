// The fish screen: targets swim across the sea with their multipliers; a tap fires one shot, one paid round that the
// studio decides. Plain DOM, no framework. With reduced motion the targets hold still.
import {
  balance,
  config,
  el,
  fill,
  helpDialog,
  money,
  notice,
  numbers,
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

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

const win = el('output', { class: 'stat__value stat__value--win', 'data-testid': 'studio-win' }, money('0'));
notice.textContent = t.tapToShoot;
const sea = el('div', { class: 'sea', 'data-testid': 'fish-sea' });
const cannon = el('div', { class: 'cannon', 'aria-hidden': 'true' }, el('div', { class: 'cannon__barrel' }));
sea.append(cannon);
const betSelect = el(
  'select',
  { class: 'bet', 'aria-label': t.betPerShot, 'data-testid': 'studio-bet' },
  ...config.bets.map((bet) => el('option', { value: bet }, money(bet))),
);
betSelect.value = config.bets[2] ?? config.bets[0];
const { dialog, helpButton } = helpDialog(
  t.help,
  el('p', { class: 'help__rtp' }, `${t.rtp}: ${percent(config.rtp, 3)}`),
  el('p', {}, t.fishRules),
  el(
    'table',
    { class: 'paytable' },
    el('tr', {}, el('th', {}, t.target), el('th', {}, t.multiplier), el('th', {}, t.captureChance)),
    ...config.targets.map((target) =>
      el(
        'tr',
        {},
        el('td', { class: 'paytable__name' }, target.boss ? `${target.name} (${t.boss})` : target.name),
        el('td', {}, `×${numbers.format(target.multiplier)}`),
        el('td', {}, percent(config.rtp / target.multiplier, 3)),
      ),
    ),
  ),
);

root.append(
  stats(stat(t.win, win)),
  sea,
  notice,
  el('div', { class: 'controls controls--fish' }, el('label', { class: 'stat__label' }, t.betPerShot, betSelect)),
  el('p', { class: 'meta' }, `${t.rtp}: ${percent(config.rtp, 3)}`, ' · ', helpButton),
  config.fun ? el('p', { class: 'fun', 'data-testid': 'studio-fun' }, t.funMoney) : '',
  dialog,
);

/** A fish drawn in SVG: body, tail, fin and eye, coloured by its kind in the stylesheet. */
function drawing(target) {
  return svg(
    'svg',
    { class: 'fish__art', viewBox: '0 0 100 60', 'aria-hidden': 'true' },
    svg('path', { class: 'fish__tail', d: 'M22 30 L2 10 L8 30 L2 50 Z' }),
    svg('ellipse', { class: 'fish__body', cx: '56', cy: '30', rx: '38', ry: target.boss ? '24' : '20' }),
    svg('path', { class: 'fish__fin', d: 'M50 12 Q58 -2 70 12 Z' }),
    svg('path', { class: 'fish__stripe', d: 'M46 13 Q40 30 46 47' }),
    svg('circle', { class: 'fish__eye', cx: '80', cy: '25', r: '5' }),
    svg('circle', { class: 'fish__pupil', cx: '81.5', cy: '25', r: '2.4' }),
  );
}

// Small targets come often, big ones seldom, the boss now and then.
const weights = config.targets.map((target) => (target.boss ? 0.6 : 12 / Math.sqrt(target.multiplier)));
function randomTarget() {
  let roll = Math.random() * weights.reduce((sum, w) => sum + w, 0);
  for (const [index, weight] of weights.entries()) {
    roll -= weight;
    if (roll < 0) return config.targets[index];
  }
  return config.targets[0];
}

const swimmers = new Set();
const SWIMMERS = 7;

function spawn(slot, entering) {
  const target = randomTarget();
  const size = target.boss ? 120 : Math.round(46 + 9 * Math.log2(target.multiplier));
  const node = el(
    'button',
    {
      type: 'button',
      class: `fish fish--${target.kind}${target.boss ? ' fish--boss' : ''}`,
      'data-testid': 'fish-target',
      'data-kind': target.kind,
      'aria-label': `${target.name} ×${target.multiplier}`,
    },
    drawing(target),
    el('span', { class: 'fish__multiplier' }, `×${numbers.format(target.multiplier)}`),
  );
  node.style.width = `${size}px`;
  const width = sea.clientWidth || 360;
  const height = sea.clientHeight || 420;
  const leftward = Math.random() < 0.5;
  const lane = (slot + 0.5) / SWIMMERS;
  const swimmer = {
    node,
    target,
    size,
    slot,
    dir: leftward ? -1 : 1,
    speed: (target.boss ? 22 : 30 + Math.random() * 40) * (leftward ? -1 : 1),
    x: entering ? (leftward ? width + 10 : -size - 10) : Math.random() * (width - size),
    y: Math.max(4, Math.min(height - size * 0.6 - 70, lane * (height - 70) - size * 0.3)),
    phase: Math.random() * Math.PI * 2,
    gone: false,
  };
  if (still) swimmer.x = ((slot * 0.37) % 1) * (width - size);
  if (leftward) node.classList.add('fish--left');
  node.addEventListener('click', () => fire(swimmer));
  sea.append(node);
  swimmers.add(swimmer);
  place(swimmer, 0);
}

function place(swimmer, time) {
  const bob = still ? 0 : Math.sin(time / 600 + swimmer.phase) * 6;
  swimmer.node.style.transform = `translate(${swimmer.x}px, ${swimmer.y + bob}px)`;
}

let last = performance.now();
function frame(now) {
  const seconds = Math.min(0.1, (now - last) / 1000);
  last = now;
  const width = sea.clientWidth;
  for (const swimmer of swimmers) {
    if (swimmer.gone) continue;
    swimmer.x += swimmer.speed * seconds;
    if (swimmer.x > width + 20 || swimmer.x < -swimmer.size - 20) {
      remove(swimmer);
      spawn(swimmer.slot, true);
      continue;
    }
    place(swimmer, now);
  }
  requestAnimationFrame(frame);
}

function remove(swimmer) {
  swimmer.gone = true;
  swimmers.delete(swimmer);
  swimmer.node.remove();
}

/** Where a swimmer is now, in the sea's coordinates: its centre. */
function centreOf(swimmer) {
  const box = swimmer.node.getBoundingClientRect();
  const seaBox = sea.getBoundingClientRect();
  return { x: box.left - seaBox.left + box.width / 2, y: box.top - seaBox.top + box.height / 2 };
}

function effect(className, at, content = '') {
  const node = el('div', { class: className, 'aria-hidden': 'true' }, content);
  node.style.left = `${at.x}px`;
  node.style.top = `${at.y}px`;
  sea.append(node);
  setTimeout(() => node.remove(), 900);
}

let busy = false;

async function fire(swimmer) {
  // One shot in flight at a time, as the studio allows per session.
  if (busy || swimmer.gone) return;
  busy = true;
  sea.classList.add('sea--busy');
  notice.classList.remove('notice--error');
  const aim = centreOf(swimmer);
  const origin = { x: sea.clientWidth / 2, y: sea.clientHeight - 28 };
  const angle = Math.atan2(aim.x - origin.x, origin.y - aim.y);
  cannon.style.transform = `translateX(-50%) rotate(${angle}rad)`;
  const bullet = el('div', { class: 'bullet', 'aria-hidden': 'true' });
  bullet.style.transform = `translate(${origin.x}px, ${origin.y}px)`;
  sea.append(bullet);
  requestAnimationFrame(() => {
    bullet.style.transform = `translate(${aim.x}px, ${aim.y}px)`;
  });
  try {
    const [answer] = await Promise.all([
      post('/api/fish/shoot', { session: config.session, bet: betSelect.value, target: swimmer.target.kind }),
      pause(still ? 0 : 180),
    ]);
    bullet.remove();
    const at = swimmer.gone ? aim : centreOf(swimmer);
    if (!answer.ok) {
      refused(answer);
      return;
    }
    win.textContent = money(answer.win);
    if (answer.balance) balance.textContent = money(answer.balance);
    if (answer.shot.captured) {
      notice.textContent = fill(t.caught, {
        name: swimmer.target.name,
        multiplier: numbers.format(answer.shot.multiplier),
      });
      effect('coin', at, `+${money(answer.win)}`);
      if (!swimmer.gone) {
        swimmer.gone = true;
        swimmer.node.classList.add('fish--caught');
        setTimeout(
          () => {
            remove(swimmer);
            spawn(swimmer.slot, true);
          },
          still ? 0 : 600,
        );
      }
    } else {
      notice.textContent = t.missed;
      effect('splash', at);
    }
    if (answer.notice) notice.textContent = answer.notice;
  } catch {
    bullet.remove();
    showNotice(t.ERROR, true);
  } finally {
    busy = false;
    sea.classList.remove('sea--busy');
  }
}

for (let slot = 0; slot < SWIMMERS; slot++) spawn(slot, false);
if (!still) requestAnimationFrame(frame);
