import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAt, signBody, verifySignature } from './vendor-protocol.ts';

const SECRET = 'unit-test-secret-0123456789abcdef';
const BODY = '{"txId":"t1","amount":"10.00"}';
const NOW = 1_750_000_000_000;

describe('vendor signatures', () => {
  it('signs "<t>.<raw body>" with HMAC-SHA256 as the protocol documents', () => {
    const header = signBody(SECRET, BODY, NOW);
    const t = NOW / 1000;
    const mac = createHmac('sha256', SECRET).update(`${t}.${BODY}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${mac}`);
  });

  it('accepts its own signature over the same bytes, as text or as a buffer', () => {
    const header = signBody(SECRET, BODY, NOW);
    expect(verifySignature(SECRET, BODY, header, NOW)).toBeNull();
    expect(verifySignature(SECRET, Buffer.from(BODY), header, NOW + 5_000)).toBeNull();
    const unicode = '{"name":"খেলা"}';
    expect(verifySignature(SECRET, Buffer.from(unicode), signBody(SECRET, unicode, NOW), NOW)).toBeNull();
  });

  it('refuses another secret, another body and any changed byte', () => {
    const header = signBody(SECRET, BODY, NOW);
    expect(verifySignature(`${SECRET}x`, BODY, header, NOW)).toBe('forged');
    expect(verifySignature(SECRET, BODY.replace('10.00', '11.00'), header, NOW)).toBe('forged');
    expect(verifySignature(SECRET, `${BODY} `, header, NOW)).toBe('forged');
    const flipped = header.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect(verifySignature(SECRET, BODY, flipped, NOW)).toBe('forged');
  });

  it('refuses a signature more than five minutes old or ahead, and accepts one within', () => {
    expect(verifySignature(SECRET, BODY, signBody(SECRET, BODY, NOW - 301_000), NOW)).toBe('stale');
    expect(verifySignature(SECRET, BODY, signBody(SECRET, BODY, NOW + 301_000), NOW)).toBe('stale');
    expect(verifySignature(SECRET, BODY, signBody(SECRET, BODY, NOW - 299_000), NOW)).toBeNull();
    expect(verifySignature(SECRET, BODY, signBody(SECRET, BODY, NOW + 299_000), NOW)).toBeNull();
  });

  it('refuses missing and malformed headers', () => {
    const header = signBody(SECRET, BODY, NOW);
    expect(verifySignature(SECRET, BODY, undefined, NOW)).toBe('missing');
    expect(verifySignature(SECRET, BODY, '', NOW)).toBe('missing');
    expect(verifySignature(SECRET, BODY, [header, header], NOW)).toBe('malformed');
    expect(verifySignature(SECRET, BODY, header.toUpperCase(), NOW)).toBe('malformed');
    expect(verifySignature(SECRET, BODY, header.replace('t=', 'ts='), NOW)).toBe('malformed');
    expect(verifySignature(SECRET, BODY, `${header},v0=abc`, NOW)).toBe('malformed');
    expect(verifySignature(SECRET, BODY, header.slice(0, -2), NOW)).toBe('malformed');
  });
});

describe('the documented example', () => {
  it('gives the signature docs/seamless-api.md shows, and signAt keeps a given timestamp', () => {
    const secret = 'example-secret-do-not-use-0123456789abcdef';
    const body =
      '{"txId":"pg-778812","token":"q0Zr3mXb1bX5mO2cF6r8nQm6q1kY3dJt7gH9sL2aVwE","playerId":"rahim88","roundId":"r-55120","gameId":"pg-fortune-tiger","amount":"20.00","currency":"BDT"}';
    const expected = 't=1764000000,v1=4d2cdefb569cff26b9227fc60fafd3218185b87dbce22591adcf747b7471a14b';
    expect(signBody(secret, body, 1_764_000_000_000)).toBe(expected);
    expect(signAt(secret, body, 1_764_000_000)).toBe(expected);
  });
});
