import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { forumDeskMessages, nextUnanswered, staffForumMachine, type FilesReport, type ReplyDraft } from '../../src/machines/staffForum.machine';
import { describePaths } from '../support/machine-paths';
import { answered, answeredByAnother, loaded, models, question, teacherReply, unanswered } from '../models/staffForum.model';
import { settle } from '../support/doubles';

describePaths('teacher desk forum queue paths', models);

describe('teacher desk forum queue', () => {
  function start() {
    const calls: string[] = [];
    const sent: ReplyDraft[] = [];
    const machine = staffForumMachine.provide({
      actors: {
        loadQueue: fromPromise(async ({ input }) => {
          calls.push(`queue ${input.status} ${input.courseId}`);
          return loaded;
        }),
        loadThread: fromPromise(async ({ input }) => {
          calls.push(`thread ${input.questionId}`);
          return input.questionId === 'q3' ? answered : { ...unanswered, question: question(input.questionId, false) };
        }),
        uploadFiles: fromCallback<{ type: string }, { files: File[] }>(({ input, sendBack }) => {
          calls.push(`upload ${input.files.length}`);
          sendBack({ type: 'files.progress', index: 0, sent: 1, total: 1 } satisfies FilesReport);
          sendBack({ type: 'files.done', media: [{ mediaType: 'image/png', mediaUrl: '/api/files/k1' }] } satisfies FilesReport);
        }),
        sendReply: fromPromise(async ({ input }) => {
          sent.push(input);
          return { ...teacherReply(input.commentId ?? 'r9', input.questionId), reply: input.text, media: input.media };
        }),
        setStatus: fromPromise(async ({ input }) => question(input.questionId, true, input.completed ? 'COMPLETED' : 'OPEN')),
      },
    });
    const actor = createActor(machine).start();
    return { actor, calls, sent };
  }

  it('moves the keyboard, opens, replies with files and goes on to the next unanswered question', async () => {
    const { actor, calls, sent } = start();
    await settle();
    expect(actor.getSnapshot().context.cursor).toBe('q1');
    actor.send({ type: 'forum.move', by: 1 });
    actor.send({ type: 'forum.move', by: 1 });
    actor.send({ type: 'forum.move', by: 1 });
    expect(actor.getSnapshot().context.cursor).toBe('q3');
    actor.send({ type: 'forum.move', by: -1 });
    actor.send({ type: 'forum.open', questionId: 'q2' });
    await settle();
    actor.send({ type: 'forum.send' });
    expect(actor.getSnapshot().context.threadProblem).toEqual({ title: forumDeskMessages.emptyReply });
    actor.send({ type: 'forum.draft', text: '  Read the notes.  ' });
    actor.send({ type: 'forum.files', files: [new File(['x'], 'a.png', { type: 'image/png' })] });
    actor.send({ type: 'forum.send' });
    await settle();
    expect(sent).toEqual([{ questionId: 'q2', text: 'Read the notes.', media: [{ mediaType: 'image/png', mediaUrl: '/api/files/k1' }], commentId: null }]);
    const after = actor.getSnapshot().context;
    expect(after.draft).toBe('');
    // The sent reply takes the keyboard from the reply box, so the next n or r is a command, not text.
    expect(after.sentId).toBe('r9');
    expect(after.thread?.comments.map((c) => c.userId.name)).toEqual(['Teacher']);
    expect(after.queue?.questions.find((q) => q._id === 'q2')?.answeredByTeacher).toBe(true);
    // q1 is the only one left without a teacher reply.
    expect(nextUnanswered(after)).toBe('q1');
    actor.send({ type: 'forum.next' });
    await settle();
    expect(actor.getSnapshot().context.openId).toBe('q1');
    expect(calls).toEqual(['queue all ', 'thread q2', 'upload 1', 'thread q1']);
  });

  it('edits only the last teacher reply and completes, then reopens', async () => {
    const { actor, sent } = start();
    await settle();
    actor.send({ type: 'forum.open', questionId: 'q3' });
    await settle();
    actor.send({ type: 'forum.editLast' });
    expect(actor.getSnapshot().context).toMatchObject({ editing: 'r1', draft: 'Two atria, two ventricles.' });
    actor.send({ type: 'forum.draft', text: 'Four chambers.' });
    actor.send({ type: 'forum.send' });
    await settle();
    expect(sent[0]).toMatchObject({ commentId: 'r1', text: 'Four chambers.', media: [] });
    expect(actor.getSnapshot().context.thread?.comments.map((c) => c.reply)).toEqual(['Four chambers.']);
    actor.send({ type: 'forum.complete' });
    await settle();
    expect(actor.getSnapshot().context.thread?.question.status).toBe('COMPLETED');
    actor.send({ type: 'forum.editLast' });
    expect(actor.getSnapshot().context.editing).toBeNull();
    actor.send({ type: 'forum.reopen' });
    await settle();
    expect(actor.getSnapshot().context.thread?.question.status).toBe('OPEN');
  });

  it('loads the queue again after activity heard while it loaded, and keeps the filters', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'forum.activity', questionId: 'q9' });
    await settle();
    expect(calls).toEqual(['queue all ', 'queue all ']);
    actor.send({ type: 'forum.filter', filters: { courseId: 'c1', status: 'open' } });
    await settle();
    expect(calls.at(-1)).toBe('queue open c1');
  });

  it('goes on taking the draft, the edit and Send while the open question loads again', async () => {
    const reads: { questionId: string; answer: (thread: typeof answered) => void }[] = [];
    const sent: ReplyDraft[] = [];
    const machine = staffForumMachine.provide({
      actors: {
        loadQueue: fromPromise(async () => loaded),
        loadThread: fromPromise(({ input }) => new Promise<typeof answered>((answer) => reads.push({ questionId: input.questionId, answer }))),
        sendReply: fromPromise(async ({ input }) => {
          sent.push(input);
          return { ...teacherReply(input.commentId ?? 'r9', input.questionId), reply: input.text };
        }),
      },
    });
    const actor = createActor(machine).start();
    await settle();
    actor.send({ type: 'forum.open', questionId: 'q3' });
    reads.shift()!.answer(answered);
    await settle();
    // Another teacher's activity on the open question: it loads again while the teacher edits and sends.
    actor.send({ type: 'forum.activity', questionId: 'q3' });
    expect(actor.getSnapshot().matches({ desk: { thread: { open: { sync: 'refreshing' } } } })).toBe(true);
    actor.send({ type: 'forum.editLast' });
    actor.send({ type: 'forum.draft', text: 'Four chambers.' });
    expect(actor.getSnapshot().context).toMatchObject({ editing: 'r1', draft: 'Four chambers.' });
    actor.send({ type: 'forum.send' });
    await settle();
    expect(sent).toEqual([{ questionId: 'q3', text: 'Four chambers.', media: [], commentId: 'r1' }]);
    // More activity drops the read under way; the last read's thread shows.
    actor.send({ type: 'forum.activity', questionId: 'q3' });
    expect(reads).toHaveLength(2);
    const edited = { ...answered, comments: [{ ...teacherReply('r1', 'q3'), reply: 'Four chambers.' }] };
    reads[1]!.answer(edited);
    await settle();
    reads[0]!.answer(answered);
    await settle();
    expect(actor.getSnapshot().matches({ desk: { thread: { open: { sync: 'current', form: 'idle' } } } })).toBe(true);
    expect(actor.getSnapshot().context.thread?.comments.map((c) => c.reply)).toEqual(['Four chambers.']);
  });

  it("does not offer another teacher's last reply for editing", async () => {
    const actor = createActor(staffForumMachine.provide({ actors: { loadQueue: fromPromise(async () => loaded), loadThread: fromPromise(async () => answeredByAnother) } })).start();
    await settle();
    actor.send({ type: 'forum.open', questionId: 'q3' });
    await settle();
    expect(actor.getSnapshot().can({ type: 'forum.editLast' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'forum.removeReply', commentId: 'r1' })).toBe(false);
    actor.send({ type: 'forum.editLast' });
    expect(actor.getSnapshot().context).toMatchObject({ editing: null, draft: '' });
  });

  it("removes the teacher's own reply after a confirmation, and the question waits again", async () => {
    const removed: string[] = [];
    const machine = staffForumMachine.provide({
      actors: {
        loadQueue: fromPromise(async () => loaded),
        loadThread: fromPromise(async () => answered),
        removeReply: fromPromise(async ({ input }) => {
          removed.push(`${input.questionId} ${input.commentId}`);
          return { ...answered, question: { ...answered.question, answeredByTeacher: false, answers: 0 }, comments: [] };
        }),
      },
    });
    const actor = createActor(machine).start();
    await settle();
    actor.send({ type: 'forum.open', questionId: 'q3' });
    await settle();
    // Not while the reply is being edited, and nothing leaves before the confirmation.
    actor.send({ type: 'forum.editLast' });
    expect(actor.getSnapshot().can({ type: 'forum.removeReply', commentId: 'r1' })).toBe(false);
    actor.send({ type: 'forum.cancelEdit' });
    actor.send({ type: 'forum.removeReply', commentId: 'r1' });
    actor.send({ type: 'forum.cancelRemove' });
    expect(actor.getSnapshot().context.removing).toBeNull();
    actor.send({ type: 'forum.removeReply', commentId: 'r1' });
    expect(removed).toEqual([]);
    actor.send({ type: 'forum.confirmRemove' });
    await settle();
    expect(removed).toEqual(['q3 r1']);
    const after = actor.getSnapshot().context;
    expect(after.thread?.comments).toEqual([]);
    expect(after.queue?.questions.find((q) => q._id === 'q3')?.answeredByTeacher).toBe(false);
    expect(nextUnanswered({ ...after, openId: null, cursor: 'q3' })).toBe('q3');
  });

  it('marks a reply as the answer and takes the mark away', async () => {
    const marked: Array<string | null> = [];
    const machine = staffForumMachine.provide({
      actors: {
        loadQueue: fromPromise(async () => loaded),
        loadThread: fromPromise(async () => answered),
        markAnswer: fromPromise(async ({ input }) => {
          marked.push(input.commentId);
          return { ...answered, comments: answered.comments.map((c) => ({ ...c, isAnswer: c._id === input.commentId })) };
        }),
      },
    });
    const actor = createActor(machine).start();
    await settle();
    actor.send({ type: 'forum.open', questionId: 'q3' });
    await settle();
    actor.send({ type: 'forum.markAnswer', commentId: 'r1' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.thread?.comments[0]?.isAnswer).toBe(true);
    actor.send({ type: 'forum.markAnswer', commentId: null });
    await settle();
    expect(marked).toEqual(['r1', null]);
    expect(actor.getSnapshot().context.thread?.comments[0]?.isAnswer).toBe(false);
  });
});
