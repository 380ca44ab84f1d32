import { type AddressInfo, createServer } from 'node:net';
import Provider from 'oidc-provider';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestPortal, type TestPortal } from '../../test/harness.ts';

// A real OpenID Connect provider on loopback, standing in for Google.
const CLIENT = { client_id: 'portal-test', client_secret: 'portal-test-secret-0123456789' };
const PUBLIC_URL = 'http://portal.test';
let provider: Provider;
let issuerServer: ReturnType<Provider['listen']>;
let portal: TestPortal;

beforeAll(async () => {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        ...CLIENT,
        redirect_uris: [`${PUBLIC_URL}/wps/session/social/google/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@mail.test`, email_verified: true }),
    }),
    features: { devInteractions: { enabled: true } },
    ttl: { Session: 600, Grant: 600, Interaction: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  issuerServer = provider.listen(port);
  portal = await startTestPortal({
    PUBLIC_URL,
    SOCIAL_GOOGLE_CLIENT_ID: CLIENT.client_id,
    SOCIAL_GOOGLE_CLIENT_SECRET: CLIENT.client_secret,
    SOCIAL_GOOGLE_ISSUER: issuer,
    SOCIAL_ALLOW_HTTP: 'true',
  });
});
afterAll(async () => {
  await portal?.close();
  issuerServer?.close();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Follows the provider's redirects and answers its login and consent forms as the user `login` would. */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [name = '', ...value] = (cookie.split(';')[0] ?? '').split('=');
      jar.set(name, value.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(PUBLIC_URL)) return next;
      url = next.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider page without a form: ${response.status} ${html.slice(0, 200)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'login';
    url = new URL(action, url).href;
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }).toString();
  }
  throw new Error('too many steps at the provider');
}

async function socialLogin(login: string) {
  const start = await portal.app.inject({ method: 'GET', url: '/wps/session/social/google/start' });
  expect(start.statusCode).toBe(302);
  const stateCookie = String(start.headers['set-cookie']).match(/portal_oidc=([^;]+)/)?.[1];
  const back = await signInAtProvider(String(start.headers.location), login);
  return portal.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `portal_oidc=${stateCookie}` },
  });
}

describe('social sign-in over OpenID Connect', () => {
  it('lists the configured provider', async () => {
    const { body } = await call(portal.app, { method: 'GET', url: '/wps/session/social' });
    expect(body.value.providers).toEqual(['google']);
  });

  it('opens a player account on the first sign-in and signs the same account in the next time', async () => {
    const first = await socialLogin('rahim');
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/?firstLogin=1');
    const token = String(first.headers['set-cookie']).match(/portal_session=([^;]+)/)?.[1];
    expect(token).toBeTruthy();
    const info = await call(portal.app, {
      method: 'GET',
      url: '/wps/member/info',
      headers: { cookie: `portal_session=${token}` },
    });
    expect(info.body.value).toMatchObject({ type: 0, email: 'rahim@mail.test' });

    const second = await socialLogin('rahim');
    expect(second.headers.location).toBe('/');
    const token2 = String(second.headers['set-cookie']).match(/portal_session=([^;]+)/)?.[1];
    const info2 = await call(portal.app, {
      method: 'GET',
      url: '/wps/member/info',
      headers: { cookie: `portal_session=${token2}` },
    });
    expect(info2.body.value.account).toBe(info.body.value.account);
    const links = await portal.database.db.selectFrom('member_identities').selectAll().execute();
    expect(links).toHaveLength(1);
  });

  it('still asks for the authenticator app when the member wants it at every login', async () => {
    const first = await socialLogin('karim');
    const token = String(first.headers['set-cookie']).match(/portal_session=([^;]+)/)?.[1];
    const auth = { authorization: `Bearer ${token}` };
    const setup = await call(portal.app, { method: 'POST', url: '/wps/member/security/totp/setup', headers: auth });
    const secret: string = setup.body.value.secret;
    const now = Math.floor(Date.now() / 1000);
    const codeAt = (offset: number) => generate({ secret, epoch: now + offset }) as Promise<string>;
    const enable = { method: 'POST' as const, url: '/wps/member/security/totp/enable', headers: auth };
    expect((await call(portal.app, { ...enable, payload: { code: await codeAt(0) } })).status).toBe(200);
    const always = { method: 'PUT' as const, url: '/wps/member/security/totp/always', headers: auth };
    expect((await call(portal.app, { ...always, payload: { enabled: true } })).status).toBe(200);

    const again = await socialLogin('karim');
    const location = String(again.headers.location);
    expect(location).toMatch(/^\/login#secondFactor=/);
    expect(String(again.headers['set-cookie'] ?? '')).not.toContain('portal_session=');
    const challengeId = decodeURIComponent(location.split('=')[1] ?? '');
    const done = await call(portal.app, {
      method: 'POST',
      url: '/wps/session/login/second-factor',
      payload: { challengeId, method: 'totp', code: await codeAt(30) },
    });
    expect(done.body.value).toMatchObject({ status: 'OK' });
  });

  it('refuses a callback whose state is not the browser’s own (login CSRF)', async () => {
    const start = await portal.app.inject({ method: 'GET', url: '/wps/session/social/google/start' });
    const back = await signInAtProvider(String(start.headers.location), 'mallory');
    const forged = await portal.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: 'portal_oidc=someone-elses-state' },
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/login?socialError=1');
    expect(String(forged.headers['set-cookie'] ?? '')).not.toContain('portal_session=');
  });

  it('says the provider is not offered when it is not configured', async () => {
    const { status } = await call(portal.app, { method: 'GET', url: '/wps/session/social/facebook/start' });
    expect(status).toBe(404);
  });
});
