import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { assertNoHeldConnection } from '../db/held-connection.ts';

export interface OutgoingMessage {
  recipient: string;
  subject: string;
  body: string;
}

export type Send = (message: OutgoingMessage) => Promise<void>;

/** The transports configured for this process; a missing one sends its channel to the outbox. */
export interface Transports {
  email?: { name: 'smtp'; send: Send; close(): void };
  sms?: { name: 'sms-http'; send: Send };
}

function smtpTransport(smtpUrl: string, from: string): NonNullable<Transports['email']> {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      assertNoHeldConnection('The mail server');
      await transporter.sendMail({ from, to: message.recipient, subject: message.subject, text: message.body });
    },
    close: () => transporter.close(),
  };
}

/**
 * SMS through an HTTP provider: a JSON POST of `{ to, message, sender }` with the
 * configured Authorization header. Any status other than 2xx is a failed attempt.
 */
function smsHttpTransport(url: string, authorization: string | undefined, sender: string | undefined): NonNullable<Transports['sms']> {
  return {
    name: 'sms-http',
    async send(message) {
      assertNoHeldConnection('The SMS provider');
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ to: message.recipient, message: message.body, sender: sender ?? null }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        throw new Error(`SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`);
      }
    },
  };
}

export function transportsFromConfig(config: Config): Transports {
  return {
    ...(config.SMTP_URL ? { email: smtpTransport(config.SMTP_URL, config.MAIL_FROM) } : {}),
    ...(config.SMS_HTTP_URL ? { sms: smsHttpTransport(config.SMS_HTTP_URL, config.SMS_HTTP_AUTHORIZATION, config.SMS_SENDER_ID) } : {}),
  };
}
