import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
}

/** Renders a component inside the app providers and a memory router at the given path. */
export function renderWithProviders(ui: ReactElement, { path = '/', queryClient = createTestQueryClient() } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, queryClient, router };
}

/** A fetch stub answering envelopes by path. */
export function stubFetch(routes: Record<string, unknown>) {
  return async (input: RequestInfo | URL) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const value = routes[url.pathname];
    if (value === undefined) {
      return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'Not found' }), { status: 404 });
    }
    return new Response(JSON.stringify({ success: true, code: 'OK', value }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}
