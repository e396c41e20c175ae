import { describe, expect, it, vi, afterEach } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ANSWER_DEBOUNCE_MS, answerOutboxMachine, type SendAnswerInput, type SendAnswerOutput } from '../../src/machines/answerOutbox.machine';
import { createAnswerStore, type SavedAnswers } from '../../src/services/answerStore';
import { clearOnSignOut, STORAGE_KEYS } from '../../src/services/storage';
import { MemoryStorage, settle } from '../support/doubles';
import { describePaths } from '../support/machine-paths';
import { choice, EXAM, models, networkError, refused, STUDENT } from '../models/answerOutbox.model';

type Sender = (input: SendAnswerInput) => Promise<SendAnswerOutput>;

function start(options: { send: Sender; online?: boolean; storage?: MemoryStorage; multipleTimesSubmission?: boolean; saved?: SavedAnswers }) {
  const storage = options.storage ?? new MemoryStorage();
  const store = createAnswerStore(() => storage);
  const clock = new SimulatedClock();
  const calls: SendAnswerInput[] = [];
  const notices: string[] = [];
  const reloads: string[] = [];
  const machine = answerOutboxMachine.provide({
    actors: {
      sendAnswer: fromPromise<SendAnswerOutput, SendAnswerInput>(({ input }) => {
        calls.push(structuredClone(input));
        return options.send(input);
      }),
    },
    actions: {
      persistAnswers: (_, params) => store.writeExam(params.studentId, params.examId, params.entries, params.removed),
      notifyLocked: () => notices.push('You cannot change the answer'),
      notifyRestored: () => notices.push('Internet has been restored'),
      notifySavedLocally: () => notices.push('Due to internet issue, saving locally'),
      notifyUploadSkipped: (_, params) => notices.push(...params.names.map((n) => `Error uploading file ${n}`)),
      reloadGroup: (_, params) => reloads.push(params.groupId),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: {
      studentId: STUDENT,
      examId: EXAM,
      groupId: 'g1',
      isLive: true,
      multipleTimesSubmission: options.multipleTimesSubmission ?? true,
      online: options.online ?? true,
      saved: options.saved ?? store.read(STUDENT, EXAM),
    },
  });
  actor.start();
  /** A student's choice, then the quiet quarter second after which an MCQ or MCA choice is queued. */
  const answer = (event: Parameters<typeof actor.send>[0]) => {
    actor.send(event);
    clock.increment(ANSWER_DEBOUNCE_MS);
  };
  return { actor, answer, clock, calls, notices, reloads, store, storage };
}

const delivered: Sender = async () => ({ uploaded: [], skipped: [] });

describe('answer outbox', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("says 'Due to internet issue, saving locally' once per outage, however many answers it keeps", async () => {
    const { actor, answer, notices, clock } = start({ send: delivered, online: false });
    answer(choice('q1'));
    answer(choice('q2'));
    await settle();
    expect(notices).toEqual(['Due to internet issue, saving locally']);
    actor.send({ type: 'connection.online' });
    await settle();
    // Both kept answers go out (one second apart); the outage is over once they are through.
    expect(actor.getSnapshot().context.toldSavedLocally).toBe(true);
    clock.increment(1000);
    await settle();
    expect(actor.getSnapshot().context.toldSavedLocally).toBe(false);
    // The next outage is told again.
    actor.send({ type: 'connection.offline' });
    answer(choice('q3'));
    await settle();
    expect(notices).toEqual(['Due to internet issue, saving locally', 'Internet has been restored', 'Due to internet issue, saving locally']);
  });

  it('writes the answer to storage before sending it', async () => {
    const storage = new MemoryStorage();
    const store = createAnswerStore(() => storage);
    let storedAtSend: unknown = null;
    const { answer, calls } = start({
      storage,
      send: async (input) => {
        storedAtSend = store.read(STUDENT, EXAM)[input.questionId];
        return { uploaded: [], skipped: [] };
      },
    });
    answer(choice('q1'));
    await settle();
    expect(calls).toHaveLength(1);
    expect(storedAtSend).toMatchObject({ answer: [1], offline: false, delivered: false, type: 'MCQ', count: 1, timestamp: 1000 });
    expect(store.read(STUDENT, EXAM).q1).toMatchObject({ delivered: true, offline: false, confirmed: { answer: [1] } });
  });

  it('tries three times, then keeps the answer offline on a network error', async () => {
    const { actor, answer, clock, calls, notices, store } = start({ send: async () => Promise.reject(networkError()) });
    answer(choice('q1'));
    await settle();
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('retrying');
    clock.increment(1000);
    await settle();
    expect(calls).toHaveLength(2);
    clock.increment(1000);
    await settle();
    expect(calls).toHaveLength(3);
    expect(actor.getSnapshot().value).toBe('idle');
    clock.increment(5000);
    await settle();
    expect(calls).toHaveLength(3);
    expect(actor.getSnapshot().context.entries.q1).toMatchObject({ offline: true, delivered: false, answer: [1] });
    expect(store.read(STUDENT, EXAM).q1.offline).toBe(true);
    // Kept on the device: the offline banner, the question's own state and the spec's one network-error toast say so.
    expect(notices).toEqual(['Due to internet issue, saving locally']);
  });

  it('delivers on the second try after a server outage', async () => {
    let n = 0;
    const { actor, answer, clock, calls } = start({ send: async () => (++n === 1 ? Promise.reject(refused(503, 'Service unavailable')) : { uploaded: [], skipped: [] }) });
    answer(choice('q1'));
    await settle();
    clock.increment(1000);
    await settle();
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().context.entries.q1.delivered).toBe(true);
  });

  it('undoes a refused answer and shows the server title, restoring the last delivered value', async () => {
    let n = 0;
    const { actor, answer, calls, store } = start({
      send: async () => (++n === 1 ? { uploaded: [], skipped: [] } : Promise.reject(refused(409, 'You cannot change the answer', 'answerLocked'))),
    });
    answer(choice('q3', { answer: [2], timestamp: 1000 }));
    await settle();
    answer(choice('q3', { answer: [0], timestamp: 2000 }));
    await settle();
    expect(calls).toHaveLength(2);
    const { context } = actor.getSnapshot();
    expect(context.entries.q3).toMatchObject({ answer: [2], delivered: true, offline: false });
    expect(context.failure).toEqual({ questionId: 'q3', questionNumber: 3, message: 'You cannot change the answer' });
    expect(store.read(STUDENT, EXAM).q3.answer).toEqual([2]);
    actor.send({ type: 'outbox.dismissFailure' });
    expect(actor.getSnapshot().context.failure).toBeNull();
    // The question keeps saying why its last answer was not taken until an answer to it is delivered.
    expect(actor.getSnapshot().context.refusals).toEqual({ q3: 'You cannot change the answer' });
  });

  it('forgets why an answer was refused once a later answer to the question is delivered', async () => {
    let n = 0;
    const { actor, answer } = start({ send: async () => (++n === 1 ? Promise.reject(refused(400, 'Invalid answer')) : { uploaded: [], skipped: [] }) });
    answer(choice('q1', { answer: [5], timestamp: 1000 }));
    await settle();
    expect(actor.getSnapshot().context.refusals).toEqual({ q1: 'Invalid answer' });
    answer(choice('q1', { answer: [1], timestamp: 2000 }));
    await settle();
    expect(actor.getSnapshot().context.refusals).toEqual({});
    expect(actor.getSnapshot().context.entries.q1).toMatchObject({ delivered: true });
  });

  it("removes a never-delivered refused answer and says 'Unhandled exception' without a title", async () => {
    const { actor, answer, store } = start({ send: async () => Promise.reject(refused(400)) });
    answer(choice('q1'));
    await settle();
    expect(actor.getSnapshot().context.entries.q1).toBeUndefined();
    expect(actor.getSnapshot().context.failure?.message).toBe('Unhandled exception');
    expect(store.read(STUDENT, EXAM).q1).toBeUndefined();
  });

  it('reloads the group and flags removal on 403', async () => {
    const { actor, answer, reloads } = start({ send: async () => Promise.reject(refused(403, 'This exam has been removed from your group', 'examRemoved')) });
    answer(choice('q1'));
    await settle();
    expect(actor.getSnapshot().context.examRemoved).toBe(true);
    expect(reloads).toEqual(['g1']);
  });

  it('keeps answers chosen offline on the device without sending', async () => {
    const { actor, answer, calls, notices } = start({ online: false, send: delivered });
    answer(choice('q1'));
    await settle();
    expect(calls).toHaveLength(0);
    expect(actor.getSnapshot().context.entries.q1.offline).toBe(true);
    // Kept on the device: the offline banner, the question's own state and the spec's one network-error toast say so.
    expect(notices).toEqual(['Due to internet issue, saving locally']);
  });

  it('sends every offline answer again 1000 ms apart when the connection returns, files first', async () => {
    const { actor, answer, clock, calls, notices } = start({ online: false, send: delivered });
    answer(choice('q1', { timestamp: 1 }));
    answer(choice('q2', { timestamp: 2 }));
    answer(choice('q3', { questionType: 'paragraph', answer: ['text'], files: [{ name: 'a.pdf', type: 'application/pdf', dataUrl: 'data:application/pdf;base64,AA==' }], timestamp: 3 }));
    await settle();
    expect(actor.getSnapshot().context.entries.q3.count).toBe(1);
    actor.send({ type: 'connection.online' });
    await settle();
    expect(notices).toContain('Internet has been restored');
    expect(calls.map((c) => c.questionId)).toEqual(['q3']);
    expect(calls[0].resubmit).toBe(true);
    clock.increment(999);
    await settle();
    expect(calls).toHaveLength(1);
    clock.increment(1);
    await settle();
    expect(calls.map((c) => c.questionId)).toEqual(['q3', 'q1']);
    clock.increment(1000);
    await settle();
    expect(calls.map((c) => c.questionId)).toEqual(['q3', 'q1', 'q2']);
    clock.increment(1000);
    await settle();
    const entries = actor.getSnapshot().context.entries;
    expect(Object.values(entries).every((e) => e.delivered && !e.offline)).toBe(true);
  });

  it('survives a reload: a new outbox on the same storage sends what is still undelivered', async () => {
    const storage = new MemoryStorage();
    const first = start({ storage, online: false, send: delivered });
    for (let i = 1; i <= 5; i += 1) first.answer(choice(`q${i}`, { timestamp: i }));
    await settle();
    first.actor.stop();

    const second = start({ storage, online: true, send: delivered });
    await settle();
    for (let i = 0; i < 5; i += 1) {
      second.clock.increment(1000);
      await settle();
    }
    expect(second.calls.map((c) => c.questionId).sort()).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    expect(Object.values(second.store.read(STUDENT, EXAM)).every((e) => e.delivered)).toBe(true);
  });

  it('keeps undelivered answers through sign-out', async () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    storage.setItem(STORAGE_KEYS.sessionId, 'abc');
    const { answer } = start({ storage, online: false, send: delivered });
    answer(choice('q1'));
    await settle();
    clearOnSignOut();
    expect(storage.getItem(STORAGE_KEYS.sessionId)).toBeNull();
    expect(createAnswerStore(() => storage).read(STUDENT, EXAM).q1).toMatchObject({ offline: true, answer: [1] });
  });

  it('waits for a quiet 250 ms per MCQ question too, and sends only the last choice', async () => {
    const { actor, clock, calls, store } = start({ send: delivered });
    actor.send(choice('q1', { answer: [0], timestamp: 1 }));
    clock.increment(100);
    actor.send(choice('q1', { answer: [2], timestamp: 2 }));
    clock.increment(ANSWER_DEBOUNCE_MS - 1);
    await settle();
    expect(calls).toHaveLength(0);
    // On the device at once: a crash in the pause loses nothing.
    expect(store.read(STUDENT, EXAM).q1).toMatchObject({ answer: [2], delivered: false });
    clock.increment(1);
    await settle();
    expect(calls.map((call) => call.entry.answer)).toEqual([[2]]);
    expect(actor.getSnapshot().context.entries.q1.delivered).toBe(true);
  });

  it('a choice still in its pause goes at once on the final submit (outbox.flush), and no second time after it', async () => {
    const { actor, clock, calls } = start({ send: delivered });
    actor.send(choice('q1', { answer: [0], timestamp: 1 }));
    actor.send(choice('q1', { answer: [3], timestamp: 2 }));
    actor.send({ type: 'outbox.flush' });
    await settle();
    expect(calls.map((call) => call.entry.answer)).toEqual([[3]]);
    expect(actor.getSnapshot().context.entries.q1.delivered).toBe(true);
    clock.increment(ANSWER_DEBOUNCE_MS);
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('a choice still in its pause is kept offline at once when the connection drops, and sent when it returns', async () => {
    const { actor, clock, calls, store } = start({ send: delivered });
    actor.send(choice('q1', { answer: [2], timestamp: 1 }));
    actor.send({ type: 'connection.offline' });
    await settle();
    expect(calls).toHaveLength(0);
    expect(store.read(STUDENT, EXAM).q1).toMatchObject({ answer: [2], offline: true, delivered: false });
    clock.increment(ANSWER_DEBOUNCE_MS);
    actor.send({ type: 'connection.online' });
    await settle();
    expect(calls.map((call) => call.entry.answer)).toEqual([[2]]);
  });

  it('waits for a quiet 250 ms per MCA question before sending', async () => {
    const { actor, clock, calls } = start({ send: delivered });
    const mca = (answer: (string | null)[], timestamp: number) => choice('q1', { questionType: 'MCA', optionCount: 3, answer, timestamp });
    actor.send(mca(['true', null, null], 1));
    clock.increment(200);
    actor.send(mca(['true', 'false', null], 2));
    clock.increment(200);
    await settle();
    expect(calls).toHaveLength(0);
    expect(actor.getSnapshot().context.entries.q1.count).toBe(2);
    clock.increment(50);
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0].entry.answer).toEqual(['true', 'false', null]);
  });

  it('refuses to change an answered question when only one submission is allowed', async () => {
    const { actor, answer, calls, notices } = start({ send: delivered, multipleTimesSubmission: false });
    answer(choice('q1', { answer: [1] }));
    await settle();
    answer(choice('q1', { answer: [2], timestamp: 5000 }));
    await settle();
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().context.entries.q1.answer).toEqual([1]);
    expect(notices).toEqual(['You cannot change the answer']);
  });

  it('takes no answers once closed', async () => {
    const { actor, answer, calls } = start({ send: delivered });
    actor.send({ type: 'outbox.close' });
    answer(choice('q1'));
    await settle();
    expect(calls).toHaveLength(0);
    expect(actor.getSnapshot().context.entries.q1).toBeUndefined();
  });

  it('tells which files could not be uploaded', async () => {
    const { actor, answer, notices } = start({ send: async () => ({ uploaded: [{ name: 'b.png', key: 'k', type: 'image/png' }], skipped: ['a.pdf'] }) });
    answer(choice('q1', { questionType: 'shortAns', answer: ['x'] }));
    await settle();
    expect(notices).toEqual(['Error uploading file a.pdf']);
    expect(actor.getSnapshot().context.entries.q1.extra).toEqual([{ name: 'b.png', key: 'k', type: 'image/png' }]);
  });
});

describe('answer outbox under unreliable conditions', () => {
  function deferred() {
    let resolve!: (value: SendAnswerOutput) => void;
    const promise = new Promise<SendAnswerOutput>((r) => (resolve = r));
    return { promise, resolve };
  }

  it('a change made while the previous value is in flight stays undelivered until it is sent itself', async () => {
    const first = deferred();
    let n = 0;
    const { actor, answer, calls, store } = start({ send: async () => (++n === 1 ? first.promise : { uploaded: [], skipped: [] }) });
    answer(choice('q1', { answer: [1], timestamp: 1000 }));
    await settle();
    answer(choice('q1', { answer: [2], timestamp: 2000 }));
    actor.send({ type: 'connection.offline' });
    first.resolve({ uploaded: [], skipped: [] });
    await settle();
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().context.entries.q1).toMatchObject({ answer: [2], delivered: false, offline: true, confirmed: { answer: [1], timestamp: 1000 } });
    expect(store.read(STUDENT, EXAM).q1).toMatchObject({ answer: [2], delivered: false });

    actor.send({ type: 'connection.online' });
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1].entry).toMatchObject({ answer: [2], timestamp: 2000 });
    expect(store.read(STUDENT, EXAM).q1).toMatchObject({ answer: [2], delivered: true });
  });

  it('a refusal of the value in flight keeps a newer choice made meanwhile', async () => {
    let n = 0;
    let refuseFirst!: () => void;
    const { answer, calls, store } = start({
      send: () =>
        ++n === 1 ? new Promise<SendAnswerOutput>((_, reject) => (refuseFirst = () => reject(refused(400, 'Invalid request')))) : Promise.resolve({ uploaded: [], skipped: [] }),
    });
    answer(choice('q1', { answer: [1], timestamp: 1000 }));
    await settle();
    answer(choice('q1', { answer: [2], timestamp: 2000 }));
    refuseFirst();
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1].entry).toMatchObject({ answer: [2], timestamp: 2000 });
    expect(store.read(STUDENT, EXAM).q1).toMatchObject({ answer: [2], delivered: true });
  });

  it('keeps the answer on the device when the session ended (401) so it is sent after signing in again', async () => {
    const { actor, answer, calls, store, storage } = start({ send: async () => Promise.reject(refused(401, 'Not logged in', 'notLoggedIn')) });
    answer(choice('q1', { answer: [3] }));
    await settle();
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(store.read(STUDENT, EXAM).q1).toMatchObject({ answer: [3], delivered: false });

    actor.stop();
    const again = start({ storage, send: delivered });
    await settle();
    expect(again.calls).toHaveLength(1);
    expect(again.calls[0].entry).toMatchObject({ answer: [3] });
  });

  it('a full storage drops stored file bodies but still uploads the chosen file', async () => {
    const storage = new MemoryStorage();
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key: string, value: string) => {
      if (value.length > 400) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem(key, value);
    };
    const big = { name: 'photo.jpg', type: 'image/jpeg', dataUrl: `data:image/jpeg;base64,${'A'.repeat(400)}` };
    const { answer, calls } = start({ storage, send: delivered });
    answer(choice('q1', { questionType: 'paragraph', answer: ['see photo'], files: [big] }));
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0].entry.files).toEqual([big]);
  });

  it('keeps taking and sending answers when the device storage refuses every write', async () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const { actor, answer, calls } = start({ storage, send: delivered });
    answer(choice('q1', { answer: [2] }));
    await settle();
    answer(choice('q2', { answer: [1] }));
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(calls.map((c) => c.questionId)).toEqual(['q1', 'q2']);
  });

  it("two tabs on one exam never overwrite each other's undelivered answers on the device", async () => {
    const storage = new MemoryStorage();
    const tabA = start({ storage, send: delivered, online: false });
    const tabB = start({ storage, send: delivered, online: false });
    tabA.answer(choice('q1', { answer: [1], timestamp: 1000 }));
    tabB.answer(choice('q2', { answer: [2], timestamp: 2000 }));
    await settle();
    const stored = createAnswerStore(() => storage).read(STUDENT, EXAM);
    expect(stored.q1).toMatchObject({ answer: [1], delivered: false });
    expect(stored.q2).toMatchObject({ answer: [2], delivered: false });

    // A newer answer to the same question from the other tab is not replaced by an older one.
    tabB.answer(choice('q1', { answer: [3], timestamp: 3000 }));
    tabA.answer(choice('q4', { answer: [0], timestamp: 4000 }));
    await settle();
    expect(createAnswerStore(() => storage).read(STUDENT, EXAM).q1).toMatchObject({ answer: [3], timestamp: 3000 });
  });

  it("takes over and delivers what a closed tab left undelivered, but never an older or delivered answer", async () => {
    const storage = new MemoryStorage();
    const tab = start({ storage, online: true, send: delivered });
    const closedTab = start({ storage, send: delivered, online: false });
    closedTab.answer(choice('q1', { answer: [1], timestamp: 1000 }));
    closedTab.answer(choice('q2', { answer: [2], timestamp: 2000 }));
    await settle();
    closedTab.actor.stop();
    tab.answer(choice('q2', { answer: [0], timestamp: 3000 }));
    await settle();
    expect(tab.calls.map((c) => c.questionId)).toEqual(['q2']);

    // Before submitting, the tab reads the device's storage and sends what it did not know of.
    tab.actor.send({ type: 'outbox.adopt', stored: createAnswerStore(() => storage).read(STUDENT, EXAM) });
    await settle();
    expect(tab.calls.map((c) => [c.questionId, c.entry.answer])).toEqual([['q2', [0]], ['q1', [1]]]);
    expect(tab.actor.getSnapshot().context.entries.q2).toMatchObject({ answer: [0], delivered: true });
    expect(createAnswerStore(() => storage).read(STUDENT, EXAM).q1).toMatchObject({ answer: [1], delivered: true });
  });
});

describePaths('answer outbox paths', models);
