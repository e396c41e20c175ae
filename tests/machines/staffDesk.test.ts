import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { staffDeskMachine, deskMessages, publishOffered, publishWaitsUntil } from '../../src/machines/staffDesk.machine';
import type { GradingQueue, MarkReply, PublishReply } from '../../src/contracts/staff';
import { describePaths } from '../support/machine-paths';
import { models, assignment, twoAnswers, reply, published, failure, refused, expired, examOver, examRunning } from '../models/staffDesk.model';
import { settle } from '../support/doubles';

describePaths('teacher desk paths', models);

describe('teacher desk', () => {
  function start(overrides: { publish?: () => Promise<PublishReply>; mark?: (marks: number) => Promise<MarkReply>; queue?: GradingQueue; now?: () => number } = {}) {
    const calls: string[] = [];
    const machine = staffDeskMachine.provide({
      actors: {
        loadAssignments: fromPromise(async () => [assignment]),
        loadQueue: fromPromise(async ({ input }) => {
          calls.push(`queue ${input.assignmentId} ${input.status}`);
          return overrides.queue ?? twoAnswers;
        }),
        markAnswer: fromPromise(async ({ input }) => {
          calls.push(`mark ${input.attemptId} ${input.marks} ${input.comment}`);
          return (overrides.mark ?? (async (marks: number) => reply(input.attemptId, marks)))(input.marks);
        }),
        publish: fromPromise(async ({ input }) => {
          calls.push(`publish ${input.assignmentId}`);
          return (overrides.publish ?? (async () => published))();
        }),
      },
    });
    const actor = createActor(machine, { input: { deviceNow: overrides.now ?? (() => examOver) } }).start();
    return { actor, calls };
  }

  async function openQueue(actor: ReturnType<typeof start>['actor']) {
    await settle();
    actor.send({ type: 'desk.open', assignmentId: 'a1' });
    await settle();
  }

  it('asks for marks before calling the server', async () => {
    const { actor, calls } = start();
    await openQueue(actor);
    actor.send({ type: 'desk.save', marks: null, comment: 'x' });
    expect(actor.getSnapshot().context.problem).toEqual({ title: deskMessages.missingMarks });
    expect(calls).toEqual(['queue a1 pending']);
  });

  it('marks answers one after another and keeps the marks on the answers', async () => {
    const { actor, calls } = start();
    await openQueue(actor);
    expect(actor.getSnapshot().matches({ signedIn: { queue: { marking: 'editing' } } })).toBe(true);
    actor.send({ type: 'desk.save', marks: 4, comment: '  Clear  ' });
    await settle();
    expect(actor.getSnapshot().context.index).toBe(1);
    actor.send({ type: 'desk.save', marks: 0, comment: '' });
    await settle();
    expect(actor.getSnapshot().context.index).toBe(1);
    expect(actor.getSnapshot().context.answers.map((a) => a.marks)).toEqual([4, 0]);
    expect(calls).toEqual(['queue a1 pending', 'mark t1 4 Clear', 'mark t2 0 null']);
  });

  it("shows the server's refusal of marks in its words and stays on the answer", async () => {
    const { actor } = start({ mark: async () => Promise.reject(failure(400, 'Marks must be from 0 to 5.')) });
    await openQueue(actor);
    actor.send({ type: 'desk.save', marks: 7, comment: '' });
    await settle();
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'Marks must be from 0 to 5.' });
    expect(actor.getSnapshot().context.index).toBe(0);
    expect(actor.getSnapshot().matches({ signedIn: { queue: { marking: 'editing' } } })).toBe(true);
  });

  it('keeps the confirmation open with the refusal when publishing is refused, and returns to the same answer on cancel', async () => {
    const { actor } = start({ publish: async () => Promise.reject(refused) });
    await openQueue(actor);
    actor.send({ type: 'desk.next' });
    actor.send({ type: 'desk.publish' });
    actor.send({ type: 'desk.confirm' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { queue: 'confirmingPublish' } })).toBe(true);
    expect(actor.getSnapshot().context.problem).toEqual({ title: refused.title, description: refused.message });
    actor.send({ type: 'desk.cancel' });
    expect(actor.getSnapshot().matches({ signedIn: { queue: { marking: 'editing' } } })).toBe(true);
    expect(actor.getSnapshot().context.index).toBe(1);
  });

  it('publishes after confirmation and marks the assignment published; practice exams are not published', async () => {
    const { actor, calls } = start({ queue: { assignment, answers: [] } });
    await openQueue(actor);
    expect(actor.getSnapshot().matches({ signedIn: { queue: 'empty' } })).toBe(true);
    actor.send({ type: 'desk.publish' });
    actor.send({ type: 'desk.confirm' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { queue: 'published' } })).toBe(true);
    expect(actor.getSnapshot().context.published).toEqual(published);
    expect(actor.getSnapshot().context.assignment?.resultPublished).toBe(true);
    expect(actor.getSnapshot().can({ type: 'desk.publish' })).toBe(false);
    expect(calls.at(-1)).toBe('publish a1');
  });

  it('stops and forgets the assignments when the session has ended (the desk session asks for the sign-in)', async () => {
    const { actor } = start({ mark: async () => Promise.reject(expired) });
    await openQueue(actor);
    actor.send({ type: 'desk.save', marks: 1, comment: '' });
    await settle();
    expect(actor.getSnapshot().value).toBe('sessionEnded');
    expect(actor.getSnapshot().context.assignments).toEqual([]);
    expect(actor.getSnapshot().context.assignment).toBeNull();
  });

  it('offers Publish only once the exam is over, and says when until then; the clock is read again while the assignment is open', async () => {
    let now = examRunning;
    const { actor } = start({ now: () => now, queue: { assignment, answers: [] } });
    await openQueue(actor);
    expect(actor.getSnapshot().matches({ signedIn: { queue: 'empty' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'desk.publish' })).toBe(false);
    expect(publishOffered(actor.getSnapshot().context)).toBe(false);
    expect(publishWaitsUntil(actor.getSnapshot().context)).toBe(assignment.publishableAt);
    now = Date.parse(assignment.publishableAt);
    actor.send({ type: 'desk.tick' });
    expect(publishWaitsUntil(actor.getSnapshot().context)).toBeNull();
    expect(publishOffered(actor.getSnapshot().context)).toBe(true);
    expect(actor.getSnapshot().can({ type: 'desk.publish' })).toBe(true);
  });

  it('says every answer is marked after the last mark and offers Publish; re-marking an answer does not say it again', async () => {
    const { actor } = start();
    await openQueue(actor);
    actor.send({ type: 'desk.save', marks: 4, comment: '' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { queue: { marking: { editing: 'open' } } } })).toBe(true);
    actor.send({ type: 'desk.save', marks: 3, comment: '' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { queue: { marking: { editing: 'allMarked' } } } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'desk.publish' })).toBe(true);
    actor.send({ type: 'desk.publish' });
    actor.send({ type: 'desk.cancel' });
    expect(actor.getSnapshot().matches({ signedIn: { queue: { marking: { editing: 'allMarked' } } } })).toBe(true);
    actor.send({ type: 'desk.previous' });
    actor.send({ type: 'desk.save', marks: 5, comment: '' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { queue: { marking: { editing: 'open' } } } })).toBe(true);
    expect(actor.getSnapshot().context.index).toBe(1);
  });

  it('says every answer is marked but offers no Publish before the exam is over', async () => {
    const { actor } = start({ now: () => examRunning });
    await openQueue(actor);
    actor.send({ type: 'desk.save', marks: 4, comment: '' });
    await settle();
    actor.send({ type: 'desk.save', marks: 3, comment: '' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { queue: { marking: { editing: 'allMarked' } } } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'desk.publish' })).toBe(false);
    expect(publishWaitsUntil(actor.getSnapshot().context)).toBe(assignment.publishableAt);
  });
});
