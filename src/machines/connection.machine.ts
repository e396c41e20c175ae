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
  description: 'Whether the server can be reached. Starts online: a page that loaded has just reached the server.',
  meta: { spec: '§4 States and transitions — Connection state' },
  initial: 'online',
  invoke: { src: 'watchConnection' },
  states: {
    online: {
      description: 'Connected: the app works as usual.',
      on: { 'connection.lost': { target: 'offline', description: 'Socket disconnected or the browser went offline.' } },
    },
    offline: {
      description: 'No connection: the offline banner shows; what needs the server waits.',
      on: { 'connection.restored': { target: 'online', description: 'Socket connected again and the browser is online.' } },
    },
  },
});
