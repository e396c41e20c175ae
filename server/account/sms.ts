// Where one-time codes go. Development prints them and lets the route hand them back; tests read a
// file; production posts to a real SMS gateway (config refuses to start production without one).
import fs from 'node:fs/promises';
import path from 'node:path';
import { PRODUCTION_REFUSALS, type SmsTransportSetting } from '../config.js';

export type CodePurpose = 'register' | 'reset';

export interface CodeMessage {
  /** The number as dialled: 88 followed by the 11-digit local number. */
  phone: string;
  code: string;
  purpose: CodePurpose;
  at: Date;
}

/** A message that is not a code (an exam reminder): its words as they are. */
export interface TextMessage {
  phone: string;
  text: string;
  at: Date;
}

export interface SmsTransport {
  /** True only for the development console: the route may then return the code as data.otp. */
  readonly revealsCode: boolean;
  send(message: CodeMessage): Promise<void>;
  /** Sends words of the academy's own (reminders) by the same way as the codes. */
  sendText(message: TextMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {}

export interface SmsOptions {
  academyName: string;
  /** Production takes only a real gateway: codes must never reach the API or a file. */
  production: boolean;
  print: (line: string) => void;
}

export function smsTransport(setting: SmsTransportSetting, options: SmsOptions): SmsTransport {
  if (options.production && setting.kind === 'console') throw new Error(PRODUCTION_REFUSALS.consoleSms);
  if (options.production && setting.kind === 'file') throw new Error(PRODUCTION_REFUSALS.fileSms);
  switch (setting.kind) {
    case 'console':
      return {
        revealsCode: true,
        async send(message) {
          options.print(`SMS to ${message.phone} (${message.purpose}): code ${message.code}`);
        },
        async sendText(message) {
          options.print(`SMS to ${message.phone}: ${message.text}`);
        },
      };
    case 'file': {
      const append = async (line: object) => {
        await fs.mkdir(path.dirname(setting.path), { recursive: true });
        await fs.appendFile(setting.path, `${JSON.stringify(line)}\n`);
      };
      return {
        revealsCode: false,
        send: (message) => append({ phone: message.phone, code: message.code, purpose: message.purpose, at: message.at.toISOString() }),
        sendText: (message) => append({ phone: message.phone, text: message.text, purpose: 'reminder', at: message.at.toISOString() }),
      };
    }
    case 'http': {
      const post = async (to: string, text: string) => {
        let response: Response;
        try {
          response = await fetch(setting.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(setting.token ? { authorization: `Bearer ${setting.token}` } : {}) },
            body: JSON.stringify({ to, message: text }),
            signal: AbortSignal.timeout(10_000),
          });
        } catch (error) {
          throw new SmsDeliveryError(`SMS gateway unreachable: ${(error as Error).message}`);
        }
        if (!response.ok) throw new SmsDeliveryError(`SMS gateway answered ${response.status}`);
      };
      return {
        revealsCode: false,
        send: (message) => post(message.phone, `${message.code} is your ${options.academyName} code. It expires in 5 minutes. Do not share it with anyone.`),
        sendText: (message) => post(message.phone, message.text),
      };
    }
  }
}
