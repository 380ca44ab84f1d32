import { errorMessage } from '@portal/shared/error-catalogue';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { registerSettings } from '@/test/auth-fixtures';
import { fail, renderWithProviders, type StubRequest, stubFetch } from '@/test/render';
import { ChangePasswordForm } from './change-password-form';

const t = (key: string) => i18n.t(key) as string;

function renderForm(props: { knownPassword?: boolean; forced?: boolean }, answer: unknown) {
  const bodies: unknown[] = [];
  const onDone = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        '/wps/system/setting/register': registerSettings(),
        'POST /wps/member/password': (request: StubRequest) => {
          bodies.push(request.body);
          return answer;
        },
      }),
    ),
  );
  renderWithProviders(<ChangePasswordForm username="demo" onDone={onDone} {...props} />);
  return { bodies, onDone };
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => vi.unstubAllGlobals());

describe('ChangePasswordForm', () => {
  it('hides the old password when it is known and sends none', async () => {
    const { bodies, onDone } = renderForm({ knownPassword: true, forced: true }, null);
    await screen.findByLabelText(t('auth.newPassword'));
    expect(screen.getByText(t('auth.change.expiredTitle'))).toBeTruthy();
    expect(screen.queryByLabelText(t('auth.oldPassword'))).toBeNull();
    expect((screen.getByLabelText(t('auth.username')) as HTMLInputElement).readOnly).toBe(true);
    fill(t('auth.newPassword'), 'abc12345');
    fill(t('auth.confirmNewPassword'), 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: t('auth.change.submit') }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies[0]).toEqual({ newPassword: 'abc12345', confirmNewPassword: 'abc12345' });
  });

  it('checks the confirmation and shows a wrong old password under its field', async () => {
    renderForm({}, fail(400, 'OLD_PASSWORD_WRONG', 'The old password is not correct'));
    await screen.findByLabelText(t('auth.oldPassword'));
    fill(t('auth.oldPassword'), 'Demo1234');
    fill(t('auth.newPassword'), 'abc12345');
    fill(t('auth.confirmNewPassword'), 'abc12346');
    fireEvent.click(screen.getByRole('button', { name: t('auth.change.submit') }));
    expect(screen.getByText(errorMessage('CONFIRMATION_MISMATCH', 'bn'))).toBeTruthy();
    fill(t('auth.confirmNewPassword'), 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: t('auth.change.submit') }));
    expect(await screen.findByText('The old password is not correct')).toBeTruthy();
    expect(screen.getByLabelText(t('auth.oldPassword')).getAttribute('aria-invalid')).toBe('true');
  });
});
