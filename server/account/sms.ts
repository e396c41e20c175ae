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

export interface SmsTransport {
  /** True only for the development console: the route may then return the code as data.otp. */
  readonly revealsCode: boolean;
  send(message: CodeMessage): Promise<void>;
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
      };
    case 'file':
      return {
        revealsCode: false,
        async send(message) {
          await fs.mkdir(path.dirname(setting.path), { recursive: true });
          const line = JSON.stringify({ phone: message.phone, code: message.code, purpose: message.purpose, at: message.at.toISOString() });
          await fs.appendFile(setting.path, `${line}\n`);
        },
      };
    case 'http':
      return {
        revealsCode: false,
        async send(message) {
          const text = `${message.code} is your ${options.academyName} code. It expires in 5 minutes. Do not share it with anyone.`;
          let response: Response;
          try {
            response = await fetch(setting.url, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...(setting.token ? { authorization: `Bearer ${setting.token}` } : {}) },
              body: JSON.stringify({ to: message.phone, message: text }),
              signal: AbortSignal.timeout(10_000),
            });
          } catch (error) {
            throw new SmsDeliveryError(`SMS gateway unreachable: ${(error as Error).message}`);
          }
          if (!response.ok) throw new SmsDeliveryError(`SMS gateway answered ${response.status}`);
        },
      };
  }
}
