// Handing one push to a device's push service: the maintained `web-push` library encrypts the payload
// and signs the request with the academy's VAPID keys; the request itself goes by fetch, so a keep-alive
// pool carries thousands of them, and a local push service over plain HTTP serves development and tests.
import webpush from 'web-push';
import type { StoredSubscription } from './queries.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** What the service worker receives (public/ … sw source): the words, and where a tap leads. */
export interface PushMessage {
  title: string;
  body: string;
  /** The app's address of the thing itself (an exam's instruction, a result, a question). */
  url: string;
  /** Pushes of one tag replace each other on the device (one exam's two reminders, one question's replies). */
  tag: string;
  /** The notification in the bell's list with the same words, when there is one. */
  notificationId?: string;
}

export interface PushOptions {
  /** Seconds the push service may hold the push for an offline device. */
  ttl: number;
  urgency: 'normal' | 'high';
}

/** sent; gone: the service no longer knows the device (404, 410), remove it; retry: anything else. */
export type PushOutcome = { outcome: 'sent' } | { outcome: 'gone'; status: number } | { outcome: 'retry'; reason: string };

/** How long one push service's answer may take. */
const PUSH_TIMEOUT_MS = 10_000;

export async function sendPush(subscription: StoredSubscription, message: PushMessage, vapid: VapidKeys, options: PushOptions): Promise<PushOutcome> {
  let request;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      { vapidDetails: vapid, TTL: options.ttl, urgency: options.urgency },
    );
  } catch (error) {
    // Keys the library cannot use: no service will ever take a push for this device.
    return { outcome: 'gone', status: 0 };
  }
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.arrayBuffer();
  } catch (error) {
    return { outcome: 'retry', reason: (error as Error).message };
  }
  if (response.status >= 200 && response.status < 300) return { outcome: 'sent' };
  if (response.status === 404 || response.status === 410) return { outcome: 'gone', status: response.status };
  return { outcome: 'retry', reason: `the push service answered ${response.status}` };
}

export const makeVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();
