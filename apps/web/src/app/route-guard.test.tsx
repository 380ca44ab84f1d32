import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, stubFetch } from '@/test/render';
import { AppProvider } from './provider';
import { isPublicPath, RouteGuard } from './route-guard';

function renderAt(path: string, loginedToHomePage: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(stubFetch({ '/wps/system/permission': { settings: { loginedToHomePage, flags: {} }, customerService: [] } })),
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouteGuard>
            <p>content</p>
          </RouteGuard>
        ),
        children: [{ path: '*', element: null }],
      },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RouteGuard', () => {
  it('knows the public paths', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/register.html')).toBe(true);
    expect(isPublicPath('/sandbox-pay/SBX0123456789ABCDEF01')).toBe(true);
    expect(isPublicPath('/sandbox')).toBe(false);
    expect(isPublicPath('/download')).toBe(true);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/vip')).toBe(false);
  });

  it('sends visitors without a session to /login when the brand requires login', async () => {
    const router = renderAt('/vip', true);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets visitors through when the brand does not require login', async () => {
    renderAt('/vip', false);
    expect(await screen.findByText('content')).toBeTruthy();
  });

  it('lets a session through', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the readable session hint the server sets
    document.cookie = 'portal_member=1; path=/';
    renderAt('/vip', true);
    expect(await screen.findByText('content')).toBeTruthy();
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = 'portal_member=; path=/; max-age=0';
  });
});
