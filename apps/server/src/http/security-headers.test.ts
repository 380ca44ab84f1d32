import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { recordHelmetHeaders } from './security-headers.ts';

/** What a helmet middleware leaves on a real response. */
function headersOnRealResponse(middleware: ReturnType<typeof helmet>) {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  response.setHeader('X-Powered-By', 'something');
  middleware(response.req, response, () => {});
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

describe('recorded helmet headers', () => {
  it('are exactly the headers helmet sets on a response, for its defaults and for a custom policy', () => {
    const defaults = helmet();
    const custom = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"] } },
      strictTransportSecurity: { maxAge: 60 },
      referrerPolicy: false,
    });
    for (const middleware of [defaults, custom]) {
      expect(Object.fromEntries(recordHelmetHeaders(middleware))).toEqual(headersOnRealResponse(middleware));
    }
    expect(Object.fromEntries(recordHelmetHeaders(custom))).toMatchObject({
      'content-security-policy': "default-src 'none'",
      'strict-transport-security': 'max-age=60; includeSubDomains',
    });
    expect(Object.fromEntries(recordHelmetHeaders(custom))['referrer-policy']).toBeUndefined();
  });
});
