// Known devices: a successful sign-in leaves a signed token for that account in an HttpOnly cookie
// (one cookie holding the tokens of the last few accounts signed in on the device). At the next
// sign-in to that account the token moves the password check to the front of the hash queue, and
// the account's back-off is counted for that device rather than for the client address, so failures
// from others behind the same address or anywhere else never slow the device that signed in before.
// A token grants no access by itself: the password is checked all the same.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'academy_device';
/** How long a device stays known after its last successful sign-in. */
export const DEVICE_DAYS = 180;
/** Accounts one device remembers (a shared family phone). */
const DEVICE_ACCOUNTS = 5;

const mac = (secret: string, text: string, length: number) => createHmac('sha256', secret).update(text).digest('base64url').slice(0, length);

/** A tag for the account that does not reveal it (the cookie is readable by whoever holds the device). */
const accountTag = (secret: string, account: string) => mac(secret, `device-account\n${account}`, 16);

interface DeviceToken {
  tag: string;
  id: string;
  issued: number;
  raw: string;
}

/** The tokens of a Cookie header whose signature is right and that have not expired. */
function validTokens(cookieHeader: string | undefined, secret: string, now: Date): DeviceToken[] {
  const value = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  if (!value) return [];
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const tokens: DeviceToken[] = [];
  for (const raw of value.split('~').slice(0, DEVICE_ACCOUNTS)) {
    const [tag, id, issuedText, signature] = raw.split('.');
    if (!tag || !id || !issuedText || !signature || !/^\d{1,12}$/.test(issuedText)) continue;
    const expected = Buffer.from(mac(secret, `device\n${tag}.${id}.${issuedText}`, 22));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
    const issued = Number(issuedText);
    if (issued > nowSeconds + 300 || nowSeconds - issued > DEVICE_DAYS * 86_400) continue;
    tokens.push({ tag, id, issued, raw });
  }
  return tokens;
}

/** The device's id when the request carries a valid token for this account, else null. */
export function knownDevice(cookieHeader: string | undefined, secret: string, account: string, now: Date): string | null {
  const tag = accountTag(secret, account);
  return validTokens(cookieHeader, secret, now).find((token) => token.tag === tag)?.id ?? null;
}

/**
 * The Set-Cookie value after a successful sign-in: a fresh token for this account (keeping the
 * device's id when it had one) first, then the device's other accounts' tokens.
 */
export function deviceCookie(cookieHeader: string | undefined, secret: string, account: string, now: Date, secure: boolean): string {
  const tag = accountTag(secret, account);
  const tokens = validTokens(cookieHeader, secret, now);
  const id = tokens.find((token) => token.tag === tag)?.id ?? randomBytes(9).toString('base64url');
  const issued = String(Math.floor(now.getTime() / 1000));
  const fresh = `${tag}.${id}.${issued}.${mac(secret, `device\n${tag}.${id}.${issued}`, 22)}`;
  const kept = tokens.filter((token) => token.tag !== tag).map((token) => token.raw);
  const value = [fresh, ...kept].slice(0, DEVICE_ACCOUNTS).join('~');
  return `${DEVICE_COOKIE}=${value}; Path=/api; Max-Age=${DEVICE_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
