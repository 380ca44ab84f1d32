import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/test/render';
import { ChunkLoadError } from './lazy-page';
import { AppProvider } from './provider';
import { RouteBoundary, StatusScreenBoundary, WidgetBoundary } from './route-error';

function Thrower({ error }: { error: Error }): never {
  throw error;
}

function renderError(error: Error) {
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <MemoryRouter>
        <RouteBoundary>
          <Thrower error={error} />
        </RouteBoundary>
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('RouteError', () => {
  // React and React Router report every error an error boundary catches; here they are the point of the test.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers a retry when a screen chunk fails to load', () => {
    renderError(new ChunkLoadError('failed'));
    expect(screen.getByTestId('chunk-error').textContent).toContain('অ্যাসিঙ্ক কম্পোনেন্ট লোড করা যায়নি');
    expect(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeTruthy();
    // The retry is a fresh load; the way home is for a screen that threw.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('explains a chunk timeout', () => {
    renderError(new ChunkLoadError('timeout'));
    expect(screen.getByTestId('chunk-error').textContent).toContain('অনেক বেশি সময়');
  });

  it('shows a generic error for anything else', () => {
    renderError(new Error('boom'));
    expect(screen.getByTestId('route-error')).toBeTruthy();
  });

  it('tries again when the player goes to another address', async () => {
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/broken']}>
          <RouteBoundary>
            <Routes>
              <Route path="/broken" element={<Thrower error={new Error('boom')} />} />
              <Route path="/" element={<p>home page</p>} />
            </Routes>
          </RouteBoundary>
        </MemoryRouter>
      </AppProvider>,
    );
    expect(screen.getByTestId('route-error')).toBeTruthy();
    fireEvent.click(screen.getByRole('link'));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.queryByTestId('route-error')).toBeNull();
  });
});

describe('StatusScreenBoundary', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  function renderStatusError(error: Error) {
    // No router: the status screens show before the app's routes exist.
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <StatusScreenBoundary>
          <Thrower error={error} />
        </StatusScreenBoundary>
      </AppProvider>,
    );
  }

  it('explains a status screen that took over 120 s, with a retry', () => {
    renderStatusError(new ChunkLoadError('timeout'));
    expect(screen.getByTestId('chunk-error').textContent).toContain('অনেক বেশি সময়');
    expect(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeTruthy();
  });

  it('shows a generic error with a retry for anything else', () => {
    renderStatusError(new Error('boom'));
    expect(screen.getByTestId('route-error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeTruthy();
  });
});

describe('WidgetBoundary', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('leaves out a widget that failed and keeps the page around it', () => {
    const { container } = render(
      <main>
        <p>the page</p>
        <WidgetBoundary>
          <aside>
            <Thrower error={new ChunkLoadError('failed')} />
          </aside>
        </WidgetBoundary>
      </main>,
    );
    expect(screen.getByText('the page')).toBeTruthy();
    expect(container.querySelector('aside')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
