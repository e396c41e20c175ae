import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { contentListMachine, type ContentPage } from '../../src/machines/contentList.machine';
import { CoverageRecorder } from '../support/machine-paths';
import { coverageInspector, describePath, transitionPaths } from './transitionPaths';

function startList(hasBatch: boolean, fetchPage: () => Promise<ContentPage>, inspect?: ReturnType<typeof coverageInspector>['inspect']) {
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

const payloads: Record<string, AnyEventObject[]> = {
  'xstate.done.actor.fetchPage': [
    { type: 'xstate.done.actor.fetchPage', output: { items: [] } },
    { type: 'xstate.done.actor.fetchPage', output: { items: ['row'] } },
  ],
  'xstate.error.actor.fetchPage': [{ type: 'xstate.error.actor.fetchPage', error: new Error('Network error') }],
};
const generated = [true, false].map((hasBatch) => ({ hasBatch, paths: transitionPaths(contentListMachine, { input: { hasBatch }, events: payloads }) }));
const coverage = new CoverageRecorder(contentListMachine);

describe('content list: every transition by its shortest path', () => {
  for (const { hasBatch, paths } of generated) {
    for (const path of paths) {
      it(`${hasBatch ? 'in a batch' : 'in no batch'}: ${path.transition}: ${describePath(path)}`, async () => {
        // Answers come only from the path; the request itself never settles.
        const inspector = coverageInspector();
        const { actor, calls } = startList(hasBatch, () => new Promise(() => {}), inspector.inspect);
        let requests = hasBatch ? 1 : 0;
        expect(calls()).toBe(requests);
        for (const step of path.steps.slice(1)) {
          actor.send(step.event as never);
          expect(actor.getSnapshot().value).toEqual(step.state.value);
          if (actor.getSnapshot().matches('loading') && step.event.type.startsWith('content.')) requests += 1;
          expect(calls()).toBe(requests);
          expect(actor.getSnapshot().hasTag('loading')).toBe(actor.getSnapshot().matches('loading'));
        }
        coverage.add(inspector.run(actor.getSnapshot()));
      });
    }
  }
  it('enters every state and takes every transition', () => {
    expect(coverage.missingStates()).toEqual([]);
    expect(coverage.missingTransitions()).toEqual([]);
  });
});
