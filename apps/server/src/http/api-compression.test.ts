import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestPortal } from '../test/harness.ts';

const test = useTestPortal();

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
};

/** The answer as sent without compression, and as sent to a client accepting each encoding. */
async function answers(url: string) {
  const inject = (encoding?: string) =>
    test.portal.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });
  return { plain: await inject(), br: await inject('gzip, deflate, br'), gzip: await inject('gzip') };
}

describe('compressed JSON answers', () => {
  for (const url of ['/wps/system/helpCenter', '/wps/system/helpCenter?language=en', '/wps/system/permission']) {
    it(`${url} is sent compressed to a client that accepts br or gzip, decoding to the same JSON`, async () => {
      const { plain, ...compressed } = await answers(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const json = plain.json();
      expect(json).toMatchObject({ success: true, code: 'OK' });
      for (const [encoding, response] of Object.entries(compressed)) {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length * 0.75);
        expect(JSON.parse(decoders[encoding]!(response.rawPayload).toString('utf8'))).toEqual(json);
      }
    });
  }

  it('shows an operator change to the help centre at once, compressed too', async () => {
    const put = await test.portal.app.inject({
      method: 'PUT',
      url: '/admin/api/help/terms',
      headers: test.admin,
      payload: { title: { en: 'Terms, revised' }, content: { en: '<p>Revised.</p>' }, sortOrder: 0 },
    });
    expect(put.statusCode).toBe(200);
    const { br } = await answers('/wps/system/helpCenter?language=en');
    const sections = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).value.sections;
    expect(sections.find((s: { key: string }) => s.key === 'terms').title).toBe('Terms, revised');
  });
});
