// Reminders on this device (issue 40): the app explains why it would send pushes, and only when the
// student chooses to does it ask the browser; granted, the device subscribes with the academy's key and
// the server keeps the subscription. The browser's refusal is remembered by the browser itself (the
// permission stays 'denied'), so the screen says how to turn it back on; a browser without pushes (an
// iPhone outside the installed app) is told what would work.
import { assign, fromPromise, setup } from 'xstate';
import { plainFailure } from '../domain/messages';
import type { PushDevice, PushPermission, PushSupport } from '../services/push';

export interface PushPermissionContext {
  /** Why pushes cannot come here, when they cannot. */
  unsupported: Exclude<PushSupport, 'supported'> | null;
  /** The last failure, in plain words. */
  error: string | null;
}

export type PushPermissionEvent = { type: 'push.enable' } | { type: 'push.turnOff' } | { type: 'push.recheck' } | { type: 'push.retry' };

export const pushPermissionMachine = setup({
  types: {} as { context: PushPermissionContext; events: PushPermissionEvent },
  actors: {
    checkDevice: fromPromise<PushDevice>(async () => {
      throw new Error('provide checkDevice');
    }),
    askBrowser: fromPromise<PushPermission>(async () => {
      throw new Error('provide askBrowser');
    }),
    subscribeDevice: fromPromise<{ devices: number }>(async () => {
      throw new Error('provide subscribeDevice');
    }),
    unsubscribeDevice: fromPromise<void>(async () => {
      throw new Error('provide unsubscribeDevice');
    }),
  },
  actions: {
    announceDevices: (_, _params: { devices: number }) => {},
    keepError: assign({ error: ({ event }) => plainFailure((event as { error?: unknown }).error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'pushPermission',
  description: "Profile, Reminders: why pushes, then the browser's question only when the student chose to; granted, denied or unsupported.",
  meta: { spec: '§2 Profile — Reminders (issue 40)' },
  context: { unsupported: null, error: null },
  initial: 'checking',
  states: {
    checking: {
      description: 'Reads whether this browser takes pushes and what the student answered it before.',
      tags: ['loading'],
      invoke: {
        src: 'checkDevice',
        onDone: [
          {
            guard: ({ event }) => event.output.support !== 'supported',
            target: 'unsupported',
            description: 'This browser takes no pushes (an iPhone outside the installed app, or an old browser)',
            actions: assign({ unsupported: ({ event }) => (event.output.support === 'supported' ? null : event.output.support) }),
          },
          { guard: ({ event }) => event.output.permission === 'denied', target: 'denied', description: 'The student refused the browser before: it remembers' },
          { guard: ({ event }) => event.output.permission === 'granted', target: 'subscribing', description: 'Allowed before: the subscription is made sure of' },
          { target: 'explaining', description: 'Never asked: the explanation shows' },
        ],
        onError: { target: 'failed', description: 'The browser could not be read', actions: 'keepError' },
      },
    },
    explaining: {
      description: 'Why reminders help (a live exam is at a fixed hour), what comes, and a Turn on button; the browser has not been asked.',
      on: { 'push.enable': { target: 'asking', description: 'The student presses Turn on reminders', actions: 'clearError' } },
    },
    asking: {
      description: "The browser's own question is open; the app waits for the student's answer.",
      tags: ['loading'],
      invoke: {
        src: 'askBrowser',
        onDone: [
          { guard: ({ event }) => event.output === 'granted', target: 'subscribing', description: 'The student allowed notifications' },
          { guard: ({ event }) => event.output === 'denied', target: 'denied', description: 'The student blocked notifications' },
          { target: 'explaining', description: 'The student closed the question without an answer' },
        ],
        onError: { target: 'failed', description: 'The browser would not ask', actions: 'keepError' },
      },
    },
    subscribing: {
      description: "This device subscribes with the academy's key and the server keeps the subscription.",
      tags: ['loading'],
      invoke: {
        src: 'subscribeDevice',
        onDone: {
          target: 'granted',
          description: 'The server keeps this device: reminders will come',
          actions: [{ type: 'announceDevices', params: ({ event }) => ({ devices: event.output.devices }) }, 'clearError'],
        },
        onError: { target: 'failed', description: 'The subscription could not be made or kept', actions: 'keepError' },
      },
    },
    granted: {
      description: 'Reminders come to this device; a button turns them off here.',
      on: { 'push.turnOff': { target: 'unsubscribing', description: 'The student turns reminders off on this device' } },
    },
    unsubscribing: {
      description: 'The server forgets this device and the browser drops the subscription.',
      tags: ['loading'],
      invoke: {
        src: 'unsubscribeDevice',
        onDone: { target: 'explaining', description: 'This device takes no more pushes', actions: 'clearError' },
        onError: { target: 'granted', description: 'Not turned off: the error shows', actions: 'keepError' },
      },
    },
    denied: {
      description: "The browser's refusal, remembered by it: how to allow notifications in the browser's site settings, and Check again.",
      on: { 'push.recheck': { target: 'checking', description: 'The student changed the site setting and checks again' } },
    },
    unsupported: {
      description: 'No pushes here: on an iPhone, add the app to the Home Screen; otherwise another browser.',
    },
    failed: {
      description: 'Something went wrong, said in plain words, with Try again.',
      on: { 'push.retry': { target: 'checking', description: 'The student tries again', actions: 'clearError' } },
    },
  },
});
