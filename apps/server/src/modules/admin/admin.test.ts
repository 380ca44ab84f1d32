import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestPortal, TEST_ADMIN, type TestPortal } from '../../test/harness.ts';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

describe('operator sign-in', () => {
  it('stores only an argon2id hash of the password and a SHA-256 of the session token', async () => {
    const row = await portal.database.db.selectFrom('admin_users').selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const login = await call(portal.app, { method: 'POST', url: '/admin/api/session', payload: TEST_ADMIN });
    expect(login.status).toBe(200);
    const token: string = login.body.value.token;
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(String(login.headers['set-cookie'])).toMatch(/portal_admin=.*HttpOnly.*SameSite=Strict/i);
    const sessions = await portal.database.db.selectFrom('admin_sessions').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);
  });

  it('answers a wrong password and an unknown name alike, and records the failure', async () => {
    const wrong = await call(portal.app, {
      method: 'POST',
      url: '/admin/api/session',
      payload: { username: TEST_ADMIN.username, password: 'nope' },
      headers: { 'accept-language': 'en' },
    });
    const unknown = await call(portal.app, {
      method: 'POST',
      url: '/admin/api/session',
      payload: { username: 'ghost', password: 'nope' },
      headers: { 'accept-language': 'en' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Login failure. Please try again.');
    const failures = await portal.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'admin.login.failed')
      .execute();
    expect(failures.length).toBeGreaterThanOrEqual(2);
  });

  it('revokes the session on logout', async () => {
    const headers = await portal.adminHeaders();
    expect((await call(portal.app, { method: 'GET', url: '/admin/api/flags', headers })).status).toBe(200);
    expect((await call(portal.app, { method: 'DELETE', url: '/admin/api/session', headers })).status).toBe(200);
    expect((await call(portal.app, { method: 'GET', url: '/admin/api/flags', headers })).status).toBe(401);
  });

  it('limits login attempts per address with a clear 429', async () => {
    const fresh = await import('../../test/harness.ts').then((h) => h.startTestPortal());
    try {
      let last = 0;
      let body: { code?: string; message?: string } = {};
      for (let i = 0; i < 11; i++) {
        const r = await call(fresh.app, {
          method: 'POST',
          url: '/admin/api/session',
          payload: { username: 'x', password: 'y' },
          headers: { 'accept-language': 'en' },
        });
        last = r.status;
        body = r.body;
      }
      expect(last).toBe(429);
      expect(body).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many requests, please try again after 5 minutes.',
      });
    } finally {
      await fresh.close();
    }
  });
});
