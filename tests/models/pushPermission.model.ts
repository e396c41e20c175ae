import { pushPermissionMachine } from '../../src/machines/pushPermission.machine';
import type { PathModel } from '../support/machine-paths';

const model: PathModel<typeof pushPermissionMachine> = {
  machine: pushPermissionMachine,
  events: [{ type: 'push.enable' }, { type: 'push.turnOff' }, { type: 'push.recheck' }, { type: 'push.retry' }],
  outcomes: {
    checkDevice: {
      done: [
        { support: 'supported', permission: 'default' },
        { support: 'supported', permission: 'granted' },
        { support: 'supported', permission: 'denied' },
        { support: 'iphone', permission: 'default' },
      ],
      error: [new Error('The browser could not be read')],
    },
    askBrowser: { done: ['granted', 'denied', 'default'], error: [new Error('The browser would not ask')] },
    subscribeDevice: { done: [{ devices: 1 }], error: [{ status: 0, title: 'Network error', network: true }] },
    unsubscribeDevice: { done: [undefined], error: [{ status: 0, title: 'Network error', network: true }] },
  },
};

export const models = [model];
