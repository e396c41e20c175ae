import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { contentListMachine, type ContentPage, type KeptPage } from '../../src/machines/contentList.machine';
import { describePaths } from '../support/machine-paths';
import { models } from '../models/contentList.model';

function startList(hasBatch: boolean, fetchPage: () => Promise<ContentPage>, inspect?: (inspection: InspectionEvent) => void, kept: KeptPage | null = null) {
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
    { input: { hasBatch, kept }, inspect },
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

describe('a list kept on the phone', () => {
  const kept = { page: { items: ['kept'] }, at: 1_000 };
  const start = (fetchPage: () => Promise<ContentPage>, keepPage: (page: ContentPage) => void = () => {}) =>
    createActor(contentListMachine.provide({ actors: { fetchPage: fromPromise(fetchPage) }, actions: { keepPage: (_, page) => keepPage(page) } }), { input: { hasBatch: true, kept } }).start();

  it('is there while the fresh list is asked for, which then shows and is kept', async () => {
    const keptPages: ContentPage[] = [];
    const actor = start(async () => ({ items: ['fresh'] }), (page) => keptPages.push(page));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.kept).toEqual(kept);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.page).toEqual({ items: ['fresh'] });
    expect(keptPages).toEqual([{ items: ['fresh'] }]);
  });

  it('stays with the time it was updated when no answer comes, and asks again on retry', async () => {
    let attempt = 0;
    const actor = start(async () => {
      attempt += 1;
      if (attempt === 1) throw Object.assign(new Error('Failed to fetch'), { status: 0, network: true });
      return { items: ['fresh'] };
    });
    await waitFor(actor, (s) => s.matches('kept'));
    expect(actor.getSnapshot().context.kept).toEqual(kept);
    actor.send({ type: 'connection.online' });
    await waitFor(actor, (s) => s.matches('loaded'));
  });
});

// Every path replayed on the real list whose request never settles: answers come only from the path.
describePaths('content list paths', models, {
  start: ({ input, inspect }) => {
    const { hasBatch, kept } = input as { hasBatch: boolean; kept?: KeptPage };
    const list = startList(hasBatch, () => new Promise(() => {}), inspect, kept);
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
