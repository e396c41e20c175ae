import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { questionDetailMachine, type ChangeOutcome, type Thread, type ThreadChange } from '../../src/machines/questionDetail.machine';
import { describePaths } from '../support/machine-paths';
import { answered, completed, ME, models, unanswered } from '../models/questionDetail.model';

const NONE = { keep: [], add: [] };

function startDetail(thread: Thread, inspect?: (inspection: InspectionEvent) => void, failedFiles: string[] = []) {
  const changes: ThreadChange[] = [];
  const skipped: string[] = [];
  const actor = createActor(
    questionDetailMachine.provide({
      actors: {
        loadThread: fromPromise(async () => thread),
        sendChange: fromPromise(async ({ input }: { input: { questionId: string; change: ThreadChange } }): Promise<ChangeOutcome> => {
          changes.push(input.change);
          return { failedFiles };
        }),
      },
      actions: { fileFailed: (_, { name }) => skipped.push(name) },
    }),
    { input: { studentId: ME, questionId: 'q1' }, inspect },
  );
  actor.start();
  return { actor, changes, skipped };
}

describe('question detail', () => {
  it('edits an unanswered own question, and sends likes, bookmarks and upvotes, reading the thread again each time', async () => {
    const { actor, changes } = startDetail(unanswered);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'question.edit', text: 'Why, exactly?', ...NONE })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'question.edit', text: ' ', ...NONE })).toBe(false);
    actor.send({ type: 'question.edit', text: ' Why, exactly? ', ...NONE });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'question.like' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'question.bookmark' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(changes).toEqual([{ kind: 'editQuestion', text: 'Why, exactly?', ...NONE }, { kind: 'like' }, { kind: 'bookmark' }]);
  });

  it('lets only the last reply, when it is mine, be edited, and nothing once COMPLETED', async () => {
    const open = startDetail(answered);
    await waitFor(open.actor, (s) => s.matches('ready'));
    const snapshot = open.actor.getSnapshot();
    expect(snapshot.can({ type: 'question.edit', text: 'x', ...NONE })).toBe(false);
    expect(snapshot.can({ type: 'reply.edit', commentId: 'c2', text: 'x', ...NONE })).toBe(true);
    expect(snapshot.can({ type: 'reply.edit', commentId: 'c1', text: 'x', ...NONE })).toBe(false);
    const closed = startDetail(completed);
    await waitFor(closed.actor, (s) => s.matches('ready'));
    expect(closed.actor.getSnapshot().can({ type: 'reply.edit', commentId: 'c2', text: 'x', ...NONE })).toBe(false);
  });
});

describe('editing attachments', () => {
  it("sends the attachments kept and the files added with the edit, and names each added file that could not be uploaded", async () => {
    const scan = { mediaType: 'application/pdf', mediaUrl: '/api/media/files/0123456789abcdef0123456789abcdef' };
    const photo = new File([new Uint8Array(4)], 'xray.jpg', { type: 'image/jpeg' });
    const { actor, changes, skipped } = startDetail(answered, undefined, ['xray.jpg']);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'reply.edit', commentId: 'c2', text: 'With the scan and an X-ray', keep: [scan], add: [photo] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(changes).toEqual([{ kind: 'editReply', commentId: 'c2', text: 'With the scan and an X-ray', keep: [scan], add: [photo] }]);
    expect(skipped).toEqual(['xray.jpg']);
  });
});

describePaths('question detail paths', models, {
  start: ({ machine, inspect, clock }) => {
    const actor = createActor(machine, { input: { studentId: ME, questionId: 'q1' }, inspect, clock });
    actor.start();
    return { actor };
  },
});
