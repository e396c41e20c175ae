import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { questionDetailMachine, type ChangeOutcome, type Thread, type ThreadChange } from '../../src/machines/questionDetail.machine';
import { describePaths } from '../support/machine-paths';
import { answered, completed, ME, models, reply, unanswered } from '../models/questionDetail.model';

const NONE = { keep: [], add: [] };
/** No answer at all: the link lost the request. */
const noLink = Object.assign(new Error('<no response> Failed to fetch'), { status: 0, network: true });

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

describe("an edit's outcome, which its editor follows", () => {
  const scan = { mediaType: 'application/pdf', mediaUrl: '/api/media/files/0123456789abcdef0123456789abcdef' };
  const photo = new File([new Uint8Array(4)], 'xray.jpg', { type: 'image/jpeg' });
  const typed = { text: ' With the scan and an X-ray ', keep: [scan], add: [photo] };
  const refusal = Object.assign(new Error('Only the last reply can be edited.'), { status: 409, title: 'Only the last reply can be edited.', code: 'notLastReply', network: false });

  /** The thread's answers held until the test lets them go, and sendChange's answers in turn (an Error is thrown). */
  function startEditing(answers: Array<ChangeOutcome | Error>, thread: Thread = answered) {
    const loads: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
    const shown: unknown[] = [];
    const actor = createActor(
      questionDetailMachine.provide({
        actors: {
          loadThread: fromPromise(() => new Promise<Thread>((resolve, reject) => loads.push({ resolve: () => resolve(thread), reject }))),
          sendChange: fromPromise(async (): Promise<ChangeOutcome> => {
            const answer = answers.shift()!;
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
        actions: { showError: (_, { error }) => shown.push(error) },
      }),
      { input: { studentId: ME, questionId: 'q1' } },
    );
    actor.start();
    const loadThread = async () => {
      await vi.waitFor(() => expect(loads.length).toBeGreaterThan(0));
      loads.shift()!.resolve();
    };
    const loadFails = async (error: unknown) => {
      await vi.waitFor(() => expect(loads.length).toBeGreaterThan(0));
      loads.shift()!.reject(error);
    };
    return { actor, loads, shown, loadThread, loadFails };
  }

  it('keeps an edit the server refuses, with the reason, until the student saves again or cancels', async () => {
    const { actor, shown, loadThread } = startEditing([refusal, { failedFiles: [] }]);
    await loadThread();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'reply.edit', commentId: 'c2', ...typed });
    expect(actor.getSnapshot().context.edit).toEqual({ status: 'sending', post: { kind: 'reply', commentId: 'c2' }, edit: typed });
    expect(actor.getSnapshot().can({ type: 'edit.cancel' })).toBe(false);
    // Refused: the thread is read again, and the edit is reported failed, as the student left it.
    await waitFor(actor, (s) => s.matches('loading'));
    expect(shown).toEqual([refusal]);
    const failed = { status: 'failed', post: { kind: 'reply', commentId: 'c2' }, edit: typed, error: refusal };
    expect(actor.getSnapshot().context.edit).toEqual(failed);
    await loadThread();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.edit).toEqual(failed);
    // Cancel puts the reason away with the edit.
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().context.edit).toBeNull();
  });

  it('keeps an edit the link lost, and the thread it was made on when reading it again gets no answer either, and saves it on the next press', async () => {
    const { actor, shown, loadThread, loadFails } = startEditing([noLink, { failedFiles: [] }]);
    await loadThread();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'reply.edit', commentId: 'c2', ...typed });
    await waitFor(actor, (s) => s.context.edit?.status === 'failed');
    // The edit may have landed though its answer was lost: the thread is read again.
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await loadFails(noLink);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.thread).toEqual(answered);
    expect(shown).toEqual([noLink]);
    expect(actor.getSnapshot().context.edit).toEqual({ status: 'failed', post: { kind: 'reply', commentId: 'c2' }, edit: typed, error: noLink });
    actor.send({ type: 'reply.edit', commentId: 'c2', ...typed });
    await waitFor(actor, (s) => s.context.edit?.status === 'saved');
    await loadThread();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.edit).toEqual({ status: 'done', post: { kind: 'reply', commentId: 'c2' } });
  });

  it('reports an edit done only once the thread is read again with it', async () => {
    const { actor, loadThread } = startEditing([{ failedFiles: [] }], unanswered);
    await loadThread();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'question.edit', ...typed });
    await waitFor(actor, (s) => s.matches('loading'));
    expect(actor.getSnapshot().context.edit).toEqual({ status: 'saved', post: { kind: 'question' }, edit: typed });
    expect(actor.getSnapshot().can({ type: 'edit.cancel' })).toBe(false);
    await loadThread();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.edit).toEqual({ status: 'done', post: { kind: 'question' } });
  });
});

/** Each read of the thread and each change held until the test answers or fails it; the errors the screen was told to show. */
function startHeld() {
  const reads: Array<{ resolve: (thread: Thread) => void; reject: (error: unknown) => void }> = [];
  const changes: Array<{ resolve: (outcome: ChangeOutcome) => void; reject: (error: unknown) => void }> = [];
  const shown: unknown[] = [];
  const actor = createActor(
    questionDetailMachine.provide({
      actors: {
        loadThread: fromPromise(() => new Promise<Thread>((resolve, reject) => reads.push({ resolve, reject }))),
        sendChange: fromPromise(() => new Promise<ChangeOutcome>((resolve, reject) => changes.push({ resolve, reject }))),
      },
      actions: { showError: (_, { error }) => shown.push(error) },
    }),
    { input: { studentId: ME, questionId: 'q1' } },
  );
  actor.start();
  /** The thread shows and the student sends a change. */
  const sendChange = async (change: { type: 'question.like' } | { type: 'question.bookmark' }) => {
    reads[0]!.resolve(answered);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send(change);
  };
  return { actor, reads, changes, shown, sendChange };
}
type Held = ReturnType<typeof startHeld>;

describe('a reply the student adds while the thread is busy', () => {
  const withMyReply: Thread = { ...answered, comments: [...answered.comments, reply('c3', ME)] };

  /** The thread shows, the student sends a change, and their reply lands while the change is on its way. */
  const changeWhileReplyLands = async (held: Held, change: { type: 'question.like' } | { type: 'question.bookmark' }) => {
    await held.sendChange(change);
    held.actor.send({ type: 'thread.reload' });
  };

  it('reads the thread again when the reply lands while a read that began before it is under way', async () => {
    const { actor, reads } = startHeld();
    expect(reads).toHaveLength(1);
    actor.send({ type: 'thread.reload' });
    expect(reads).toHaveLength(2);
    // The read that began before the reply answers late, without it: it is not shown.
    reads[0]!.resolve(answered);
    reads[1]!.resolve(withMyReply);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.thread).toEqual(withMyReply);
    expect(reads).toHaveLength(2);
  });

  it('reads the thread again after a like the link lost, when the reply landed while the like was on its way', async () => {
    const held = startHeld();
    const { actor, reads, changes } = held;
    await changeWhileReplyLands(held, { type: 'question.like' });
    changes[0]!.reject(noLink);
    await waitFor(actor, (s) => s.matches('loading'), { timeout: 1000 });
    expect(reads).toHaveLength(2);
    reads[1]!.resolve(withMyReply);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.thread).toEqual(withMyReply);
  });

  it('reads the thread once after a change that was sent', async () => {
    const held = startHeld();
    const { actor, reads, changes } = held;
    await changeWhileReplyLands(held, { type: 'question.bookmark' });
    changes[0]!.resolve({ failedFiles: [] });
    await waitFor(actor, (s) => s.matches('loading'));
    reads[1]!.resolve(withMyReply);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.thread).toEqual(withMyReply);
    expect(reads).toHaveLength(2);
  });
});

describe('a change whose answer the link lost', () => {
  const gone = Object.assign(new Error('This question was not found.'), { status: 404, network: false });
  const liked: Thread = { ...answered, question: { ...answered.question, likes: 1, isLiked: true } };

  /** The thread shows, the student likes the question, and the like's answer is lost on the link. */
  const likeLost = async (held: Held) => {
    await held.sendChange({ type: 'question.like' });
    held.changes[0]!.reject(noLink);
    await waitFor(held.actor, (s) => s.matches('loading'));
    return held;
  };

  it('reads the thread again, so a like that landed though its answer was lost shows as liked', async () => {
    const { actor, reads, shown } = await likeLost(startHeld());
    expect(shown).toEqual([noLink]);
    reads[1]!.resolve(liked);
    await waitFor(actor, (s) => s.matches('ready'));
    // Pressed again, the like would be taken back: the student sees it is already there.
    expect(actor.getSnapshot().context.thread?.question.isLiked).toBe(true);
  });

  it('keeps the thread shown when reading it again gets no answer either, and reads it once the connection returns', async () => {
    const { actor, reads } = await likeLost(startHeld());
    reads[1]!.reject(noLink);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.thread).toEqual(answered);
    // The screen sends thread.reload when the connection returns.
    actor.send({ type: 'thread.reload' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    reads[2]!.resolve(liked);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.thread).toEqual(liked);
  });

  it('ends on the error when reading the thread again is refused: the question is gone', async () => {
    const { actor, reads } = await likeLost(startHeld());
    reads[1]!.reject(gone);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('This question was not found.');
  });

  it('reads a question that could not be loaded at all once the connection returns', async () => {
    const { actor, reads } = startHeld();
    reads[0]!.reject(noLink);
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'thread.reload' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    reads[1]!.resolve(answered);
    await waitFor(actor, (s) => s.matches('ready'));
  });
});

describePaths('question detail paths', models, {
  start: ({ machine, inspect, clock }) => {
    const actor = createActor(machine, { input: { studentId: ME, questionId: 'q1' }, inspect, clock });
    actor.start();
    return { actor };
  },
});
