import { contentListMachine } from '../../src/machines/contentList.machine';
import type { PathModel } from '../support/machine-paths';

const base: PathModel<typeof contentListMachine> = {
  machine: contentListMachine,
  events: [{ type: 'content.retry' }, { type: 'content.reload' }, { type: 'connection.online' }],
  outcomes: { fetchPage: { done: [{ items: [] }, { items: ['row'] }], error: [new Error('Network error')] } },
};

export const models: PathModel<typeof contentListMachine>[] = [
  { ...base, name: 'in a batch', input: { hasBatch: true } },
  { ...base, name: 'in no batch', input: { hasBatch: false } },
  { ...base, name: 'in a batch, a list kept on the phone', input: { hasBatch: true, kept: { page: { items: ['kept row'] }, at: 0 } } },
];
