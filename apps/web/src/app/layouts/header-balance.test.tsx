import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/test/render';
import { HeaderBalance } from './header-balance';

class FakeSocket {
  static urls: string[] = [];
  onopen = null;
  onmessage = null;
  onclose = null;
  constructor(url: string) {
    FakeSocket.urls.push(url);
  }
  close() {}
}

function renderBalance(balance: { sumBalance: string; currency: string; demo: boolean }) {
  FakeSocket.urls = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/v2/wallets/balance': balance })));
  renderWithProviders(<HeaderBalance />);
}

afterEach(() => vi.unstubAllGlobals());

describe('HeaderBalance', () => {
  it('listens for balance pushes for a real member', async () => {
    renderBalance({ sumBalance: '1500.00', currency: 'BDT', demo: false });
    await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toContain('1,500.00'));
    expect(FakeSocket.urls).toEqual([`ws://${window.location.host}/wps/ws`]);
  });

  it('opens no socket for a free-play account', async () => {
    renderBalance({ sumBalance: '2000.00', currency: 'DEMO', demo: true });
    await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toContain('2,000.00'));
    expect(FakeSocket.urls).toEqual([]);
  });
});
