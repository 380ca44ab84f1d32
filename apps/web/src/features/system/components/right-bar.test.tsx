import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/test/render';
import { RightBar } from './right-bar';

function permission(flags: Record<string, boolean>, customerService: unknown[], telegram: string | null = null) {
  return {
    customerService,
    resources: [],
    settings: { flags, socialLinks: { facebook: 'https://facebook.com/x', telegram }, licences: [] },
  };
}
const chat = { csPosition: 'RIGHT', csType: 'LIVECHAT', path: '/help#contact', title: 'Chat' };

async function renderBar(value: unknown) {
  vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/system/permission': value })));
  renderWithProviders(<RightBar />);
  await screen.findByRole('link', { name: 'ফেসবুক' });
}

afterEach(() => vi.unstubAllGlobals());

describe('RightBar', () => {
  it('shows the floating rebate link when MANPLAYREB3 is on and customer service is present', async () => {
    await renderBar(permission({ MANPLAYREB3: true }, [chat]));
    expect(screen.getByRole('link', { name: 'রিবেট অফার' }).getAttribute('href')).toBe('/promotions');
    expect(screen.getByRole('button', { name: 'লাইভ চ্যাট' })).toBeTruthy();
  });

  it('hides it when the flag is off or there is no customer service', async () => {
    await renderBar(permission({ MANPLAYREB3: false }, [chat]));
    expect(screen.queryByRole('link', { name: 'রিবেট অফার' })).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    await renderBar(permission({ MANPLAYREB3: true }, []));
    expect(screen.queryByRole('link', { name: 'রিবেট অফার' })).toBeNull();
  });

  it('opens live chat in a 440x500 window', async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    const external = { csPosition: 'RIGHT', csType: 'LIVECHAT', path: 'https://chat.example/room', title: 'Chat' };
    await renderBar(permission({}, [external]));
    fireEvent.click(screen.getByRole('button', { name: 'লাইভ চ্যাট' }));
    expect(open).toHaveBeenCalledWith(
      'https://chat.example/room',
      'portal-popup',
      expect.stringContaining('width=440,height=500'),
    );
  });

  it('has no live chat without customer service', async () => {
    await renderBar(permission({}, []));
    expect(screen.queryByRole('button', { name: 'লাইভ চ্যাট' })).toBeNull();
  });

  it('links to telegram in a new tab when the brand has it', async () => {
    await renderBar(permission({}, [], 'https://t.me/portal'));
    const telegram = screen.getByRole('link', { name: 'টেলিগ্রাম' });
    expect(telegram.getAttribute('href')).toBe('https://t.me/portal');
    expect(telegram.getAttribute('target')).toBe('_blank');
    expect(telegram.getAttribute('rel')).toContain('noopener');
  });

  it('has no telegram link without one', async () => {
    await renderBar(permission({}, [chat]));
    expect(screen.queryByRole('link', { name: 'টেলিগ্রাম' })).toBeNull();
  });
});
