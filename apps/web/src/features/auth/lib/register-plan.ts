import {
  OPTIONAL_REGISTER_FIELDS,
  type RegisterField,
  type RegisterSettings,
  type RegistrationType,
} from '@portal/shared/auth';

export interface RegisterPlan {
  /** Fields on screen, in order. */
  shown: RegisterField[];
  /** Fields that may not stay empty. */
  required: Set<RegisterField>;
}

/**
 * Which fields the registration form shows and requires (spec section 5): username and passwords for the
 * username type; the mobile number (and SMS code when REGMOBVERF3) for the mobile type, whose username is the
 * number, with passwords only when MOBILENUMPASSREG3; other fields only when enabled, required when configured
 * (the payment password always); birthday with the age check; the captcha with the brand's captcha setting.
 */
export function planRegisterFields(settings: RegisterSettings, type: RegistrationType): RegisterPlan {
  const { fields } = settings;
  const shown: RegisterField[] = [];
  const required = new Set<RegisterField>();
  const add = (field: RegisterField, mustFill: boolean = fields[field].required) => {
    shown.push(field);
    if (mustFill) required.add(field);
  };

  if (type === 'register') {
    add('username', true);
    add('password', true);
    add('confirmPassword', true);
    if (fields.mobileNum.enabled) add('mobileNum');
  } else {
    add('mobileNum', true);
    if (settings.smsVerification) add('verificationCode', true);
    if (settings.mobileWithPassword) {
      add('password', true);
      add('confirmPassword', true);
    }
  }
  for (const field of OPTIONAL_REGISTER_FIELDS) {
    if (fields[field].enabled) add(field, field === 'paymentPassword' ? true : undefined);
  }
  if (settings.birthdayCheck) add('birthday', true);
  if (settings.captchaEnabled) add('captcha', true);
  return { shown, required };
}
