import type { SystemStatus } from '@portal/shared/api';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStatusGate } from './test/render-status-gate';

// The status screens' chunk never arrives: a network error or a stale deployment. (React remembers a rejected lazy
// import until the page reloads, so the 120 s timeout, which ends the same way, is tested on the boundary itself.)
vi.mock('./status-screen', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/status-screen.js');
});

function renderGate(status: SystemStatus['status']) {
  return renderStatusGate({
    '/wps/system/status': { status, maintenanceEnd: null, message: null, ip: '1.2.3.4' },
    '/wps/system/permission': { customerService: [], resources: [], settings: { flags: {}, licences: [] } },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('StatusGate when the status screen does not arrive', () => {
  it('offers a retry instead of a blank page', async () => {
    // React reports every error a boundary catches; here it is the point of the test.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderGate(1);
    const error = await screen.findByTestId('chunk-error');
    expect(error.textContent).toContain('অ্যাসিঙ্ক কম্পোনেন্ট লোড করা যায়নি');
    expect(screen.queryByText('the app')).toBeNull();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    screen.getByRole('button', { name: 'আবার চেষ্টা করুন' }).click();
    expect(reload).toHaveBeenCalled();
  });
});
