import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { SendCodeButton } from './send-code-button';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

async function click(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SendCodeButton', () => {
  it('counts down expiredMinutes x 60 seconds after sending, then can send again', async () => {
    const onSend = vi.fn().mockResolvedValue(1);
    render(<SendCodeButton onSend={onSend} />);
    const button = screen.getByRole('button');
    await click(button);
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe(t('form.resendIn', { seconds: 60 }));
    expect((button as HTMLButtonElement).disabled).toBe(true);

    await act(async () => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe(t('form.resendIn', { seconds: 59 }));
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(button.textContent).toBe(t('form.sendCode'));
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('ignores a second click within one second', async () => {
    // null: nothing was sent (say the number was wrong), so the button stays usable.
    const onSend = vi.fn().mockResolvedValue(null);
    render(<SendCodeButton onSend={onSend} />);
    const button = screen.getByRole('button');
    await click(button);
    await act(async () => vi.advanceTimersByTime(500));
    await click(button);
    expect(onSend).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(600));
    await click(button);
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(button.textContent).toBe(t('form.sendCode'));
  });

  it('shows a failure in a warning dialog with the confirm button', async () => {
    const onSend = vi.fn().mockRejectedValue(new Error('Too many requests, please try again after 5 minutes.'));
    render(<SendCodeButton onSend={onSend} />);
    await click(screen.getByRole('button'));
    const dialog = screen.getByTestId('send-code-failure');
    expect(dialog.textContent).toContain('Too many requests, please try again after 5 minutes.');
    await click(screen.getByRole('button', { name: t('in_increase_submit') }));
    expect(screen.queryByTestId('send-code-failure')).toBeNull();
    expect((screen.getByRole('button', { name: t('form.sendCode') }) as HTMLButtonElement).disabled).toBe(false);
  });
});
