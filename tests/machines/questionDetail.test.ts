import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { questionDetailMachine, type Thread, type ThreadChange } from '../../src/machines/questionDetail.machine';
import { describePaths } from '../support/machine-paths';
import { answered, completed, ME, models, unanswered } from '../models/questionDetail.model';

function startDetail(thread: Thread, inspect?: (inspection: InspectionEvent) => void) {
  const changes: ThreadChange[] = [];
  const actor = createActor(
    questionDetailMachine.provide({
      actors: {
        loadThread: fromPromise(async () => thread),
        sendChange: fromPromise(async ({ input }: { input: { questionId: string; change: ThreadChange } }): Promise<unknown> => {
          changes.push(input.change);
          return {};
        }),
      },
    }),
    { input: { studentId: ME, questionId: 'q1' }, inspect },
  );
  actor.start();
  return { actor, changes };
}

describe('question detail', () => {
  it('edits an unanswered own question, and sends likes, bookmarks and upvotes, reading the thread again each time', async () => {
    const { actor, changes } = startDetail(unanswered);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'question.edit', text: 'Why, exactly?' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'question.edit', text: ' ' })).toBe(false);
    actor.send({ type: 'question.edit', text: ' Why, exactly? ' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'question.like' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'question.bookmark' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(changes).toEqual([{ kind: 'editQuestion', text: 'Why, exactly?' }, { kind: 'like' }, { kind: 'bookmark' }]);
  });

  it('lets only the last reply, when it is mine, be edited, and nothing once COMPLETED', async () => {
    const open = startDetail(answered);
    await waitFor(open.actor, (s) => s.matches('ready'));
    const snapshot = open.actor.getSnapshot();
    expect(snapshot.can({ type: 'question.edit', text: 'x' })).toBe(false);
    expect(snapshot.can({ type: 'reply.edit', commentId: 'c2', text: 'x' })).toBe(true);
    expect(snapshot.can({ type: 'reply.edit', commentId: 'c1', text: 'x' })).toBe(false);
    const closed = startDetail(completed);
    await waitFor(closed.actor, (s) => s.matches('ready'));
    expect(closed.actor.getSnapshot().can({ type: 'reply.edit', commentId: 'c2', text: 'x' })).toBe(false);
  });
});

describePaths('question detail paths', models, {
  start: ({ machine, inspect, clock }) => {
    const actor = createActor(machine, { input: { studentId: ME, questionId: 'q1' }, inspect, clock });
    actor.start();
    return { actor };
  },
});
