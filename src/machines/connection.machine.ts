// Whether the server can be reached: fed by the realtime socket and the browser's online/offline events.
import { fromCallback, setup } from 'xstate';

export type ConnectionEvent = { type: 'connection.lost' } | { type: 'connection.restored' };

export const connectionMachine = setup({
  types: {} as { events: ConnectionEvent },
  actors: {
    /** Sends connection.lost / connection.restored; the app provides the socket and window listeners. */
    watchConnection: fromCallback<ConnectionEvent>(() => () => {}),
  },
}).createMachine({
  id: 'connection',
  description: 'Starts online: a page that loaded has just reached the server.',
  initial: 'online',
  invoke: { src: 'watchConnection' },
  states: {
    online: {
      on: { 'connection.lost': { target: 'offline', description: 'Socket disconnected or the browser went offline.' } },
    },
    offline: {
      on: { 'connection.restored': { target: 'online', description: 'Socket connected again and the browser is online.' } },
    },
  },
});
