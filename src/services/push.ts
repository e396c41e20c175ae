// Reminders outside the app (contracts: src/contracts/push.ts): the academy's push key, this device's
// push subscription (the browser's Push API, through the service worker) and the kinds of reminders the
// student takes.
import { api } from './api';
import type { pushContract, ReminderSettings } from '../contracts/push';
import { pushPaths } from '../contracts/paths';
import type { ReminderKind } from '../domain/reminders';

type Push = typeof pushContract;

/** What this browser can do with pushes: 'iphone' is Safari on an iPhone or iPad outside the installed app. */
export type PushSupport = 'supported' | 'iphone' | 'unsupported';
export type PushPermission = 'default' | 'granted' | 'denied';

export interface PushDevice {
  support: PushSupport;
  permission: PushPermission;
}

const isAppleMobile = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const isInstalled = () => window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;

/** Whether this browser takes pushes, and what the student answered it before. */
export function pushDevice(): PushDevice {
  const hasPush = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!hasPush) return { support: isAppleMobile() && !isInstalled() ? 'iphone' : 'unsupported', permission: 'default' };
  return { support: 'supported', permission: Notification.permission as PushPermission };
}

/** Asks the browser's own question; only after the student chose to, on the explanation. */
export async function askPushPermission(): Promise<PushPermission> {
  return (await Notification.requestPermission()) as PushPermission;
}

/** The academy's public key as the Push API takes it (URL-safe base64 to bytes). */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** When the browser itself would not make a subscription: a private window, or no connection to its push service. */
export const REFUSED_BY_BROWSER = 'This browser could not set up reminders. Private windows cannot take them; otherwise check your connection and try again.';

/** The service worker that takes the pushes; it is registered by the signed-in shell (appWorkerStart.ts). */
async function worker(): Promise<ServiceWorkerRegistration> {
  // Development builds register no service worker (appWorkerStart.ts): nothing could take a push.
  if (!import.meta.env.PROD) throw { status: 0, title: 'Reminders work in the built app only: this development build has no service worker.' };
  return navigator.serviceWorker.ready;
}

export const pushApi = {
  key: () => api.call<Push['key']>('GET', pushPaths.key),
  subscribe: (subscription: PushSubscriptionJSON) => api.call<Push['subscribe']>('POST', pushPaths.subscriptions, { body: subscription as never }),
  unsubscribe: (endpoint: string) => api.call<Push['unsubscribe']>('DELETE', pushPaths.subscriptions, { body: { endpoint } }),
  reminders: () => api.call<Push['reminders']>('GET', pushPaths.reminders),
  setReminder: (kind: ReminderKind, on: boolean) => api.call<Push['setReminders']>('PATCH', pushPaths.reminders, { body: { [kind]: on } }),
};

/**
 * Subscribes this device with the academy's key (or takes its subscription already made) and hands it
 * to the server, which answers with the student's number of devices.
 */
export async function subscribeDevice(): Promise<{ devices: number }> {
  const registration = await worker();
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = await pushApi.key();
    try {
      subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    } catch {
      // The browser's own words (AbortError, "Registration failed - push service error") mean nothing to a student.
      throw { status: 0, title: REFUSED_BY_BROWSER };
    }
  }
  const { devices } = await pushApi.subscribe(subscription.toJSON());
  return { devices };
}

/** Stops pushes to this device: the server forgets it and the browser drops the subscription. */
export async function unsubscribeDevice(): Promise<void> {
  const registration = await worker();
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  await pushApi.unsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
}

export type { ReminderSettings };
