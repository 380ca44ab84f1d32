import { describe, expect, it } from 'vitest';
import { appRoutePath, resolveHref } from './app-links';

describe('app links', () => {
  it('resolves an address against the current page, and refuses what is not one', () => {
    expect(resolveHref('/help#contact')?.href).toBe(`${window.location.origin}/help#contact`);
    expect(resolveHref('https://[bad')).toBeUndefined();
  });

  it('gives the route of a page of this app, and nothing for another site', () => {
    expect(appRoutePath(new URL('/Down/', window.location.href))).toBe('/down');
    expect(appRoutePath(new URL(`${window.location.origin}/helpmc`))).toBe('/helpmc');
    expect(appRoutePath(new URL('https://apps.example/down'))).toBeUndefined();
  });
});
