import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useTestPortal } from '../../test/harness.ts';
import { adjust, walletMember } from '../../test/wallet.ts';

const test = useTestPortal();
let origin = '';

// Over a real connection: the WebSocket plugin is registered only with the socket route, and the upgrade of a
// plain HTTP request must still reach it.
beforeAll(async () => {
  await test.portal.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `ws://127.0.0.1:${(test.portal.app.server.address() as AddressInfo).port}`;
});

function connect(headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${origin}/wps/ws`, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message within 5 s')), 5000);
    socket.once('message', (data) => {
      clearTimeout(timer);
      resolve(JSON.parse(String(data)));
    });
  });
}

describe('balance push over the WebSocket', () => {
  it('sends the new balance to the member whose money moved, and to nobody else', async () => {
    const member = await walletMember(test);
    const other = await walletMember(test);
    const socket = await connect(member.headers);
    const bystander = await connect(other.headers);
    const heardByOther: unknown[] = [];
    bystander.on('message', (data) => heardByOther.push(String(data)));

    const pushed = nextMessage(socket);
    await adjust(test, member.username, '125.50');
    expect(await pushed).toEqual({ type: 'balance', sumBalance: '125.50', currency: 'BDT' });
    const again = nextMessage(socket);
    await adjust(test, member.username, '-25.50');
    expect(await again).toMatchObject({ sumBalance: '100.00' });
    expect(heardByOther).toEqual([]);
    socket.terminate();
    bystander.terminate();
  });

  it('refuses a page of another site, and lets the portal’s own pages in', async () => {
    const member = await walletMember(test);
    const refused = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${origin}/wps/ws`, {
        headers: { ...member.headers, origin: 'https://evil.example' },
      });
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => reject(new Error('a foreign page was let in')));
    });
    expect(refused).toBe(403);
    const own = await connect({ ...member.headers, origin: origin.replace('ws:', 'http:') });
    expect(own.readyState).toBe(WebSocket.OPEN);
    own.terminate();
    const publicAddress = await connect({ ...member.headers, origin: 'http://localhost:3000' });
    publicAddress.terminate();
  });

  it('closes a socket that is not signed in', async () => {
    const socket = await connect();
    const code = await new Promise<number>((resolve) => socket.on('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(4401);
  });
});
