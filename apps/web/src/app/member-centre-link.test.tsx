import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PortalModalsProvider, usePortalModals } from '@/lib/portal-modals';
import { MemberCentreLink } from './member-centre-link';

function Probe() {
  const { current } = usePortalModals();
  const location = useLocation();
  return (
    <>
      <output data-testid="modal">{current ? JSON.stringify(current) : 'none'}</output>
      <output data-testid="address">{`${location.pathname}${location.search}${location.hash}`}</output>
    </>
  );
}

function renderAt(address: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <PortalModalsProvider>
        <MemberCentreLink />
        <Probe />
      </PortalModalsProvider>
    </MemoryRouter>,
  );
}

describe('MemberCentreLink', () => {
  it('opens the member centre on the page the address names, and takes the parameter out of the address', async () => {
    renderAt('/rng?page=2&memberCentre=depositv2#top');
    expect(await screen.findByText('{"name":"memberCentre","page":"depositv2"}')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/rng?page=2#top');
  });

  it('leaves an address without the parameter alone', () => {
    renderAt('/?page=2');
    expect(screen.getByTestId('modal').textContent).toBe('none');
    expect(screen.getByTestId('address').textContent).toBe('/?page=2');
  });
});
