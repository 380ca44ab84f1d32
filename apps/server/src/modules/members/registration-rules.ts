import { REGISTER_FIELDS, type RegisterField, type RegisterSettings, type RegistrationType } from '@portal/shared/auth';
import { type FieldRule, PATTERNS } from '@portal/shared/validation';
import type { SettingsSnapshot } from '../system/settings-service.ts';

/** The registration form as the brand configured it: types offered, every field's rule, and the switches. */
export function registerSettings(snapshot: SettingsSnapshot): RegisterSettings {
  const registration = snapshot.get('registration');
  const brand = snapshot.get('brand');
  const { flags } = snapshot;
  const fields = {} as Record<RegisterField, FieldRule>;
  for (const name of REGISTER_FIELDS) {
    const stored = registration.fields[name];
    fields[name] = { ...stored, acceptedPattern: PATTERNS[stored.patternId] };
  }
  // These fields follow brand switches rather than their own 'enabled'.
  fields.captcha = { ...fields.captcha, enabled: brand.captchaEnabled, required: brand.captchaEnabled };
  fields.verificationCode = { ...fields.verificationCode, enabled: flags.REGMOBVERF3, required: flags.REGMOBVERF3 };
  // A payment password, when the brand shows it, is always required (spec section 5).
  fields.paymentPassword = { ...fields.paymentPassword, required: fields.paymentPassword.enabled };
  fields.birthday = {
    ...fields.birthday,
    enabled: registration.birthdayCheck,
    required: registration.birthdayCheck,
  };
  const types: RegistrationType[] = [];
  if (flags.MOBILENUMREG3) types.push('registerMobile');
  if (flags.USERNAMEREG3) types.push('register');
  return {
    types,
    defaultType: flags.MOBILENUMREG3 ? 'registerMobile' : 'register',
    fields,
    captchaEnabled: brand.captchaEnabled,
    smsVerification: flags.REGMOBVERF3,
    mobileWithPassword: flags.MOBILENUMPASSREG3,
    minimumAge: brand.minimumAge,
    birthdayCheck: registration.birthdayCheck,
    countryDialingCodes: registration.countryDialingCodes,
    defaultCountryDialingCode: registration.defaultCountryDialingCode,
  };
}
