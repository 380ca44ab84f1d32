import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/test/render';
import { RightBar } from './right-bar';

function permission(flags: Record<string, boolean>, customerService: unknown[]) {
  return {
    customerService,
    resources: [],
    settings: { flags, socialLinks: { facebook: 'https://facebook.com/x', telegram: null }, licences: [] },
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
});
