// Vendors whose pages refuse framing: the studio's page says so to the browser, and the studio connects them with
// the launch target 'window' (again, once, when a studio connected before launch targets existed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ConnectOptions, connectVendors, DEMO_NOTE } from './connect.ts';
import { freePlayStudio } from './test/free-play-studio.ts';
import { launchTargetOf, launchUrlOf, WINDOW_VENDORS } from './vendors.ts';

const PORTAL = 'http://portal.invalid';
const STUDIO = 'http://127.0.0.1:3121';

let dir: string;
let studio: Awaited<ReturnType<typeof freePlayStudio>>;
let app: FastifyInstance;

/** The portal's public game list, as far as the studio reads it: one slot of PG, one fight of SV388. */
const gameList: typeof fetch = async (input) => {
  const url = new URL(String(input));
  const vendor = url.searchParams.get('vassalage');
  const type = url.searchParams.get('gameType');
  const games =
    vendor === 'PG' && type === 'RNG'
      ? [{ nodeId: 'PG-RNG-0001', gameName: 'Frame Test', gameType: 'RNG', rtp: null }]
      : vendor === 'SV388' && type === 'COCKFIGHT'
        ? [{ nodeId: 'SV388-COCKFIGHT-0001', gameName: 'Window Test', gameType: 'COCKFIGHT', rtp: null }]
        : [];
  return new Response(JSON.stringify({ success: true, value: { games, totalPages: 1 } }));
};

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-target-'));
  studio = await freePlayStudio(gameList, { secret: 'target-test-secret' });
  app = studio.app;
});
afterEach(async () => {
  await studio.close();
  vi.unstubAllGlobals();
  fs.rmSync(dir, { recursive: true, force: true });
});

const frameAncestors = async (vendor: string, game: string) => {
  const page = await app.inject({ method: 'GET', url: `/play?vendor=${vendor}&game=${game}&lang=en` });
  expect(page.statusCode, page.body).toBe(200);
  return /frame-ancestors ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
};

describe('a vendor that opens in a window of its own', () => {
  it("is SV388 alone, whose page nobody may frame; PG's page stays framable by the portal", async () => {
    expect(WINDOW_VENDORS).toEqual(['SV388']);
    expect(launchTargetOf('SV388')).toBe('window');
    expect(launchTargetOf('PG')).toBe('frame');
    expect(await frameAncestors('SV388', 'SV388-COCKFIGHT-0001')).toBe("'none'");
    const pg = await frameAncestors('PG', 'PG-RNG-0001');
    expect(pg).not.toContain("'none'");
    expect(pg).toContain('http://127.0.0.1:*');
  });
});

/** A portal that answers the operator API and keeps each integration's last body. */
function fakePortal() {
  const saved = new Map<string, Record<string, unknown>>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      if (url.pathname === '/readyz') return new Response('{}');
      if (url.pathname === '/admin/api/session' && method === 'POST') {
        return new Response(JSON.stringify({ success: true, value: { token: 'operator-token' } }));
      }
      if (url.pathname === '/admin/api/session') return new Response('{}');
      if (url.pathname === '/admin/api/vendor-integrations' && method === 'GET') {
        const list = [...saved].map(([code, body]) => ({ code, enabled: body.enabled }));
        return new Response(JSON.stringify({ success: true, value: list }));
      }
      const code = /^\/admin\/api\/vendor-integrations\/([A-Z0-9_]+)$/.exec(url.pathname)?.[1];
      if (code && method === 'PUT') {
        saved.set(code, JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ success: true, value: { code } }));
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return saved;
}

function options(codes: string[]): ConnectOptions {
  return {
    portalUrl: PORTAL,
    adminUser: 'admin',
    adminPassword: 'password',
    codes,
    secrets: Object.fromEntries(codes.map((code) => [code, `${code.toLowerCase()}-secret`.padEnd(64, '0')])),
    currency: 'BDT',
    launchUrlOf: (code) => launchUrlOf(STUDIO, code),
    launchTargetOf,
    stateFile: path.join(dir, 'connected.json'),
    log: () => {},
    waitMs: 1_000,
  };
}

describe('connecting the studio’s vendors', () => {
  it('connects each with its launch target, once', async () => {
    const saved = fakePortal();
    expect(await connectVendors(options(['PG', 'SV388']))).toEqual(['PG', 'SV388']);
    expect(saved.get('SV388')).toMatchObject({ launchTarget: 'window', launchUrl: launchUrlOf(STUDIO, 'SV388') });
    expect(saved.get('PG')).toMatchObject({ launchTarget: 'frame', enabled: true, currency: 'BDT', note: DEMO_NOTE });
    saved.clear();
    expect(await connectVendors(options(['PG', 'SV388']))).toEqual([]);
    expect(saved.size).toBe(0);
  });

  it('saves again only the vendors whose settings changed since a studio connected them before launch targets', async () => {
    // What a studio of before wrote: the codes it connected.
    fs.writeFileSync(path.join(dir, 'connected.json'), JSON.stringify(['PG', 'SV388']));
    const saved = fakePortal();
    expect(await connectVendors(options(['PG', 'SV388']))).toEqual(['SV388']);
    expect([...saved.keys()]).toEqual(['SV388']);
    expect(saved.get('SV388')).toMatchObject({
      secret: options(['SV388']).secrets.SV388,
      launchTarget: 'window',
    });
    const state = JSON.parse(fs.readFileSync(path.join(dir, 'connected.json'), 'utf8'));
    expect(state).toMatchObject({ PG: { launchTarget: 'frame' }, SV388: { launchTarget: 'window' } });
    expect(JSON.stringify(state)).not.toContain('secret');
    saved.clear();
    expect(await connectVendors(options(['PG', 'SV388']))).toEqual([]);
  });

  it('keeps a vendor the operator switched off switched off when it saves it again', async () => {
    fs.writeFileSync(path.join(dir, 'connected.json'), JSON.stringify(['SV388']));
    const saved = fakePortal();
    saved.set('SV388', { enabled: false });
    expect(await connectVendors(options(['SV388']))).toEqual(['SV388']);
    expect(saved.get('SV388')).toMatchObject({ launchTarget: 'window', enabled: false });
  });
});
