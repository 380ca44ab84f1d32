import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { PortalModalsProvider, usePortalModals } from '@/lib/portal-modals';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
}

/** Renders a component inside the app providers and a memory router at the given path. */
export function renderWithProviders(ui: ReactElement, { path = '/', queryClient = createTestQueryClient() } = {}) {
  const router = createMemoryRouter([{ path: '*', element: <PortalModalsProvider>{ui}</PortalModalsProvider> }], {
    initialEntries: [path],
  });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, queryClient, router };
}

/** Shows which header modal is open (its name, empty for none), for tests of the launch rules. */
export function ModalProbe() {
  const { current } = usePortalModals();
  return <output data-testid="open-modal">{current?.name ?? ''}</output>;
}

/** A refused call in a fetch stub: status, code, message and an optional value. */
export class StubFailure {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
    readonly value?: unknown,
  ) {}
}

export function fail(status: number, code: string, message: string = code, value?: unknown): StubFailure {
  return new StubFailure(status, code, message, value);
}

export interface StubRequest {
  url: URL;
  method: string;
  body: unknown;
}

/** An answer: the envelope's value, a StubFailure, or a function of the request giving either. */
export type StubAnswer = unknown;

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return Object.fromEntries(new URLSearchParams(body));
  }
}

/**
 * A fetch stub answering envelopes by path. Keys are a path ('/wps/captcha') or a method and a path
 * ('POST /wps/session/login'); the method-specific key wins.
 */
export function stubFetch(routes: Record<string, StubAnswer>) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    let answer = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
    if (typeof answer === 'function') answer = await answer({ url, method, body: readBody(init?.body) });
    if (answer === undefined) {
      return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'Not found' }), { status: 404 });
    }
    if (answer instanceof StubFailure) {
      return new Response(
        JSON.stringify({ success: false, code: answer.code, message: answer.message, value: answer.value }),
        { status: answer.status, headers: { 'Content-Type': 'application/json' } },
      );
    }
    return new Response(JSON.stringify({ success: true, code: 'OK', value: answer }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}
