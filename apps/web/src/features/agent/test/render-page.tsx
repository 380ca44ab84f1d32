import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { setSessionHint } from '@/test/auth-fixtures';
import { renderWithProviders, type StubRequest, stubFetch } from '@/test/render';

/**
 * Renders an agent page whose one call (`path`) is answered by `answer`, signed in; returns every query the page
 * sent, as plain objects.
 */
export function renderAnswering(path: string, page: ReactElement, answer: (url: URL) => unknown) {
  setSessionHint();
  const queries: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        [path]: ({ url }: StubRequest) => {
          queries.push(Object.fromEntries(url.searchParams));
          return answer(url);
        },
      }),
    ),
  );
  renderWithProviders(page);
  return queries;
}
