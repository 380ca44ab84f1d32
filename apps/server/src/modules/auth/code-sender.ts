import type { CodeSent } from '@portal/shared/auth';
import type { Language } from '@portal/shared/constants';
import type { VerificationCodesTable } from '../../db/schema.ts';
import type { EphemeralStore } from '../../http/ephemeral-store.ts';
import { AppError } from '../../http/errors.ts';
import type { MessagingService } from '../messaging/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import type { VerificationCodes } from './codes.ts';

const SENDS_BEFORE_LOCK = 5;
const SEND_WINDOW_MS = 5 * 60 * 1000;
const SEND_LOCK_MS = 5 * 60 * 1000;
const SEND_THROTTLE_MS = 1000;

/** Where a code goes: a phone by SMS, or a mailbox with a subject. */
export type CodeMessage =
  | { channel: 'sms'; recipient: string }
  | { channel: 'email'; recipient: string; subject: string };

/**
 * Sends the one-time codes of every flow (registration, login by code, password reset, second factor, the member's
 * own mobile number) and limits how often any destination is written to.
 */
export class CodeSender {
  constructor(
    private readonly codes: VerificationCodes,
    private readonly store: EphemeralStore,
    private readonly messaging: Pick<MessagingService, 'send'>,
    private readonly settings: SettingsService,
  ) {}

  /** How long a code lives, which the answer tells the member. */
  async expiredMinutes(): Promise<number> {
    return (await this.settings.snapshot()).get('registration').codeExpiredMinutes;
  }

  /** One send per second per destination, and a five-minute lock after five sends in five minutes. */
  async throttle(destination: string) {
    if ((await this.store.remainingMs(`sms:lock:${destination}`)) > 0) throw new AppError(429, 'RATE_LIMITED');
    if (!(await this.store.put(`sms:last:${destination}`, '1', SEND_THROTTLE_MS, true))) {
      throw new AppError(429, 'RATE_LIMITED');
    }
    const sends = await this.store.increment(`sms:count:${destination}`, SEND_WINDOW_MS);
    if (sends > SENDS_BEFORE_LOCK) {
      await this.store.put(`sms:lock:${destination}`, '1', SEND_LOCK_MS);
      throw new AppError(429, 'RATE_LIMITED');
    }
  }

  /**
   * Issues a code for `purpose` and `target` (what it will be checked against) and sends it, limited per
   * `destination` (the phone or mailbox, whatever the flow).
   */
  async send(
    code: { purpose: VerificationCodesTable['purpose']; target: string; destination: string },
    message: CodeMessage,
    language: Language,
  ): Promise<CodeSent> {
    await this.throttle(code.destination);
    const expiredMinutes = await this.expiredMinutes();
    const secret = await this.codes.issue(code.purpose, code.target, expiredMinutes);
    await this.messaging.send({ ...message, body: codeText(secret, expiredMinutes, language) });
    return { expiredMinutes };
  }

  /** A code by SMS to a number, checked against that number. */
  sendSms(
    purpose: 'register' | 'login' | 'forget',
    countryDialingCode: string,
    mobileNum: string,
    language: Language,
  ): Promise<CodeSent> {
    const target = `${countryDialingCode}${mobileNum}`;
    return this.send({ purpose, target, destination: target }, { channel: 'sms', recipient: target }, language);
  }
}

function codeText(code: string, minutes: number, language: Language) {
  return language === 'bn'
    ? `আপনার যাচাই কোড ${code}। ${minutes} মিনিটের মধ্যে ব্যবহার করুন। কাউকে জানাবেন না।`
    : `Your verification code is ${code}. It expires in ${minutes} minutes. Never share it.`;
}
