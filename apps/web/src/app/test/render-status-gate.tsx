import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createTestQueryClient, type StubAnswer, stubFetch } from '@/test/render';
import { AppProvider } from '../provider';
import { StatusGate } from '../status-gate';

/** The status switch over a stand-in app ('the app'), with the start-up calls answered by `answers`. */
export function renderStatusGate(answers: Record<string, StubAnswer>) {
  vi.stubGlobal('fetch', vi.fn(stubFetch(answers)));
  return render(
    <AppProvider queryClient={createTestQueryClient()}>
      <StatusGate>
        <p>the app</p>
      </StatusGate>
    </AppProvider>,
  );
}
