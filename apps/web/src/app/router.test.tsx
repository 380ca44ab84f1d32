import { PLACEHOLDER_ROUTES, SPA_ROUTES } from '@portal/shared/constants';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every address the route table answers: paths of leaf routes, the index route as '/', the catch-all left out. */
function routePaths(table: RouteObject[]): string[] {
  return table.flatMap((route) => [
    ...(route.index ? ['/'] : route.path && route.path !== '*' ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);
}

describe('route table', () => {
  // The server answers SPA_ROUTES with the web app: a route missing there is a 404 on reload or a shared link,
  // and one missing here is the not-found screen.
  it('is the same as the SPA_ROUTES the server serves the app on', () => {
    const paths = routePaths(routes);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPA_ROUTES].sort());
  });

  // The server's check that nothing advertised leads to a 'coming soon' screen reads PLACEHOLDER_ROUTES.
  it("shows the 'coming soon' page on exactly the PLACEHOLDER_ROUTES", () => {
    const placeholders = (table: RouteObject[]): string[] =>
      table.flatMap((route) => [
        ...(route.handle?.placeholder && route.path ? [route.path] : []),
        ...placeholders(route.children ?? []),
      ]);
    expect(placeholders(routes).sort()).toEqual([...PLACEHOLDER_ROUTES].sort());
  });
});
