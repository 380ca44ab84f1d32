import { describe, expect, it } from 'vitest';
import { safeGameUrl } from './game-url';

const ORIGIN = 'https://portal.example';

describe('safeGameUrl', () => {
  it.each([
    ['/house/slot/?token=abc', '/house/slot/?token=abc'],
    ['/vendor/launch#start', '/vendor/launch#start'],
    ['https://games.vendor.example/play?id=1', 'https://games.vendor.example/play?id=1'],
    ['HTTPS://games.vendor.example/', 'https://games.vendor.example/'],
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
