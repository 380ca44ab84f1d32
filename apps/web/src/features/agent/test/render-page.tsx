import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { setSessionHint } from '@/test/auth-fixtures';
import { renderWithProviders, type StubAnswer, type StubRequest, stubFetch } from '@/test/render';

/** Renders an agent page signed in, its calls answered by `routes` (keys as stubFetch's). */
export function renderStubbed(page: ReactElement, routes: Record<string, StubAnswer>) {
  setSessionHint();
  const fetchMock = vi.fn(stubFetch(routes));
  vi.stubGlobal('fetch', fetchMock);
  return { ...renderWithProviders(page), fetchMock };
}

/**
 * Renders an agent page whose one call (`path`) is answered by `answer`, signed in; returns every query the page
 * sent, as plain objects.
 */
export function renderAnswering(path: string, page: ReactElement, answer: (url: URL) => unknown) {
  const queries: Record<string, string>[] = [];
  renderStubbed(page, {
    [path]: ({ url }: StubRequest) => {
      queries.push(Object.fromEntries(url.searchParams));
      return answer(url);
    },
  });
  return queries;
}
