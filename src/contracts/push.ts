// Reminders outside the app (issue 40): the academy's public push key, a device's push subscription
// (the browser's PushSubscription JSON) added and removed for the signed-in student, and the kinds of
// reminders the student takes (profile: "Reminders"). Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { BoundedInteger, Data, failures, Nullable, type RouteContract } from './common';
import { pushPaths } from './paths';

/** URL-safe base64, as the browser writes a subscription's keys. */
const Base64Url = (minLength: number, maxLength: number) => Type.String({ pattern: '^[A-Za-z0-9_-]+={0,2}$', minLength, maxLength });

/** A device's endpoint at its push service: an https address (http on the development's own machine). */
const Endpoint = Type.String({ minLength: 12, maxLength: 1000, pattern: '^https?://\\S+$' });

export const PushSubscriptionBody = Type.Object({
  endpoint: Endpoint,
  /** Milliseconds since 1970 at which the browser lets the subscription lapse, when it says. */
  expirationTime: Type.Optional(Nullable(BoundedInteger(0, 8_640_000_000_000_000))),
  keys: Type.Object({ p256dh: Base64Url(80, 100), auth: Base64Url(16, 32) }),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

export const ReminderPreferences = Type.Object({
  exams: Type.Boolean(),
  results: Type.Boolean(),
  answers: Type.Boolean(),
  challenges: Type.Boolean(),
});

export const ReminderSettings = Type.Object({
  preferences: ReminderPreferences,
  /** The academy's quiet hours as the profile shows them ("22:00–07:00"). */
  quietHours: Type.String(),
  /** The student's devices that take pushes. */
  devices: Type.Integer({ minimum: 0 }),
  /** Whether exam reminders also go by SMS to a student with no such device. */
  sms: Type.Boolean(),
});
export type ReminderSettings = Static<typeof ReminderSettings>;

export const pushContract = {
  key: {
    method: 'GET',
    url: pushPaths.key,
    // The public half of the academy's keys: the browser needs it to subscribe.
    config: { access: 'public' },
    schema: { response: { 200: Data(Type.Object({ publicKey: Type.String() })), ...failures(400) } },
  },
  subscribe: {
    method: 'POST',
    url: pushPaths.subscriptions,
    config: { access: 'student' },
    schema: {
      body: PushSubscriptionBody,
      response: { 200: Data(Type.Object({ endpoint: Type.String(), devices: Type.Integer({ minimum: 0 }) })), ...failures({ 400: ['badEndpoint'] }, 401, 403) },
    },
  },
  unsubscribe: {
    method: 'DELETE',
    url: pushPaths.subscriptions,
    config: { access: 'student' },
    // Removing a device already gone answers removed: false (a browser may unsubscribe twice).
    schema: {
      body: Type.Object({ endpoint: Endpoint }),
      response: { 200: Data(Type.Object({ endpoint: Type.String(), removed: Type.Boolean(), devices: Type.Integer({ minimum: 0 }) })), ...failures(400, 401, 403) },
    },
  },
  reminders: {
    method: 'GET',
    url: pushPaths.reminders,
    config: { access: 'student' },
    schema: { response: { 200: Data(ReminderSettings), ...failures(400, 401, 403) } },
  },
  setReminders: {
    method: 'PATCH',
    url: pushPaths.reminders,
    config: { access: 'student' },
    // Only the kinds named change.
    schema: { body: Type.Partial(ReminderPreferences, { minProperties: 1 }), response: { 200: Data(ReminderSettings), ...failures(400, 401, 403) } },
  },
} satisfies Record<string, RouteContract>;
