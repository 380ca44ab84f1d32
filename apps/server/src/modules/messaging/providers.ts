import nodemailer from 'nodemailer';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  /** E.164-style digits for SMS ('8801712345678'), an address for e-mail. */
  recipient: string;
  subject?: string;
  body: string;
}

/** Delivers one channel's messages; throws when the provider refuses. */
export interface MessageProvider {
  readonly name: string;
  deliver(message: OutgoingMessage): Promise<void>;
}

/**
 * SMS over a gateway's HTTP API: POST {to, text} as JSON with an optional bearer token. Most Bangladeshi and
 * international gateways take this shape or sit behind a small relay that does.
 */
export function httpSmsProvider(url: string, token: string | undefined, timeoutMs = 5000): MessageProvider {
  return {
    name: 'sms-http',
    async deliver(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: message.recipient, text: message.body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

/** E-mail through any SMTP server (nodemailer), e.g. smtp://user:pass@mail.example.com:587. */
export function smtpProvider(smtpUrl: string, from: string): MessageProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async deliver(message) {
      await transport.sendMail({ from, to: message.recipient, subject: message.subject ?? '', text: message.body });
    },
  };
}
