import { EngineError } from './errors.ts';
import { hmacRng, type Rng } from './rng.ts';

/**
 * The studio's own sports book: fixtures on a schedule, a scoring model per sport, prices with a 5 % margin and a
 * match simulator that draws the final score from the same model the prices come from.
 *
 * Odds are integers in hundredths (`oddsX100` 185 = 1.85) so that payouts stay exact in bigint minor units.
 * Lines are whole or half only (no quarter lines): a whole line that lands exactly is a push and the selection
 * is void; a half line cannot push.
 */

export type Sport = 'cricket' | 'football' | 'esports';
export const SPORTS: readonly Sport[] = ['cricket', 'football', 'esports'];

/** Overround of every market: the implied probabilities of its selections sum to at least 105 %. */
export const SPORTS_MARGIN_PERCENT = 5;
/** Prices below 1.01 or above 50.00 are not offered; such a market is left out. */
export const MIN_ODDS_X100 = 101;
export const MAX_ODDS_X100 = 5000;

export interface Team {
  readonly name: string;
  /** Strength 60–95; only differences matter. */
  readonly rating: number;
}

export type EsportsTitle = 'cs2' | 'dota2' | 'lol';

export interface Fixture {
  id: string;
  sport: Sport;
  /** Competition label: 'T20' for cricket, the league for football, the title for esports. */
  competition: string;
  title?: EsportsTitle;
  home: Team;
  away: Team;
  /** Bets are accepted until kick-off. */
  kickoffMs: number;
  /** The simulated match ends, and bets settle, at this time. */
  endsMs: number;
}

export interface FixtureSchedule {
  readonly startMs: number;
  readonly intervalMs: number;
  readonly durationMs: number;
}

/** Demo pacing: a fixture every few minutes per sport, each played out in a few minutes. */
export const DEFAULT_SCHEDULES: Record<Sport, FixtureSchedule> = {
  cricket: { startMs: Date.UTC(2026, 0, 1), intervalMs: 6 * 60_000, durationMs: 10 * 60_000 },
  football: { startMs: Date.UTC(2026, 0, 1), intervalMs: 4 * 60_000, durationMs: 8 * 60_000 },
  esports: { startMs: Date.UTC(2026, 0, 1), intervalMs: 3 * 60_000, durationMs: 6 * 60_000 },
};

const team = (name: string, rating: number): Team => ({ name, rating });

const TEAMS: Record<Sport | EsportsTitle, readonly Team[]> = {
  cricket: [
    team('Dhaka Tigers', 86),
    team('Chattogram Royals', 80),
    team('Sylhet Strikers', 76),
    team('Khulna Titans', 78),
    team('Rajshahi Kings', 72),
    team('Mumbai Mariners', 90),
    team('Delhi Dynamos', 84),
    team('Lahore Lions', 85),
    team('Colombo Cobras', 74),
    team('Kathmandu Yetis', 70),
  ],
  football: [
    team('Dhaka Rovers', 78),
    team('Barishal United', 70),
    team('Padma FC', 74),
    team('Meghna Athletic', 66),
    team('Northbridge City', 88),
    team('Harbour Town', 82),
    team('Real Sundarban', 80),
    team('Sporting Jamuna', 72),
    team('Kolkata Blues', 84),
    team('Rangpur Rangers', 62),
  ],
  esports: [],
  cs2: [
    team('Neon Vipers', 90),
    team('Iron Lotus', 84),
    team('Frostbyte', 80),
    team('Red Monsoon', 76),
    team('Static Owls', 70),
    team('Bengal Blitz', 66),
  ],
  dota2: [
    team('Ancient Flame', 88),
    team('Mana Void', 82),
    team('Roshan Hunters', 78),
    team('Tidehunters', 74),
    team('Dire Wolves', 68),
    team('Radiant Dawn', 64),
  ],
  lol: [
    team('Rift Walkers', 89),
    team('Baron Nashers', 83),
    team('Dragon Soul', 79),
    team('Nexus Breakers', 75),
    team('Jungle Kings', 70),
    team('Blue Buff', 65),
  ],
};

const FOOTBALL_LEAGUES = ['Bay Premier League', 'Delta Cup'];
const TITLES: readonly EsportsTitle[] = ['cs2', 'dota2', 'lol'];
const TITLE_NAMES: Record<EsportsTitle, string> = { cs2: 'CS2', dota2: 'Dota 2', lol: 'LoL' };

/** Fixture `number` of a sport (0, 1, 2… from the schedule's start), deterministic from the seed. */
export function fixtureAt(seed: string, sport: Sport, number: number, schedule = DEFAULT_SCHEDULES[sport]): Fixture {
  if (!Number.isSafeInteger(number) || number < 0) throw new RangeError('fixture number must be an integer >= 0');
  const rng = hmacRng(seed, `fixture:${sport}:${number}`);
  let title: EsportsTitle | undefined;
  let competition: string;
  let pool: readonly Team[];
  if (sport === 'esports') {
    title = TITLES[rng.int(TITLES.length)]!;
    competition = TITLE_NAMES[title];
    pool = TEAMS[title];
  } else {
    competition = sport === 'cricket' ? 'T20' : FOOTBALL_LEAGUES[rng.int(FOOTBALL_LEAGUES.length)]!;
    pool = TEAMS[sport];
  }
  const homeIndex = rng.int(pool.length);
  const awayIndex = (homeIndex + 1 + rng.int(pool.length - 1)) % pool.length;
  const kickoffMs = schedule.startMs + number * schedule.intervalMs;
  return {
    id: `${sport}-${number}`,
    sport,
    competition,
    ...(title ? { title } : {}),
    home: pool[homeIndex]!,
    away: pool[awayIndex]!,
    kickoffMs,
    endsMs: kickoffMs + schedule.durationMs,
  };
}

/** At most this many fixtures are listed per call. */
export const MAX_FIXTURES_PER_LIST = 500;

/** Fixtures of a sport kicking off in [fromMs, toMs). */
export function fixturesBetween(
  seed: string,
  sport: Sport,
  fromMs: number,
  toMs: number,
  schedule = DEFAULT_SCHEDULES[sport],
): Fixture[] {
  const first = Math.max(0, Math.ceil((fromMs - schedule.startMs) / schedule.intervalMs));
  const out: Fixture[] = [];
  for (let n = first; schedule.startMs + n * schedule.intervalMs < toMs; n++) {
    if (out.length === MAX_FIXTURES_PER_LIST)
      throw new RangeError(`at most ${MAX_FIXTURES_PER_LIST} fixtures per list`);
    out.push(fixtureAt(seed, sport, n, schedule));
  }
  return out;
}

/** Parses a fixture id made by `fixtureAt` back into the fixture. */
export function fixtureById(seed: string, id: string): Fixture {
  const match = /^(cricket|football|esports)-(\d{1,12})$/.exec(id);
  if (!match) throw new EngineError('unknown_fixture', `no fixture "${id}"`);
  return fixtureAt(seed, match[1] as Sport, Number(match[2]));
}

// ---- The scoring model -------------------------------------------------------------------------------------------

export type Winner = 'home' | 'away' | 'draw';

/** Final score: goals (football), runs (cricket), maps won (esports). A tied T20 goes to a super over. */
export interface FinalScore {
  home: number;
  away: number;
  winner: Winner;
}

export interface ScoreOutcome extends FinalScore {
  p: number;
}

function poisson(lambda: number, max: number): number[] {
  const out: number[] = [];
  let term = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(term);
    term *= lambda / (k + 1);
  }
  return out;
}

function normalise(values: number[]): number[] {
  const sum = values.reduce((s, v) => s + v, 0);
  return values.map((v) => v / sum);
}

const CRICKET_MIN_RUNS = 60;
const CRICKET_MAX_RUNS = 260;

function cricketRuns(mean: number): number[] {
  const sd = 24;
  const out: number[] = [];
  for (let r = CRICKET_MIN_RUNS; r <= CRICKET_MAX_RUNS; r++) out.push(Math.exp(-(((r - mean) / sd) ** 2) / 2));
  return normalise(out);
}

/**
 * The model of a fixture. Football and cricket score each side independently (goals: Poisson; runs: a discretised
 * normal per innings) and a tied T20 goes to a super over that home wins with `superOverHome`; esports is a
 * best of three with a per-map chance.
 */
type ModelParts =
  | { kind: 'independent'; home: number[]; away: number[]; offset: number; superOverHome: number | null }
  | { kind: 'outcomes'; outcomes: ScoreOutcome[] };

function modelParts(fixture: Fixture): ModelParts {
  const diff = fixture.home.rating - fixture.away.rating;
  if (fixture.sport === 'football') {
    return {
      kind: 'independent',
      home: normalise(poisson(1.45 * Math.exp(diff / 45), 10)),
      away: normalise(poisson(1.15 * Math.exp(-diff / 45), 10)),
      offset: 0,
      superOverHome: null,
    };
  }
  if (fixture.sport === 'cricket') {
    const home = cricketRuns(155 + diff * 1.2);
    const away = cricketRuns(155 - diff * 1.2);
    // The super over goes to each side as often as the match does when it is not tied.
    const awayBelow = cumulative(away);
    let homeWins = 0;
    let awayWins = 0;
    home.forEach((ph, h) => {
      homeWins += ph * (h > 0 ? awayBelow[h - 1]! : 0);
      awayWins += ph * (1 - awayBelow[h]!);
    });
    return {
      kind: 'independent',
      home,
      away,
      offset: CRICKET_MIN_RUNS,
      superOverHome: homeWins / (homeWins + awayWins),
    };
  }
  const m = 1 / (1 + 10 ** (-diff / 40));
  return {
    kind: 'outcomes',
    outcomes: [
      { home: 2, away: 0, winner: 'home', p: m * m },
      { home: 2, away: 1, winner: 'home', p: 2 * m * m * (1 - m) },
      { home: 1, away: 2, winner: 'away', p: 2 * m * (1 - m) ** 2 },
      { home: 0, away: 2, winner: 'away', p: (1 - m) ** 2 },
    ],
  };
}

function cumulative(pmf: readonly number[]): number[] {
  let sum = 0;
  return pmf.map((p) => {
    sum += p;
    return sum;
  });
}

/** Every final score the model allows, with its probability; the probabilities sum to 1. */
export function scoreDistribution(fixture: Fixture): ScoreOutcome[] {
  const parts = modelParts(fixture);
  if (parts.kind === 'outcomes') return parts.outcomes;
  const out: ScoreOutcome[] = [];
  parts.home.forEach((ph, h) => {
    parts.away.forEach((pa, a) => {
      const score = { home: h + parts.offset, away: a + parts.offset };
      const p = ph * pa;
      if (h !== a) out.push({ ...score, winner: h > a ? 'home' : 'away', p });
      else if (parts.superOverHome === null) out.push({ ...score, winner: 'draw', p });
      else {
        out.push({ ...score, winner: 'home', p: p * parts.superOverHome });
        out.push({ ...score, winner: 'away', p: p * (1 - parts.superOverHome) });
      }
    });
  });
  return out;
}

function sample(pmf: readonly number[], rng: Rng): number {
  let u = rng.float();
  for (let i = 0; i < pmf.length; i++) {
    u -= pmf[i]!;
    if (u < 0) return i;
  }
  return pmf.length - 1;
}

/** Draws the final score from the model the prices come from. */
export function simulateMatch(fixture: Fixture, rng: Rng): FinalScore {
  const parts = modelParts(fixture);
  if (parts.kind === 'outcomes') {
    const o =
      parts.outcomes[
        sample(
          parts.outcomes.map((x) => x.p),
          rng,
        )
      ]!;
    return { home: o.home, away: o.away, winner: o.winner };
  }
  const h = sample(parts.home, rng);
  const a = sample(parts.away, rng);
  let winner: Winner = h > a ? 'home' : h < a ? 'away' : 'draw';
  if (winner === 'draw' && parts.superOverHome !== null) winner = rng.float() < parts.superOverHome ? 'home' : 'away';
  return { home: h + parts.offset, away: a + parts.offset, winner };
}

/** The fixture's result, fixed by the book's secret so every node settles the same score. */
export function matchResult(secret: string, fixture: Fixture): FinalScore {
  return simulateMatch(fixture, hmacRng(secret, `result:${fixture.id}`));
}

// ---- Markets and prices ------------------------------------------------------------------------------------------

export type Market = { type: 'winner' } | { type: 'handicap'; line: number } | { type: 'total'; line: number };
export type Selection = 'home' | 'draw' | 'away' | 'over' | 'under';
export type SelectionResult = 'win' | 'lose' | 'void';

export interface PricedSelection {
  selection: Selection;
  oddsX100: number;
}

export interface PricedMarket {
  market: Market;
  selections: PricedSelection[];
}

export function validateMarket(fixture: Fixture, market: Market, selection: Selection): void {
  if (market.type === 'winner') {
    const allowed: Selection[] = fixture.sport === 'football' ? ['home', 'draw', 'away'] : ['home', 'away'];
    if (!allowed.includes(selection))
      throw new EngineError('invalid_selection', `winner selection must be ${allowed.join('/')}`);
    return;
  }
  if (!Number.isFinite(market.line) || !Number.isInteger(market.line * 2) || Math.abs(market.line) > 1000) {
    throw new EngineError('invalid_line', 'lines are whole or half numbers (quarter lines are not offered)');
  }
  const allowed: Selection[] = market.type === 'handicap' ? ['home', 'away'] : ['over', 'under'];
  if (!allowed.includes(selection))
    throw new EngineError('invalid_selection', `selection must be ${allowed.join('/')}`);
  if (market.type === 'total' && market.line <= 0)
    throw new EngineError('invalid_line', 'a total line must be positive');
}

/**
 * Settles one selection against the final score. Handicap lines are the home side's: home −1.5 wins when home
 * wins by 2 or more; the away selection takes the opposite line. A whole line that lands exactly is void.
 */
export function settleSelection(market: Market, selection: Selection, score: FinalScore): SelectionResult {
  if (market.type === 'winner') return score.winner === selection ? 'win' : 'lose';
  const margin =
    market.type === 'handicap'
      ? (score.home - score.away + market.line) * (selection === 'home' ? 1 : -1)
      : (score.home + score.away - market.line) * (selection === 'over' ? 1 : -1);
  return margin > 0 ? 'win' : margin < 0 ? 'lose' : 'void';
}

/**
 * The score distribution folded into what markets read: the winner, the goal/run/map difference and the total.
 * Cricket has some 40,000 scores, so lines are priced from the folds, not the scores.
 */
export interface ScoreModel {
  winner: Record<Winner, number>;
  difference: Map<number, number>;
  total: Map<number, number>;
}

export function scoreModel(fixture: Fixture): ScoreModel {
  const model: ScoreModel = { winner: { home: 0, draw: 0, away: 0 }, difference: new Map(), total: new Map() };
  const add = (map: Map<number, number>, key: number, p: number) => map.set(key, (map.get(key) ?? 0) + p);
  const parts = modelParts(fixture);
  if (parts.kind === 'outcomes') {
    for (const o of parts.outcomes) {
      model.winner[o.winner] += o.p;
      add(model.difference, o.home - o.away, o.p);
      add(model.total, o.home + o.away, o.p);
    }
    return model;
  }
  // Independent sides: fold into dense arrays first, the maps only at the end.
  const { home, away, offset, superOverHome } = parts;
  const difference = new Array<number>(home.length + away.length - 1).fill(0);
  const total = new Array<number>(home.length + away.length - 1).fill(0);
  for (let h = 0; h < home.length; h++) {
    for (let a = 0; a < away.length; a++) {
      const p = home[h]! * away[a]!;
      difference[h - a + away.length - 1]! += p;
      total[h + a]! += p;
    }
  }
  difference.forEach((p, i) => {
    const d = i - (away.length - 1);
    if (d > 0) model.winner.home += p;
    else if (d < 0) model.winner.away += p;
    else if (superOverHome === null) model.winner.draw += p;
    else {
      model.winner.home += p * superOverHome;
      model.winner.away += p * (1 - superOverHome);
    }
    if (p > 0) model.difference.set(d, p);
  });
  total.forEach((p, i) => {
    if (p > 0) model.total.set(i + 2 * offset, p);
  });
  return model;
}

/** Probability of each settlement of a selection under the model. */
export function selectionProbabilities(
  model: ScoreModel,
  market: Market,
  selection: Selection,
): Record<SelectionResult, number> {
  const out = { win: 0, lose: 0, void: 0 };
  if (market.type === 'winner') {
    for (const winner of ['home', 'draw', 'away'] as const) {
      out[winner === selection ? 'win' : 'lose'] += model.winner[winner];
    }
    return out;
  }
  // Handicaps read only the difference and totals only the sum, so one side of the score carries it.
  const folded = market.type === 'handicap' ? model.difference : model.total;
  for (const [value, p] of folded)
    out[settleSelection(market, selection, { home: value, away: 0, winner: 'draw' })] += p;
  return out;
}

function marketSelections(fixture: Fixture, market: Market): Selection[] {
  if (market.type === 'winner') return fixture.sport === 'football' ? ['home', 'draw', 'away'] : ['home', 'away'];
  return market.type === 'handicap' ? ['home', 'away'] : ['over', 'under'];
}

/**
 * Prices a market: each selection's chance of winning given it is not void, scaled up by the 5 % margin, turned
 * into decimal odds and rounded down to the hundredth (rounding only adds to the margin). Null when a price would
 * fall outside 1.01–50.00.
 */
export function priceMarket(fixture: Fixture, market: Market, model = scoreModel(fixture)): PricedMarket | null {
  const selections: PricedSelection[] = [];
  for (const selection of marketSelections(fixture, market)) {
    const p = selectionProbabilities(model, market, selection);
    const chance = p.win / (p.win + p.lose);
    if (!(chance > 0)) return null;
    const oddsX100 = Math.floor(100 / (chance * (1 + SPORTS_MARGIN_PERCENT / 100)) + 1e-9);
    if (oddsX100 < MIN_ODDS_X100 || oddsX100 > MAX_ODDS_X100) return null;
    selections.push({ selection, oddsX100 });
  }
  return { market, selections };
}

const LINE_RANGES: Record<Sport, { handicap: [number, number]; total: [number, number] }> = {
  football: { handicap: [-4, 4], total: [0.5, 7] },
  cricket: { handicap: [-80, 80], total: [200, 420] },
  esports: { handicap: [-2, 2], total: [2, 3] },
};

/** The line of the given kind (whole or half) whose home/over chance is nearest to even. */
function mainLine(fixture: Fixture, model: ScoreModel, type: 'handicap' | 'total', half: boolean): number | null {
  const [from, to] = LINE_RANGES[fixture.sport][type];
  let best: number | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let twice = Math.ceil(from * 2); twice <= to * 2; twice++) {
    if ((Math.abs(twice) % 2 === 1) !== half) continue;
    const line = twice / 2;
    const p = selectionProbabilities(model, { type, line }, type === 'handicap' ? 'home' : 'over');
    if (p.win + p.lose === 0) continue;
    const distance = Math.abs(p.win / (p.win + p.lose) - 0.5);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = line;
    }
  }
  return best;
}

/** The markets a fixture offers: winner (1X2 for football), the main half and whole handicap and total lines. */
export function fixtureMarkets(fixture: Fixture): PricedMarket[] {
  const model = scoreModel(fixture);
  const markets: Market[] = [{ type: 'winner' }];
  for (const type of ['handicap', 'total'] as const) {
    for (const half of [true, false]) {
      const line = mainLine(fixture, model, type, half);
      if (line !== null && !markets.some((m) => m.type === type && m.line === line)) markets.push({ type, line });
    }
  }
  return markets.map((m) => priceMarket(fixture, m, model)).filter((m): m is PricedMarket => m !== null);
}

/** The price the book offers now for a selection, or an error when it is not offered. */
export function offeredOdds(fixture: Fixture, market: Market, selection: Selection): number {
  validateMarket(fixture, market, selection);
  const priced = fixtureMarkets(fixture).find(
    (m) =>
      m.market.type === market.type &&
      (market.type === 'winner' || (m.market as { line: number }).line === market.line),
  );
  const found = priced?.selections.find((s) => s.selection === selection);
  if (!found) throw new EngineError('market_not_offered', 'this market or line is not offered');
  return found.oddsX100;
}

export function acceptsSportsBets(fixture: Fixture, nowMs: number): boolean {
  return nowMs < fixture.kickoffMs;
}
