import { describe, expect, it } from 'vitest';
import { safeGameUrl } from './game-url';

const ORIGIN = 'https://portal.example';

describe('safeGameUrl', () => {
  it.each([
    ['/house/slot/?token=abc', '/house/slot/?token=abc'],
    ['/vendor/launch#start', '/vendor/launch#start'],
    ['https://games.vendor.example/play?id=1', 'https://games.vendor.example/play?id=1'],
    ['HTTPS://games.vendor.example/', 'https://games.vendor.example/'],
    ['http://127.0.0.1:3121/play?game=1', 'http://127.0.0.1:3121/play?game=1'],
    ['http://localhost:3121/play', 'http://localhost:3121/play'],
  ])('accepts %s', (raw, expected) => {
    expect(safeGameUrl(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    null,
    '',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example',
    ' /house/slot',
    'http://games.vendor.example/',
    'http://127.0.0.2:3121/play',
    'http://localhost.evil.example/play',
    'http://127.0.0.1@evil.example/play',
    'http://user:pw@127.0.0.1/play',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'house/slot',
    'https://user:secret@games.vendor.example/',
    'https:/games.vendor.example',
    'https://',
  ])('refuses %s', (raw) => {
    expect(safeGameUrl(raw, ORIGIN)).toBeNull();
  });
});
