// For tests: a studio whose pages are opened in free play only (its wallet client throws if ever called), with a
// journal in a folder of its own; `close` stops it and removes the folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildStudio } from '../app.ts';
import { Catalogue } from '../catalogue.ts';
import { Journal } from '../journal.ts';
import type { TableOptions } from '../kinds/tables.ts';
import { RoundKeeper } from '../rounds.ts';
import { VendorClient } from '../vendor-client.ts';

export async function freePlayStudio(
  gameList: typeof fetch,
  tables: TableOptions,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-free-play-'));
  const journal = new Journal(path.join(dir, 'rounds.jsonl'));
  const client = new VendorClient({
    transport: {
      post: async () => {
        throw new Error('free play never calls the wallet');
      },
    },
    secretOf: () => 'x',
  });
  const app = buildStudio({
    client,
    rounds: new RoundKeeper(client, journal),
    catalogue: new Catalogue('http://portal.invalid', gameList),
    tables,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      journal.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
