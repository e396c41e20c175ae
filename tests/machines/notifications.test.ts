import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { notificationTarget } from '../../src/domain/notificationTarget';
import { notificationsMachine, type NotificationsEmitted, type NotificationsEvent } from '../../src/machines/notifications.machine';
import type { StudentNotification } from '../../src/contracts/notifications';
import { describePaths } from '../support/machine-paths';
import { EXAM, LECTURE, LIVE, NOTICE, UNSEEN_NOTICE, models } from '../models/notifications.model';

describePaths('notifications machine paths', models);

interface Fakes {
  load?: () => Promise<StudentNotification[]>;
  markSeen?: (id: string) => Promise<unknown>;
  markAllSeen?: () => Promise<unknown>;
}

function startFeed(fakes: Fakes = {}) {
  const calls = { load: 0, seen: [] as string[], deleted: [] as string[], allSeen: 0 };
  let push: (event: NotificationsEvent) => void = () => {};
  const navigations: NotificationsEmitted[] = [];
  const actor = createActor(
    notificationsMachine.provide({
      actors: {
        loadNotifications: fromPromise(() => {
          calls.load += 1;
          return (fakes.load ?? (async () => [LECTURE, EXAM, NOTICE, UNSEEN_NOTICE]))();
        }),
        markSeen: fromPromise(({ input }) => {
          calls.seen.push(input.id);
          return (fakes.markSeen ?? (async () => ({})))(input.id);
        }),
        markAllSeen: fromPromise(() => {
          calls.allSeen += 1;
          return (fakes.markAllSeen ?? (async () => ({})))();
        }),
        deleteNotification: fromPromise(async ({ input }) => {
          calls.deleted.push(input.id);
          return {};
        }),
        listenForNotifications: fromCallback<NotificationsEvent>(({ sendBack }) => {
          push = sendBack;
          return () => {
            push = () => {};
          };
        }),
      },
    }),
    { clock: new SimulatedClock() },
  );
  actor.on('notifications.navigate', (event) => navigations.push(event));
  actor.start();
  return { actor, calls, navigations, push: (notification: StudentNotification) => push({ type: 'notifications.received', notification }) };
}

const ids = (list: StudentNotification[]) => list.map((n) => n.notificationId._id);

async function readyFeed(fakes: Fakes = {}) {
  const feed = startFeed(fakes);
  await waitFor(feed.actor, (s) => s.matches({ feed: 'ready' }));
  return feed;
}

describe('notifications behaviour', () => {
  it('loads the list as soon as it starts (the session starts it at sign-in), then counts the unread ones', async () => {
    const { actor, calls } = startFeed();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(calls.load).toBe(1);
    await waitFor(actor, (s) => s.matches({ feed: 'ready' }));
    expect(actor.getSnapshot().context.unread).toBe(3);
  });

  it('puts a live notification at the top and counts it, but ignores one whose id is already listed', async () => {
    const { actor, push } = await readyFeed();
    push(LIVE);
    expect(ids(actor.getSnapshot().context.notifications)[0]).toBe(LIVE.notificationId._id);
    expect(actor.getSnapshot().context.unread).toBe(4);
    push({ ...LIVE, notificationId: { ...LIVE.notificationId, message: 'again' } });
    push(NOTICE);
    expect(actor.getSnapshot().context.notifications).toHaveLength(5);
    expect(actor.getSnapshot().context.notifications[0]!.notificationId.message).toBe(LIVE.notificationId.message);
    expect(actor.getSnapshot().context.unread).toBe(4);
  });

  it('keeps a live notification that arrived while the list was loading on top of it', async () => {
    let release: (list: StudentNotification[]) => void = () => {};
    const { actor, push } = startFeed({ load: () => new Promise((resolve) => (release = resolve)) });
    push(LIVE);
    push(LECTURE);
    release([LECTURE, NOTICE]);
    await waitFor(actor, (s) => s.matches({ feed: 'ready' }));
    expect(ids(actor.getSnapshot().context.notifications)).toEqual([LIVE, LECTURE, NOTICE].map((n) => n.notificationId._id));
    expect(actor.getSnapshot().context.unread).toBe(2);
  });

  it('opening the drawer marks nothing seen', async () => {
    const { actor, calls } = await readyFeed();
    actor.send({ type: 'notifications.open' });
    expect(actor.getSnapshot().matches({ drawer: 'open' })).toBe(true);
    expect(actor.getSnapshot().context.unread).toBe(3);
    expect(calls.seen).toEqual([]);
  });

  it('a click on an unseen lecture marks it seen, tells the server, closes the drawer and opens its videos', async () => {
    const { actor, calls, navigations } = await readyFeed();
    actor.send({ type: 'notifications.open' });
    actor.send({ type: 'notifications.click', id: LECTURE.notificationId._id });
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.unread).toBe(2);
    expect(snapshot.context.notifications.find((n) => n.notificationId._id === LECTURE.notificationId._id)!.isSeen).toBe(true);
    expect(calls.seen).toEqual([LECTURE.notificationId._id]);
    expect(navigations).toEqual([{ type: 'notifications.navigate', to: '/videos/1e0000000000000000000001/lecture' }]);
    expect(snapshot.matches({ drawer: 'closed' })).toBe(true);
    // Seen already: a second click only opens the page again.
    actor.send({ type: 'notifications.click', id: LECTURE.notificationId._id });
    expect(calls.seen).toHaveLength(1);
    expect(navigations).toHaveLength(2);
  });

  it('an exam notification opens the list of its exam kind in the address (practice, or previous live exams for a result)', async () => {
    const { actor, navigations } = await readyFeed();
    actor.send({ type: 'notifications.click', id: EXAM.notificationId._id });
    expect(navigations).toEqual([{ type: 'notifications.navigate', to: '/exams?tab=practice' }]);
  });

  it('a notice without a target is only marked seen and the drawer stays open', async () => {
    const { actor, calls, navigations } = await readyFeed();
    actor.send({ type: 'notifications.open' });
    actor.send({ type: 'notifications.click', id: UNSEEN_NOTICE.notificationId._id });
    expect(calls.seen).toEqual([UNSEEN_NOTICE.notificationId._id]);
    expect(navigations).toEqual([]);
    expect(actor.getSnapshot().matches({ drawer: 'open' })).toBe(true);
    expect(actor.getSnapshot().context.unread).toBe(2);
  });

  it('deletes one from the list and on the server; an unknown id is refused', async () => {
    const { actor, calls } = await readyFeed();
    expect(actor.getSnapshot().can({ type: 'notifications.delete', id: 'ffffffffffffffffffffffff' })).toBe(false);
    actor.send({ type: 'notifications.delete', id: EXAM.notificationId._id });
    expect(ids(actor.getSnapshot().context.notifications)).not.toContain(EXAM.notificationId._id);
    expect(actor.getSnapshot().context.unread).toBe(2);
    expect(calls.deleted).toEqual([EXAM.notificationId._id]);
  });

  it('marks all read at once, here and on the server, and only while some are unread', async () => {
    const { actor, calls, navigations } = await readyFeed();
    expect(actor.getSnapshot().context.unread).toBe(3);
    actor.send({ type: 'notifications.markAllSeen' });
    expect(actor.getSnapshot().context.unread).toBe(0);
    expect(actor.getSnapshot().context.notifications.every((n) => n.isSeen)).toBe(true);
    expect(calls.allSeen).toBe(1);
    expect(navigations).toEqual([]);
    // Nothing unread: nothing to send.
    expect(actor.getSnapshot().can({ type: 'notifications.markAllSeen' })).toBe(false);
    actor.send({ type: 'notifications.markAllSeen' });
    expect(calls.allSeen).toBe(1);
  });

  it('loads the list again when marking all read fails on the server', async () => {
    const { actor, calls } = await readyFeed({
      markAllSeen: async () => {
        throw new Error('Network error');
      },
    });
    actor.send({ type: 'notifications.markAllSeen' });
    expect(actor.getSnapshot().context.unread).toBe(0);
    await waitFor(actor, (s) => calls.load === 2 && s.matches({ feed: 'ready' }));
    expect(actor.getSnapshot().context.unread).toBe(3);
  });

  it('loads the list again when marking seen fails on the server', async () => {
    const { actor, calls } = await readyFeed({
      load: async () => [LECTURE, NOTICE],
      markSeen: async () => {
        throw new Error('Network error');
      },
    });
    actor.send({ type: 'notifications.click', id: LECTURE.notificationId._id });
    expect(actor.getSnapshot().context.unread).toBe(0);
    await waitFor(actor, (s) => calls.load === 2 && s.matches({ feed: 'ready' }));
    expect(actor.getSnapshot().context.unread).toBe(1);
    // The failed call is gone: clicking again asks the server again.
    actor.send({ type: 'notifications.click', id: LECTURE.notificationId._id });
    expect(calls.seen).toEqual([LECTURE.notificationId._id, LECTURE.notificationId._id]);
    await waitFor(actor, (s) => calls.load === 3 && s.matches({ feed: 'ready' }));
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('fails with the reason, and retries on retry or when the drawer opens', async () => {
    let attempt = 0;
    const { actor, calls } = startFeed({
      load: async () => {
        attempt += 1;
        if (attempt < 3) throw Object.assign(new Error('[GET] "/api/x": <no response> Failed to fetch'), { status: 0, network: true });
        return [LECTURE];
      },
    });
    await waitFor(actor, (s) => s.matches({ feed: 'failed' }));
    expect(actor.getSnapshot().context.error).toBe('Please check your internet connection then try again.');
    actor.send({ type: 'notifications.retry' });
    await waitFor(actor, (s) => calls.load === 2 && s.matches({ feed: 'failed' }));
    actor.send({ type: 'notifications.open' });
    await waitFor(actor, (s) => s.matches({ feed: 'ready' }));
    expect(calls.load).toBe(3);
    expect(actor.getSnapshot().context).toMatchObject({ error: null, unread: 1 });
  });
});

describe('where a notification leads', () => {
  it('follows the route table', () => {
    expect(notificationTarget({ on: 'lecture', id: 'a' })).toEqual({ to: '/videos/a/lecture' });
    expect(notificationTarget({ on: 'chapter', id: 'b' })).toEqual({ to: '/videos/b/chapter' });
    expect(notificationTarget({ on: 'question-solve', id: 'c' })).toEqual({ to: '/videos/c/question-solve' });
    expect(notificationTarget({ on: 'forum', id: 'd' })).toEqual({ to: '/question-details/d' });
    expect(notificationTarget({ on: 'exam', id: 'e', isPracticeExam: false, examResultId: 'r' })).toEqual({ to: '/exams?type=previous' });
    expect(notificationTarget({ on: 'exam', id: 'e', courseId: 'c1', isPracticeExam: false, examResultId: 'r' })).toEqual({ to: '/exams?course=c1&type=previous' });
    expect(notificationTarget({ on: 'exam', id: 'e', courseId: 'c1', isPracticeExam: true })).toEqual({ to: '/exams?course=c1&tab=practice' });
    expect(notificationTarget({ on: 'exam', id: 'e', courseId: 'c1' })).toEqual({ to: '/exams?course=c1' });
    expect(notificationTarget({ on: 'exam', id: 'e', courseId: 'c1', isPracticeExam: false, reminder: true })).toEqual({ to: '/exams?course=c1&exam=e' });
    expect(notificationTarget({ on: 'result', id: 'e', groupId: 'g' })).toEqual({ to: '/result/e/g' });
    expect(notificationTarget({ on: 'result', id: 'e' })).toBeNull();
    expect(notificationTarget({})).toBeNull();
    expect(notificationTarget(undefined)).toBeNull();
    expect(notificationTarget({ on: 'lecture' })).toBeNull();
  });
});
