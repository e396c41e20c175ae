import { connectionMachine } from '../../src/machines/connection.machine';
import type { PathModel } from '../support/machine-paths';

export const models: PathModel<typeof connectionMachine>[] = [
  {
    machine: connectionMachine,
    events: [{ type: 'connection.lost' }, { type: 'connection.restored' }],
  },
];
