// A registration or password reset waiting for its code, kept for this tab (sessionStorage) so a
// reload on the code screen within the code's lifetime asks for the same code again. Only the phone
// number and the request's hash are kept, never the code or a password.
import { RESEND_COUNTDOWN_SECONDS } from '../domain/password';
import { STORAGE_KEYS } from './storage';

export type FlowKind = 'register' | 'reset';

export interface PendingOtp {
  kind: FlowKind;
  phone: string;
  hash: string;
  /** When the code was sent (ms since the epoch, device clock). */
  sentAt: number;
}

const KEY = STORAGE_KEYS.pendingOtp;
/** The code's lifetime on the server (five minutes), the same as the resend countdown. */
const OTP_LIFETIME_MS = RESEND_COUNTDOWN_SECONDS * 1000;

const tabStore = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

export function keepPendingOtp(pending: PendingOtp): void {
  tabStore()?.setItem(KEY, JSON.stringify(pending));
}

export function forgetPendingOtp(): void {
  tabStore()?.removeItem(KEY);
}

/** The code still waiting, with the seconds of its lifetime left, or null once it has expired. */
export function pendingOtp(now = Date.now()): (PendingOtp & { secondsLeft: number }) | null {
  try {
    const stored = JSON.parse(tabStore()?.getItem(KEY) ?? 'null') as PendingOtp | null;
    if (!stored || (stored.kind !== 'register' && stored.kind !== 'reset') || typeof stored.phone !== 'string' || typeof stored.hash !== 'string') return null;
    const left = stored.sentAt + OTP_LIFETIME_MS - now;
    if (!(left > 0) || left > OTP_LIFETIME_MS) return null;
    return { ...stored, secondsLeft: Math.ceil(left / 1000) };
  } catch {
    return null;
  }
}
