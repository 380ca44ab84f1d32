import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';

const test = useTestPortal();

const ANNOUNCEMENTS = '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W';

async function counts() {
  const db = test.portal.database.db;
  const banners = await db
    .selectFrom('banners')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const notices = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { banners: Number(banners.n), notices: Number(notices.n) };
}

/** Bengali text of `length` characters (3 bytes each in UTF-8). */
const bengali = (length: number) => 'ক'.repeat(length);
/** JSON with every non-ASCII character as a `\uXXXX` escape, as Python's json sends it: 6 bytes each. */
const asciiEscaped = (json: string) =>
  json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('announcements', () => {
  it('serves the seeded banners by group and notices by type, in the requested language', async () => {
    const { status, body } = await call(test.portal.app, { method: 'GET', url: `${ANNOUNCEMENTS}&language=en` });
    expect(status).toBe(200);
    const value = body.value;
    const home = value.banners.filter((b: { groupName: string }) => b.groupName === 'w_home');
    expect(home).toHaveLength(5);
    expect(home[0]).toEqual({
      bannerId: expect.any(Number),
      url: '/banners/w_home-1.svg#art',
      groupName: 'w_home',
      linkageType: 1,
      link: '/rng?vassalage=HOUSE',
      title: 'Originals slot: progressive jackpot',
      headline: 'Originals slot: progressive jackpot',
      detail: 'The jackpot grows with every spin',
      button: 'Spin now',
    });
    // A banner without words stays an image banner: no empty fields.
    const rng = value.banners.find((b: { groupName: string }) => b.groupName === 'w_rng');
    expect(Object.keys(rng).sort()).toEqual(['bannerId', 'groupName', 'link', 'linkageType', 'title', 'url']);
    expect(value.home.length).toBeGreaterThanOrEqual(2);
    expect(value.popup.length).toBeGreaterThanOrEqual(1);
    expect(value.player.length).toBeGreaterThanOrEqual(2);
    expect(value.promotion.length).toBeGreaterThanOrEqual(1);
    const bn = await call(test.portal.app, { method: 'GET', url: `${ANNOUNCEMENTS}&language=bn` });
    expect(bn.body.value.banners[0].title).toBe('অরিজিনালস স্লট: প্রগ্রেসিভ জ্যাকপট');
    expect(bn.body.value.banners[0].button).toBe('এখনই স্পিন করুন');
  });

  it('answers gzip and brotli clients with the same envelope, compressed', async () => {
    const plain = await test.portal.app.inject({ method: 'GET', url: ANNOUNCEMENTS });
    for (const [encoding, decode] of [
      ['gzip', zlib.gunzipSync],
      ['br', zlib.brotliDecompressSync],
    ] as const) {
      // The first compresses the answer, the second gets the compressed form kept from the first.
      for (const _ of ['first', 'second']) {
        const response = await test.portal.app.inject({
          method: 'GET',
          url: ANNOUNCEMENTS,
          headers: { 'accept-encoding': encoding },
        });
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(plain.json());
      }
    }
  });

  it('returns only the requested types', async () => {
    const { body } = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/relay/MCSFE_getListAnnouncements?types=H',
    });
    expect(body.value.banners).toEqual([]);
    expect(body.value.popup).toEqual([]);
    expect(body.value.home.length).toBeGreaterThan(0);
  });

  it('refuses unknown announcement types and platforms', async () => {
    for (const url of [
      '/wps/relay/MCSFE_getListAnnouncements?types=B,XX',
      '/wps/relay/MCSFE_getListAnnouncements?platform=Z',
      '/wps/relay/MCSFE_getListAnnouncements?types=<script>',
    ]) {
      expect((await call(test.portal.app, { method: 'GET', url })).status, url).toBe(400);
    }
  });
});

describe('operator content', () => {
  it('needs an operator session', async () => {
    const { status, body } = await call(test.portal.app, { method: 'POST', url: '/admin/api/notices', payload: {} });
    expect(status).toBe(401);
    expect(body.code).toBe('NOT_LOGGED_IN');
    const forged = await call(test.portal.app, {
      method: 'GET',
      url: '/admin/api/banners',
      headers: { authorization: 'Bearer forged-token' },
    });
    expect(forged.status).toBe(401);
  });

  it('sanitises notice HTML before storing and serving it, and strips tags from titles', async () => {
    const { status, body } = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/notices',
      headers: test.admin,
      payload: {
        type: 'PL',
        title: { en: '<b>Big</b> & bold <script>alert(1)</script>', bn: 'বড়' },
        content: {
          en: '<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://example.com">ok</a></p>',
        },
      },
    });
    expect(status).toBe(201);
    const stored = await test.portal.database.db
      .selectFrom('notices')
      .select(['title', 'content'])
      .where('id', '=', body.value.id)
      .executeTakeFirstOrThrow();
    const storedContent = (stored.content as { en: string }).en;
    expect(storedContent).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(storedContent).toContain('<a href="https://example.com" rel="noopener noreferrer">ok</a>');
    expect((stored.title as { en: string }).en).toBe('Big & bold');

    const served = await call(test.portal.app, { method: 'GET', url: `${ANNOUNCEMENTS}&language=en` });
    const notice = served.body.value.player.find((n: { id: number }) => n.id === body.value.id);
    expect(notice.content).toBe(storedContent);
  });

  it('refuses bad notices and banners with a 400 and writes nothing', async () => {
    const before = await counts();
    const bad = [
      ['/admin/api/notices', { type: 'XX', title: { en: 'a' }, content: { en: 'b' } }],
      ['/admin/api/notices', { type: 'PL', title: { en: 'a'.repeat(201) }, content: { en: 'b' } }],
      ['/admin/api/notices', { type: 'PL', title: { en: 'a' }, content: { en: 'b' }, unknownField: 1 }],
      ['/admin/api/notices', { type: 'PL', title: 'plain string', content: { en: 'b' } }],
      ['/admin/api/notices', { type: 'PL', title: {}, content: { en: 'b' } }],
      [
        '/admin/api/notices',
        {
          type: 'PL',
          title: { en: 'a' },
          content: { en: 'b' },
          startsAt: '2026-02-01T00:00:00Z',
          endsAt: '2026-01-01T00:00:00Z',
        },
      ],
      [
        '/admin/api/banners',
        { groupName: 'w_home', imageUrl: 'javascript:alert(1)', title: { en: 'x' }, linkageType: 0 },
      ],
      ['/admin/api/banners', { groupName: 'home', imageUrl: '/a.svg', title: { en: 'x' }, linkageType: 0 }],
      [
        '/admin/api/banners',
        { groupName: 'w_home', imageUrl: '/a.svg', title: { en: 'x' }, linkageType: 2, link: 'javascript:alert(1)' },
      ],
      [
        '/admin/api/banners',
        { groupName: 'w_home', imageUrl: '/a.svg', title: { en: 'x' }, linkageType: 1, link: null },
      ],
      ['/admin/api/banners', { groupName: 'w_home', imageUrl: '/a.svg', title: { en: 'x' }, linkageType: '1' + 'x' }],
      ...(
        [
          ['headline', 61],
          ['detail', 121],
          ['buttonLabel', 25],
        ] as const
      ).map(
        ([field, length]) =>
          [
            '/admin/api/banners',
            {
              groupName: 'w_home',
              imageUrl: '/a.svg',
              title: { en: 'x' },
              linkageType: 0,
              [field]: { bn: 'ক'.repeat(length) },
            },
          ] as const,
      ),
      [
        '/admin/api/banners',
        { groupName: 'w_home', imageUrl: '/a.svg', title: { en: 'x' }, linkageType: 0, headline: {} },
      ],
      [
        '/admin/api/banners',
        { groupName: 'w_home', imageUrl: '/a.svg', title: { en: 'x' }, linkageType: 0, headline: 'x' },
      ],
    ] as const;
    for (const [url, payload] of bad) {
      const { status, body } = await call(test.portal.app, { method: 'POST', url, headers: test.admin, payload });
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message).toBeTruthy();
    }
    const huge = await test.portal.app.inject({
      method: 'POST',
      url: '/admin/api/notices',
      headers: { ...test.admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'PL', title: { en: 'a' }, content: { en: 'x'.repeat(300_000) } }),
    });
    expect(huge.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('creates, edits, orders and deletes banners; the player sees each change at once', async () => {
    const created = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/banners',
      headers: test.admin,
      payload: {
        groupName: 'w_home',
        imageUrl: '/banners/w_home-1.svg',
        title: { en: 'Fresh' },
        linkageType: 2,
        link: 'https://example.com/x',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.value.id;
    const homeIds = async () =>
      (await call(test.portal.app, { method: 'GET', url: `${ANNOUNCEMENTS}&language=en` })).body.value.banners
        .filter((b: { groupName: string }) => b.groupName === 'w_home')
        .map((b: { bannerId: number }) => b.bannerId);
    expect(await homeIds()).toContain(id);

    const ids: number[] = await homeIds();
    const reversed = [...ids].reverse();
    const ordered = await call(test.portal.app, {
      method: 'PUT',
      url: '/admin/api/banners/order',
      headers: test.admin,
      payload: { ids: reversed },
    });
    expect(ordered.status).toBe(200);
    expect(await homeIds()).toEqual(reversed);

    const unknownOrder = await call(test.portal.app, {
      method: 'PUT',
      url: '/admin/api/banners/order',
      headers: test.admin,
      payload: { ids: [...ids, 999_999] },
    });
    expect(unknownOrder.status).toBe(400);
    expect(await homeIds()).toEqual(reversed);

    const hidden = await call(test.portal.app, {
      method: 'PATCH',
      url: `/admin/api/banners/${id}`,
      headers: test.admin,
      payload: { enabled: false },
    });
    expect(hidden.status).toBe(200);
    expect(await homeIds()).not.toContain(id);

    expect(
      (await call(test.portal.app, { method: 'DELETE', url: `/admin/api/banners/${id}`, headers: test.admin })).status,
    ).toBe(200);
    expect(
      (await call(test.portal.app, { method: 'DELETE', url: `/admin/api/banners/${id}`, headers: test.admin })).status,
    ).toBe(404);
  });

  it("keeps a banner's headline, detail and button in both languages, as plain text, and lets the operator remove them", async () => {
    const words = {
      headline: { en: 'Cricket <b>cashback</b>', bn: 'ক্রিকেট ক্যাশব্যাক' },
      detail: { en: 'Every match day', bn: 'প্রতি ম্যাচের দিন' },
      buttonLabel: { en: 'Play', bn: 'খেলুন' },
    };
    const created = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/banners',
      headers: test.admin,
      payload: {
        groupName: 'w_sports',
        imageUrl: '/banners/w_sports-1.svg',
        title: { en: 'Cricket' },
        linkageType: 1,
        link: '/sports',
        ...words,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.value.id;
    const read = async (language: string) =>
      (
        await call(test.portal.app, { method: 'GET', url: `${ANNOUNCEMENTS}&language=${language}` })
      ).body.value.banners.find((b: { bannerId: number }) => b.bannerId === id);
    expect(await read('en')).toMatchObject({ headline: 'Cricket cashback', detail: 'Every match day', button: 'Play' });
    expect(await read('bn')).toMatchObject({ headline: 'ক্রিকেট ক্যাশব্যাক', detail: 'প্রতি ম্যাচের দিন', button: 'খেলুন' });

    const tooLong = await call(test.portal.app, {
      method: 'PATCH',
      url: `/admin/api/banners/${id}`,
      headers: test.admin,
      payload: { headline: { en: 'x'.repeat(61) } },
    });
    expect(tooLong.status).toBe(400);
    expect((await read('en')).headline).toBe('Cricket cashback');

    const removed = await call(test.portal.app, {
      method: 'PATCH',
      url: `/admin/api/banners/${id}`,
      headers: test.admin,
      payload: { headline: null, detail: null, buttonLabel: null },
    });
    expect(removed.status).toBe(200);
    const plain = await read('en');
    expect(plain).not.toHaveProperty('headline');
    expect(plain).not.toHaveProperty('detail');
    expect(plain).not.toHaveProperty('button');
    await call(test.portal.app, { method: 'DELETE', url: `/admin/api/banners/${id}`, headers: test.admin });
  });

  it('keeps scheduled notices out of view until their window opens', async () => {
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const { body } = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/notices',
      headers: test.admin,
      payload: { type: 'H', title: { en: 'Tomorrow' }, content: { en: '<p>Soon</p>' }, startsAt },
    });
    const served = await call(test.portal.app, { method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements?types=H' });
    expect(served.body.value.home.map((n: { id: number }) => n.id)).not.toContain(body.value.id);
  });

  it('edits help centre sections, sanitised', async () => {
    const put = await call(test.portal.app, {
      method: 'PUT',
      url: '/admin/api/help/terms',
      headers: test.admin,
      payload: { title: { en: 'Terms' }, content: { en: '<h3>New</h3><script>x()</script>' }, sortOrder: 0 },
    });
    expect(put.status).toBe(200);
    const help = await call(test.portal.app, { method: 'GET', url: '/wps/system/helpCenter?language=en' });
    const terms = help.body.value.sections.find((s: { key: string }) => s.key === 'terms');
    expect(terms).toEqual({ key: 'terms', title: 'Terms', content: '<h3>New</h3>' });
  });

  it('takes a help section of the largest allowed size in Bengali, sent as UTF-8 or as \\u escapes', async () => {
    const section = (contentLength: number) => ({
      title: { bn: bengali(200), en: bengali(200) },
      content: { bn: bengali(contentLength), en: bengali(contentLength) },
      sortOrder: 7,
    });
    const put = (payload: string) =>
      call(test.portal.app, {
        method: 'PUT',
        url: '/admin/api/help/long-read',
        headers: { ...test.admin, 'content-type': 'application/json' },
        payload,
      });
    const utf8 = JSON.stringify(section(50_000));
    const escaped = asciiEscaped(utf8);
    expect(Buffer.byteLength(utf8)).toBeGreaterThan(64 * 1024);
    for (const payload of [utf8, escaped]) expect((await put(payload)).status).toBe(200);
    const help = await call(test.portal.app, { method: 'GET', url: '/wps/system/helpCenter?language=bn' });
    const stored = help.body.value.sections.find((s: { key: string }) => s.key === 'long-read');
    expect(stored.content).toBe(bengali(50_000));

    const tooLong = await put(JSON.stringify(section(50_001)));
    expect(tooLong.status).toBe(400);
  });

  it('takes a notice of the largest allowed size in Bengali, as UTF-8 or as \\u escapes', async () => {
    const notice = (contentLength: number) => ({
      type: 'PL',
      title: { bn: bengali(200), en: bengali(200) },
      content: { bn: bengali(contentLength), en: bengali(contentLength) },
    });
    const post = (payload: string) =>
      call(test.portal.app, {
        method: 'POST',
        url: '/admin/api/notices',
        headers: { ...test.admin, 'content-type': 'application/json' },
        payload,
      });
    const utf8 = JSON.stringify(notice(20_000));
    const escaped = asciiEscaped(utf8);
    expect(Buffer.byteLength(utf8)).toBeGreaterThan(64 * 1024);
    for (const payload of [utf8, escaped]) {
      const created = await post(payload);
      expect(created.status).toBe(201);
      await call(test.portal.app, {
        method: 'DELETE',
        url: `/admin/api/notices/${created.body.value.id}`,
        headers: test.admin,
      });
    }
    expect((await post(JSON.stringify(notice(20_001)))).status).toBe(400);
  });
});
