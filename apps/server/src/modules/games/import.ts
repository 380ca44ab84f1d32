import { GAME_CLASSIFIES, VOLATILITIES } from '@portal/shared/games';
import { parsePositiveAmount } from '@portal/shared/money';
import { Ajv } from 'ajv';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Insertable, Transaction } from 'kysely';
import Type, { type Static } from 'typebox';
import type { Database, GamesTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/** At most this many games per file; a vendor's whole catalogue fits. */
export const IMPORT_MAX_GAMES = 5000;

/** One game of a vendor's list, as a JSON array item or a CSV row with these column names. */
const ImportedGame = Type.Object(
  {
    nodeId: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' }),
    nameEn: Type.String({ minLength: 1, maxLength: 100 }),
    nameBn: Type.Optional(Type.String({ maxLength: 100 })),
    classify: Type.Optional(Type.Union([Type.Enum(GAME_CLASSIFIES), Type.Literal('')])),
    minBet: Type.String({ pattern: '^\\d{1,7}(\\.\\d{1,2})?$' }),
    lines: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    icon: Type.Optional(Type.String({ maxLength: 300, pattern: '^(/|https://)' })),
    hot: Type.Optional(Type.Boolean()),
    new: Type.Optional(Type.Boolean()),
    trial: Type.Optional(Type.Boolean()),
    rtp: Type.Optional(Type.String({ pattern: '^\\d{1,3}(\\.\\d{1,2})?$' })),
    margin: Type.Optional(Type.String({ pattern: '^\\d{1,3}(\\.\\d{1,2})?$' })),
    volatility: Type.Optional(Type.Union([Type.Enum(VOLATILITIES), Type.Literal('')])),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
type ImportedGame = Static<typeof ImportedGame>;

const validateGame = new Ajv({ allErrors: true }).compile<ImportedGame>(ImportedGame);

const BOOLEAN_COLUMNS = new Set(['hot', 'new', 'trial', 'enabled']);
const INTEGER_COLUMNS = new Set(['lines']);

/** CSV cells are text: booleans and integers are read from their usual spellings, anything else stays as written. */
function typedCell(column: string, cell: string): unknown {
  const text = cell.trim();
  if (BOOLEAN_COLUMNS.has(column)) {
    if (/^(1|true|yes|y)$/i.test(text)) return true;
    if (/^(0|false|no|n|)$/i.test(text)) return false;
  }
  if (INTEGER_COLUMNS.has(column) && /^\d+$/.test(text)) return Number(text);
  return text;
}

/** The rows of a CSV file with a header row, cells typed like the JSON form's fields. */
export function rowsFromCsv(body: string): unknown[] {
  try {
    const records = parseCsv(body, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<
      string,
      string
    >[];
    return records.map((record) =>
      Object.fromEntries(
        Object.entries(record)
          .filter(([, cell]) => cell !== '')
          .map(([column, cell]) => [column, typedCell(column, cell)]),
      ),
    );
  } catch (error) {
    throw new AppError(400, 'VALIDATION', { detail: `the file is not valid CSV: ${(error as Error).message}` });
  }
}

/** Checks every row before anything is written; the answer names up to ten bad rows. */
export function checkGames(rows: unknown[]): ImportedGame[] {
  if (rows.length === 0) throw new AppError(400, 'VALIDATION', { detail: 'the file holds no games' });
  if (rows.length > IMPORT_MAX_GAMES) {
    throw new AppError(400, 'VALIDATION', { detail: `at most ${IMPORT_MAX_GAMES} games per file` });
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const line = `game ${index + 1}`;
    if (!validateGame(row)) {
      const first = validateGame.errors?.[0];
      problems.push(`${line}: ${first?.instancePath || first?.params?.additionalProperty || ''} ${first?.message}`);
      return;
    }
    if (parsePositiveAmount(row.minBet) === null) problems.push(`${line}: minBet must be above 0`);
    if (row.rtp !== undefined && Number(row.rtp) > 100) problems.push(`${line}: rtp is a percentage`);
    if (row.margin !== undefined && Number(row.margin) > 100) problems.push(`${line}: margin is a percentage`);
    if (seen.has(row.nodeId)) problems.push(`${line}: nodeId ${row.nodeId} appears twice`);
    seen.add(row.nodeId);
  });
  if (problems.length > 0) throw new AppError(400, 'VALIDATION', { detail: problems.slice(0, 10).join('; ') });
  return rows as ImportedGame[];
}

/**
 * Creates the vendor's new games and updates the ones it already has, in the caller's transaction. A node id that
 * belongs to another vendor refuses the whole file.
 */
export async function importGames(
  trx: Transaction<Database>,
  vendor: { code: string; gameType: string },
  games: ImportedGame[],
): Promise<{ created: number; updated: number }> {
  const existing = await trx
    .selectFrom('games')
    .select(['node_id', 'vendor_code', 'game_type'])
    .where(
      'node_id',
      'in',
      games.map((g) => g.nodeId),
    )
    .execute();
  const foreign = existing.filter((g) => g.vendor_code !== vendor.code || g.game_type !== vendor.gameType);
  if (foreign.length > 0) {
    throw new AppError(409, 'VALIDATION', {
      detail: `nodeId ${foreign[0]?.node_id} belongs to ${foreign[0]?.vendor_code} ${foreign[0]?.game_type}`,
    });
  }
  const rows = games.map((game, index) => toRow(vendor, game, index));
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('games')
      .values(rows.slice(start, start + 500))
      .onConflict((oc) =>
        oc.column('node_id').doUpdateSet((eb) => ({
          names: eb.ref('excluded.names'),
          search_text: eb.ref('excluded.search_text'),
          classify: eb.ref('excluded.classify'),
          min_bet_minor: eb.ref('excluded.min_bet_minor'),
          lines: eb.ref('excluded.lines'),
          icon: eb.ref('excluded.icon'),
          is_hot: eb.ref('excluded.is_hot'),
          is_new: eb.ref('excluded.is_new'),
          has_trial: eb.ref('excluded.has_trial'),
          rtp_bp: eb.ref('excluded.rtp_bp'),
          margin_bp: eb.ref('excluded.margin_bp'),
          volatility: eb.ref('excluded.volatility'),
          enabled: eb.ref('excluded.enabled'),
        })),
      )
      .execute();
  }
  return { created: games.length - existing.length, updated: existing.length };
}

/** A stated percentage ("96.5") in basis points. */
function basisPoints(percent: string | undefined): number | null {
  return percent === undefined ? null : Math.round(Number(percent) * 100);
}

function toRow(vendor: { code: string; gameType: string }, game: ImportedGame, index: number): Insertable<GamesTable> {
  const names = { en: game.nameEn, ...(game.nameBn ? { bn: game.nameBn } : {}) };
  return {
    node_id: game.nodeId,
    vendor_code: vendor.code,
    game_type: vendor.gameType,
    names: JSON.stringify(names),
    search_text: Object.values(names).join('\n').toLowerCase(),
    classify: game.classify || null,
    min_bet_minor: (parsePositiveAmount(game.minBet) ?? 1n).toString(),
    lines: game.lines ?? 0,
    icon: game.icon ?? `/game-icons/${game.nodeId}.svg`,
    is_hot: game.hot ?? false,
    is_new: game.new ?? false,
    has_trial: game.trial ?? false,
    rtp_bp: basisPoints(game.rtp),
    margin_bp: basisPoints(game.margin),
    volatility: game.volatility || null,
    enabled: game.enabled ?? true,
    sort_order: index,
  };
}
