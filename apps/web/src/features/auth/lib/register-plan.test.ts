import { describe, expect, it } from 'vitest';
import { registerSettings } from '@/test/auth-fixtures';
import { planRegisterFields } from './register-plan';

describe('planRegisterFields', () => {
  it('shows username and passwords for the username type, and enabled fields only', () => {
    const settings = registerSettings();
    settings.fields.email = { ...settings.fields.email, enabled: true, required: false };
    const plan = planRegisterFields(settings, 'register');
    expect(plan.shown).toEqual(['username', 'password', 'confirmPassword', 'email']);
    expect([...plan.required]).toEqual(['username', 'password', 'confirmPassword']);
  });

  it('asks the mobile type for the number, the SMS code and (with MOBILENUMPASSREG3) passwords', () => {
    const settings = registerSettings({ smsVerification: true, mobileWithPassword: false, captchaEnabled: true });
    expect(planRegisterFields(settings, 'registerMobile').shown).toEqual(['mobileNum', 'verificationCode', 'captcha']);
    settings.mobileWithPassword = true;
    expect(planRegisterFields(settings, 'registerMobile').shown).toEqual([
      'mobileNum',
      'verificationCode',
      'password',
      'confirmPassword',
      'captcha',
    ]);
  });

  it('requires the payment password and birthday when shown', () => {
    const settings = registerSettings({ birthdayCheck: true });
    settings.fields.paymentPassword = { ...settings.fields.paymentPassword, enabled: true, required: false };
    const plan = planRegisterFields(settings, 'register');
    expect(plan.required.has('paymentPassword')).toBe(true);
    expect(plan.required.has('birthday')).toBe(true);
  });
});
