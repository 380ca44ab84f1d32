import type { SystemStatus } from '@portal/shared/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStatusGate } from './test/render-status-gate';

const permission = {
  customerService: [{ csPosition: 'right', csType: 'LIVECHAT', path: 'https://chat.example/room', title: 'Chat' }],
  resources: [],
  settings: { flags: {}, socialLinks: { facebook: null, telegram: null }, licences: [] },
};

/** The default brand setting: customer service is the portal's own help page. */
const ownHelpPermission = {
  ...permission,
  customerService: [{ csPosition: 'RIGHT', csType: 'LIVECHAT', path: '/help#contact', title: 'Live chat' }],
};

const helpCentre = {
  sections: [
    { key: 'terms', title: 'Terms', content: '<p>The terms.</p>' },
    { key: 'contact', title: 'Contact us', content: '<p>Write to help@example.com or Telegram @portal.</p>' },
  ],
};

function renderGate(status: SystemStatus, brand: unknown = permission) {
  return renderStatusGate({
    '/wps/system/status': status,
    '/wps/system/permission': brand,
    '/wps/system/helpCenter': helpCentre,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StatusGate', () => {
  it('renders the app when the status is 0', async () => {
    renderGate({ status: 0, maintenanceEnd: null, message: null, ip: '1.2.3.4' });
    expect(await screen.findByText('the app')).toBeTruthy();
  });

  it('shows the maintenance screen with the end time when it is set', async () => {
    renderGate({ status: 1, maintenanceEnd: '2030-01-02T03:04:00Z', message: 'Upgrading', ip: '1.2.3.4' });
    const screenEl = await screen.findByTestId('maintenance-screen');
    expect(screenEl.textContent).toContain('Upgrading');
    expect(screen.getByTestId('maintenance-end').textContent).toContain('রক্ষণাবেক্ষণ শেষ হবে');
    expect(screen.queryByText('the app')).toBeNull();
  });

  it('shows no end time when maintenance has none', async () => {
    renderGate({ status: 1, maintenanceEnd: null, message: null, ip: '1.2.3.4' });
    await screen.findByTestId('maintenance-screen');
    expect(screen.queryByTestId('maintenance-end')).toBeNull();
  });

  it('opens live chat in a 440x500 window from the maintenance screen', async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    renderGate({ status: 1, maintenanceEnd: null, message: null, ip: '1.2.3.4' });
    const button = await screen.findByRole('button', { name: 'গ্রাহক সেবা' });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    button.click();
    expect(open).toHaveBeenCalledWith(
      'https://chat.example/room',
      'portal-popup',
      expect.stringContaining('width=440,height=500'),
    );
  });

  it.each([
    ['maintenance', 1],
    ['region-block', 2],
  ] as const)(
    'shows the help contact section on the %s screen when customer service is the own help page',
    async (name, code) => {
      const open = vi.fn(() => null);
      vi.stubGlobal('open', open);
      renderGate({ status: code, maintenanceEnd: null, message: null, ip: '1.2.3.4' }, ownHelpPermission);
      await screen.findByTestId(`${name}-screen`);
      const button = screen.getByRole('button', { name: 'গ্রাহক সেবা' });
      await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      button.click();
      // A window of this same app would only show this screen again: the contact section opens here instead.
      const dialog = await screen.findByRole('dialog', { name: 'Contact us' });
      expect(await within(dialog).findByText(/help@example\.com/)).toBeTruthy();
      expect(within(dialog).queryByText('The terms.')).toBeNull();
      expect(open).not.toHaveBeenCalled();
      within(dialog).getByRole('button', { name: 'বন্ধ করুন' }).click();
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByTestId(`${name}-screen`)).toBeTruthy();
    },
  );

  it('shows the region-block screen with the visitor IP when the status is 2', async () => {
    renderGate({ status: 2, maintenanceEnd: null, message: null, ip: '203.0.113.9' });
    const block = await screen.findByTestId('region-block-screen');
    expect(block.textContent).toContain('203.0.113.9');
  });

  it('renders nothing for an unknown status', async () => {
    const { container } = renderGate({ status: 7 as never, maintenanceEnd: null, message: null, ip: '' });
    await vi.waitFor(() => expect(container.querySelector('.boot-splash')).toBeNull());
    // Only the providers' empty toast region remains: no app, no status screen.
    expect(container.textContent).toBe('');
    expect(screen.queryByTestId('maintenance-screen')).toBeNull();
    expect(screen.queryByTestId('region-block-screen')).toBeNull();
  });
});
