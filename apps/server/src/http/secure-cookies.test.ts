import { afterAll, describe, expect, it } from 'vitest';
import { startTestPortal, TEST_ADMIN, type TestPortal } from '../test/harness.ts';

// Behind a TLS proxy the portal sees plain HTTP: its cookies are Secure when its public address is https, or when a
// trusted proxy says the request came over TLS.
const portals: TestPortal[] = [];
afterAll(() => Promise.all(portals.map((portal) => portal.close())));

async function operatorCookie(portal: TestPortal, headers: Record<string, string> = {}) {
  const response = await portal.app.inject({
    method: 'POST',
    url: '/admin/api/session',
    headers,
    payload: TEST_ADMIN,
  });
  expect(response.statusCode).toBe(200);
  return ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('portal_admin='));
}

describe('cookies over TLS', () => {
  it('are Secure when the public address is https, whatever the proxy says', async () => {
    const portal = await startTestPortal({ PUBLIC_URL: 'https://play.example.com' });
    portals.push(portal);
    expect(await operatorCookie(portal)).toMatch(/;\s*Secure/i);
  });

  it('are Secure when a trusted proxy says the request came over TLS, and not otherwise', async () => {
    const portal = await startTestPortal({ TRUST_PROXY: 'true' });
    portals.push(portal);
    expect(await operatorCookie(portal, { 'x-forwarded-proto': 'https' })).toMatch(/;\s*Secure/i);
    expect(await operatorCookie(portal)).not.toMatch(/;\s*Secure/i);
  });

  it('sends HSTS on every answer', async () => {
    const portal = portals[0] as TestPortal;
    const response = await portal.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
