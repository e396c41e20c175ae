// Sending a one-time code by SMS, within the per-number and academy-wide limits: the one way a code
// leaves the server, for the student's own registration and reset and for the reset code an
// administrator sends from the desk (server/staff/batches.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../errors.js';
import type { RefusalCode } from '../../src/contracts/refusals.js';
import { toApiPhone } from '../../src/domain/phone.js';
import { issueCode, withdrawCode } from './otp.js';
import { OTP_SEND_LIMIT, releaseSlots, retryAfterSeconds, takeSlots, waitText } from './rate-limit.js';
import { smsTransport, SmsDeliveryError, type CodePurpose } from './sms.js';

export const OTP_SENDING_TITLES = {
  tooManyCodes: 'Too many codes were sent to this number. Please try again in an hour.',
  codesBusy: 'Too many codes are being requested right now. Please try again in a few minutes.',
  smsFailed: 'We could not send the code. Please try again in a moment.',
} as const;

/** A refusal by a limit, with Retry-After so well-behaved clients wait the right time. */
export function limited<S extends 429 | 503>(reply: FastifyReply, retryAt: Date, now: Date, status: S, title: string, code: RefusalCode<S>, message: string): ApiError {
  reply.header('retry-after', String(retryAfterSeconds(retryAt, now)));
  return ApiError.of(status, title, code, message);
}

export interface SentOtp {
  hash: string;
  /** The number as dialled: 88 and the local number. */
  phone: string;
  /** Only with the development console transport, for the student's own request. */
  otp?: string;
}

/** The app's code sender: `send(local, purpose, reply)` issues a code, sends it and says what the client may see. */
export function otpSender(app: FastifyInstance) {
  const quiet = app.config.logLevel === 'silent';
  const sms = smsTransport(app.config.sms, {
    academyName: app.config.academyName,
    production: app.config.production,
    print: (line) => {
      if (!quiet) console.info(line);
    },
  });

  /** `issuedBy`: the staff member sending a reset code from the desk. */
  async function send(local: string, purpose: CodePurpose, reply: FastifyReply, issuedBy: string | null = null): Promise<SentOtp> {
    const now = app.clock.now();
    const apiPhone = toApiPhone(local);
    const taken = await takeSlots(
      app.db,
      app.dialect,
      [
        { bucket: `otp-send:${local}`, limit: OTP_SEND_LIMIT },
        { bucket: 'otp-send:all', limit: app.config.limits.codesSentGlobal },
      ],
      now,
    );
    if (!taken.allowed) {
      if (taken.bucket === 'otp-send:all') throw limited(reply, taken.retryAt, now, 429, OTP_SENDING_TITLES.codesBusy, 'otpSendBusy', OTP_SENDING_TITLES.codesBusy);
      throw limited(reply, taken.retryAt, now, 429, OTP_SENDING_TITLES.tooManyCodes, 'otpSendLimit', `No more codes can be sent to this number for ${waitText(taken.retryAt, now)}.`);
    }
    const issued = await issueCode(app.db, local, purpose, now, issuedBy);
    try {
      await sms.send({ phone: apiPhone, code: issued.code, purpose, at: now });
    } catch (error) {
      if (!(error instanceof SmsDeliveryError)) throw error;
      app.log.error(error);
      await withdrawCode(app.db, issued.hash);
      await releaseSlots(app.db, taken.eventIds);
      throw ApiError.of(502, OTP_SENDING_TITLES.smsFailed, 'smsFailed');
    }
    return { hash: issued.hash, phone: apiPhone, ...(sms.revealsCode ? { otp: issued.code } : {}) };
  }

  return { send };
}
