import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { contentListMachine, type ContentPage } from '../../src/machines/contentList.machine';
import { describePaths } from '../support/machine-paths';
import { models } from '../models/contentList.model';

function startList(hasBatch: boolean, fetchPage: () => Promise<ContentPage>, inspect?: (inspection: InspectionEvent) => void) {
  let calls = 0;
  const actor = createActor(
    contentListMachine.provide({
      actors: {
        fetchPage: fromPromise(() => {
          calls += 1;
          return fetchPage();
        }),
      },
    }),
    { input: { hasBatch }, inspect },
  );
  actor.start();
  return { actor, calls: () => calls };
}

describe('content list', () => {
  it('shows the no-batch notice without asking the server', () => {
    const { actor, calls } = startList(false, async () => ({ items: [1] }));
    expect(actor.getSnapshot().value).toBe('noBatch');
    expect(calls()).toBe(0);
    expect(actor.getSnapshot().can({ type: 'content.retry' })).toBe(false);
  });

  it('loads the rows and the heading', async () => {
    const { actor } = startList(true, async () => ({ items: ['a', 'b'], heading: { name: 'Anatomy' } }));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.page).toEqual({ items: ['a', 'b'], heading: { name: 'Anatomy' } });
  });

  it('is empty when a batch member finds nothing added yet', async () => {
    const { actor } = startList(true, async () => ({ items: [] }));
    await waitFor(actor, (s) => s.matches('empty'));
  });

  it('fails with the reason and loads again on retry', async () => {
    let attempt = 0;
    const { actor, calls } = startList(true, async () => {
      attempt += 1;
      if (attempt === 1) throw Object.assign(new Error('[GET] "/api/x": <no response> Failed to fetch'), { status: 0, network: true });
      return { items: ['x'] };
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Please check your internet connection then try again.');
    actor.send({ type: 'content.retry' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls()).toBe(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

// Every path replayed on the real list whose request never settles: answers come only from the path.
describePaths('content list paths', models, {
  start: ({ input, inspect }) => {
    const list = startList((input as { hasBatch: boolean }).hasBatch, () => new Promise(() => {}), inspect);
    return { ...list, requests: list.calls() };
  },
  check: (list, step) => {
    const snapshot = list.actor.getSnapshot();
    // The page is asked for once on start in a batch, and once more on every retry (a tap, or the connection returning).
    if (snapshot.matches('loading') && (step.event.type.startsWith('content.') || step.event.type === 'connection.online')) list.requests += 1;
    expect(list.calls()).toBe(list.requests);
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
  },
});
