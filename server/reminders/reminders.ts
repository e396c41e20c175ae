// Reminders as durable jobs of the one jobs table (kind `reminder`, docs/decisions.md, "Reminders by push
// and SMS"). An exam schedule's two reminders (30 minutes before, at the opening) are jobs that wait for
// their hour (`run_at`), made when an exam is imported or moved and cancelled when it is moved or removed
// (`topic`: the schedule). The other kinds (a result published, a teacher's answer, a challenge decided)
// are a job each, at once or at the end of the quiet hours. A job claims each student's delivery once
// (reminder_deliveries) before it sends: a job run again after its runner died, or a second job of the
// same event, never reminds anyone twice, whichever process runs it.
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';
import { cancelWaiting, insertJob, jobsOfTopic } from '../jobs/queries.js';
import type { JobHandler, RunningJob } from '../jobs/runner.js';
import type { SmsTransport } from '../account/sms.js';
import { afterQuietHours, EXAM_SOON_MINUTES, examReminderMessage, type QuietHours, type ReminderKind } from '../../src/domain/reminders.js';
import { notificationTarget } from '../../src/domain/notificationTarget.js';
import type { NotificationBody, NotificationInfo, StudentNotification } from '../../src/contracts/notifications.js';
import { toMs } from '../../src/domain/examTiming.js';
import {
  claimDeliveries, dropSubscription, liveSchedule, notStarted, phonesOf, schedulesOfExams, smsSentSince, subscriptionById, subscriptionsOf, turnedOff,
  type StoredSubscription,
} from './queries.js';
import { sendPush, type PushMessage, type PushOptions, type VapidKeys } from './push.js';

/** What reminders need of the server: a small dependency object, never the Fastify app. */
export interface ReminderDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  academyName: string;
  quietHours: QuietHours;
  smsReminders: { enabled: boolean; perDay: number };
  /** The academy's VAPID keys (configured, or the development's kept pair). */
  keys: () => Promise<VapidKeys>;
  sms: SmsTransport;
  /** Tells a student's open tabs of a new notification. */
  live: (studentId: string, notification: StudentNotification) => void;
  /** Tells this process's runner that a job waits (the other processes look every few seconds). */
  wake: () => void;
  log: { warn: (details: object, message: string) => void };
}

/** A notification already in these students' lists, to be pushed to their devices with the same words. */
export interface Notice {
  notificationId: string;
  message: string;
  info: NotificationInfo;
  studentIds: string[];
}

export type ReminderJob =
  | { type: 'exam'; event: 'soon' | 'open'; assignmentId: string; startsAt: string }
  | { type: 'notices'; kind: Exclude<ReminderKind, 'exams'>; notices: Notice[] }
  | { type: 'retry'; attempt: number; options: PushOptions; items: { subscriptionId: string; message: PushMessage }[] };

/** Pushes in flight at once from one runner. */
const PUSHES_AT_ONCE = 64;
/** Students claimed per transaction: the claims, the bell's links, then their pushes. */
const CLAIM_SLICE = 500;
/** Waits before a push the service did not take is tried again (then it is given up). */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000];

const topicOf = (assignmentId: string) => `exam:${assignmentId}`;

/** The reminders an exam schedule should have at `now`: each event whose time has not come. */
function wantedReminders(startsAt: string, now: Date): { event: 'soon' | 'open'; runAt: Date }[] {
  const opens = toMs(startsAt);
  return [
    { event: 'soon' as const, runAt: new Date(opens - EXAM_SOON_MINUTES * 60_000) },
    { event: 'open' as const, runAt: new Date(opens) },
  ].filter((r) => r.runAt.getTime() > now.getTime());
}

/**
 * Makes the waiting reminders of these exams' schedules agree with the calendar: a schedule on it gets
 * its two reminders (those still to come), a moved one loses the reminders of its old time and gets
 * those of the new, a removed one (or a removed exam's) loses its waiting reminders. Run after every
 * import that wrote exams; running it again changes nothing.
 */
export async function syncExamReminders(deps: Pick<ReminderDeps, 'db' | 'clock'>, examIds: string[], removedSchedules: string[] = []): Promise<{ made: number; cancelled: number }> {
  const { db } = deps;
  const now = deps.clock.now();
  let made = 0;
  let cancelled = 0;
  const schedules = await schedulesOfExams(db, examIds);
  const known = new Set(schedules.map((s) => s.id));
  for (const id of removedSchedules) if (!known.has(id)) schedules.push({ id, starts_at: '', live: false });
  for (const schedule of schedules) {
    const topic = topicOf(schedule.id);
    const wanted = schedule.live ? wantedReminders(schedule.starts_at, now) : [];
    const existing = await jobsOfTopic(db, 'reminder', topic);
    const keyOf = (payload: ReminderJob) => (payload.type === 'exam' ? `${payload.event}@${toMs(payload.startsAt)}` : '');
    const have = new Map(existing.map((job) => [keyOf(JSON.parse(job.payload) as ReminderJob), job]));
    const keep = new Set(wanted.map((w) => `${w.event}@${toMs(schedule.starts_at)}`));
    const stale = existing.filter((job) => job.state === 'queued' && !keep.has(keyOf(JSON.parse(job.payload) as ReminderJob))).map((job) => job.id);
    cancelled += await cancelWaiting(db, 'reminder', topic, now, stale);
    for (const w of wanted) {
      if (have.has(`${w.event}@${toMs(schedule.starts_at)}`)) continue;
      const payload: ReminderJob = { type: 'exam', event: w.event, assignmentId: schedule.id, startsAt: schedule.starts_at };
      await insertJob(db, { id: newId(), kind: 'reminder', payload: JSON.stringify(payload), input: null, staffId: null, now, runAt: w.runAt, topic });
      made += 1;
    }
  }
  return { made, cancelled };
}

/**
 * Queues the pushes of notifications already in the students' lists (a result, a teacher's answer, a
 * challenge decided): at once, or at the end of the quiet hours when they fall in them.
 */
export async function queueNotices(deps: ReminderDeps, kind: Exclude<ReminderKind, 'exams'>, notices: Notice[]): Promise<void> {
  if (!notices.length) return;
  const now = deps.clock.now();
  const runAt = afterQuietHours(now, deps.quietHours);
  const payload: ReminderJob = { type: 'notices', kind, notices };
  await insertJob(deps.db, { id: newId(), kind: 'reminder', payload: JSON.stringify(payload), input: null, staffId: null, now, runAt: runAt.getTime() > now.getTime() ? runAt : null });
  deps.wake();
}

/** The bell's notification of an exam reminder: one per schedule and event, its id made from them. */
function examNotification(event: string, message: string, info: NotificationInfo, at: string): NotificationBody {
  const id = createHash('sha256').update(event).digest('hex').slice(0, 24);
  return { _id: id, type: 'notification', message, createdAt: at, info };
}

export interface ReminderOutcome {
  students: number;
  pushed: number;
  removed: number;
  retrying: number;
  sms: number;
  skipped?: string;
}

export function reminderJobHandler(deps: ReminderDeps): JobHandler {
  return {
    gaveUp: 'The reminder could not be sent: its runners stopped three times.',
    run: async (running) => {
      const job = JSON.parse(running.job.payload) as ReminderJob;
      if (job.type === 'exam') return remindOfExam(deps, running, job);
      if (job.type === 'notices') return pushNotices(deps, running, job);
      return retryPushes(deps, running, job);
    },
  };
}

async function remindOfExam(deps: ReminderDeps, running: RunningJob, job: Extract<ReminderJob, { type: 'exam' }>): Promise<ReminderOutcome> {
  const { db } = deps;
  const outcome: ReminderOutcome = { students: 0, pushed: 0, removed: 0, retrying: 0, sms: 0 };
  const schedule = await liveSchedule(db, job.assignmentId);
  // Moved or removed since it was queued (its new reminders are other jobs).
  if (!schedule || toMs(schedule.starts_at) !== toMs(job.startsAt)) return { ...outcome, skipped: 'The exam was moved or removed.' };
  const candidates = await notStarted(db, schedule.exam_id, schedule.group_id);
  const off = await turnedOff(db, 'exams', candidates);
  const students = candidates.filter((id) => !off.has(id));
  const event = `exam-${job.event}:${schedule.id}@${toMs(schedule.starts_at)}`;
  const message = examReminderMessage(job.event, schedule.title);
  const info: NotificationInfo = { on: 'exam', id: schedule.exam_id, courseId: schedule.course_id, isPracticeExam: false, reminder: true, title: schedule.title };
  const at = deps.clock.now().toISOString();
  const notification = examNotification(event, message, info, at);
  const push: PushMessage = { title: deps.academyName, body: message, url: notificationTarget(info)!.to, tag: `exam:${schedule.id}`, notificationId: notification._id };
  const options: PushOptions = { ttl: job.event === 'soon' ? EXAM_SOON_MINUTES * 60 : 3600, urgency: 'high' };
  let smsLeft = deps.smsReminders.enabled ? Math.max(0, deps.smsReminders.perDay - (await smsSentSince(db, new Date(deps.clock.now().getTime() - 86_400_000).toISOString()))) : 0;
  const keys = await deps.keys();
  const retries: Extract<ReminderJob, { type: 'retry' }>['items'] = [];
  for (let i = 0; i < students.length && !running.signal.aborted; i += CLAIM_SLICE) {
    const slice = students.slice(i, i + CLAIM_SLICE);
    const devices = group(await subscriptionsOf(db, slice));
    const channels = slice.map((id) => {
      if (devices.has(id)) return { id, channel: 'push' as const };
      if (smsLeft > 0) {
        smsLeft -= 1;
        return { id, channel: 'sms' as const };
      }
      return { id, channel: 'none' as const };
    });
    const claimed = new Set(await claimDeliveries(db, event, channels, at, notification));
    outcome.students += claimed.size;
    const live: StudentNotification = { notificationId: notification, isSeen: false };
    for (const id of claimed) deps.live(id, live);
    const sent = await pushEach(deps, [...claimed].flatMap((id) => (devices.get(id) ?? []).map((subscription) => ({ subscription, message: push }))), keys, options, retries, running.signal);
    outcome.pushed += sent.pushed;
    outcome.removed += sent.removed;
    const bySms = channels.filter((c) => c.channel === 'sms' && claimed.has(c.id)).map((c) => c.id);
    outcome.sms += await textEach(deps, bySms, message);
    running.progress({ students: outcome.students, of: students.length });
  }
  outcome.retrying = await queueRetries(deps, retries, options, 1);
  return outcome;
}

async function pushNotices(deps: ReminderDeps, running: RunningJob, job: Extract<ReminderJob, { type: 'notices' }>): Promise<ReminderOutcome> {
  const outcome: ReminderOutcome = { students: 0, pushed: 0, removed: 0, retrying: 0, sms: 0 };
  const options: PushOptions = { ttl: 86_400, urgency: 'normal' };
  const keys = await deps.keys();
  const retries: Extract<ReminderJob, { type: 'retry' }>['items'] = [];
  const at = deps.clock.now().toISOString();
  for (const notice of job.notices) {
    const off = await turnedOff(deps.db, job.kind, notice.studentIds);
    const students = notice.studentIds.filter((id) => !off.has(id));
    const message: PushMessage = {
      title: deps.academyName, body: notice.message, url: notificationTarget(notice.info)?.to ?? '/', tag: `${notice.info.on ?? 'notice'}:${notice.info.id ?? notice.notificationId}`, notificationId: notice.notificationId,
    };
    for (let i = 0; i < students.length && !running.signal.aborted; i += CLAIM_SLICE) {
      const slice = students.slice(i, i + CLAIM_SLICE);
      const devices = group(await subscriptionsOf(deps.db, slice));
      const claimed = await claimDeliveries(deps.db, `job:${running.job.id}:${notice.notificationId}`, slice.map((id) => ({ id, channel: devices.has(id) ? 'push' : 'none' })), at, null);
      outcome.students += claimed.length;
      const sent = await pushEach(deps, claimed.flatMap((id) => (devices.get(id) ?? []).map((subscription) => ({ subscription, message }))), keys, options, retries, running.signal);
      outcome.pushed += sent.pushed;
      outcome.removed += sent.removed;
    }
  }
  outcome.retrying = await queueRetries(deps, retries, options, 1);
  return outcome;
}

async function retryPushes(deps: ReminderDeps, running: RunningJob, job: Extract<ReminderJob, { type: 'retry' }>): Promise<ReminderOutcome> {
  const outcome: ReminderOutcome = { students: 0, pushed: 0, removed: 0, retrying: 0, sms: 0 };
  const keys = await deps.keys();
  const targets: { subscription: StoredSubscription; message: PushMessage }[] = [];
  for (const item of job.items) {
    // A device removed meanwhile (unsubscribed, or gone) is not tried again.
    const subscription = await subscriptionById(deps.db, item.subscriptionId);
    if (subscription) targets.push({ subscription, message: item.message });
  }
  const retries: typeof job.items = [];
  const sent = await pushEach(deps, targets, keys, job.options, retries, running.signal);
  outcome.students = targets.length;
  outcome.pushed = sent.pushed;
  outcome.removed = sent.removed;
  outcome.retrying = await queueRetries(deps, retries, job.options, job.attempt + 1);
  return outcome;
}

/** Pushes not taken are tried again after a growing wait; after the last, given up (and logged). */
async function queueRetries(deps: ReminderDeps, items: Extract<ReminderJob, { type: 'retry' }>['items'], options: PushOptions, attempt: number): Promise<number> {
  if (!items.length) return 0;
  const delay = RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) {
    deps.log.warn({ pushes: items.length }, 'pushes given up after their last retry');
    return 0;
  }
  const now = deps.clock.now();
  const payload: ReminderJob = { type: 'retry', attempt, options, items };
  await insertJob(deps.db, { id: newId(), kind: 'reminder', payload: JSON.stringify(payload), input: null, staffId: null, now, runAt: new Date(now.getTime() + delay) });
  return items.length;
}

function group(subscriptions: StoredSubscription[]): Map<string, StoredSubscription[]> {
  const out = new Map<string, StoredSubscription[]>();
  for (const s of subscriptions) out.set(s.student_id, [...(out.get(s.student_id) ?? []), s]);
  return out;
}

/** Hands every push to its service, PUSHES_AT_ONCE at a time: devices gone are removed, others' failures kept for a retry. */
async function pushEach(
  deps: ReminderDeps,
  targets: { subscription: StoredSubscription; message: PushMessage }[],
  keys: VapidKeys,
  options: PushOptions,
  retries: { subscriptionId: string; message: PushMessage }[],
  signal: AbortSignal,
): Promise<{ pushed: number; removed: number }> {
  let next = 0;
  let pushed = 0;
  let removed = 0;
  const worker = async () => {
    while (next < targets.length && !signal.aborted) {
      const { subscription, message } = targets[next++]!;
      const result = await sendPush(subscription, message, keys, options);
      if (result.outcome === 'sent') pushed += 1;
      else if (result.outcome === 'gone') {
        await dropSubscription(deps.db, subscription.id);
        removed += 1;
      } else retries.push({ subscriptionId: subscription.id, message });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSHES_AT_ONCE, targets.length) }, worker));
  return { pushed, removed };
}

/** Exam reminders by SMS; a gateway's refusal is logged and the reminder stays in the app. */
async function textEach(deps: ReminderDeps, studentIds: string[], text: string): Promise<number> {
  if (!studentIds.length) return 0;
  const phones = await phonesOf(deps.db, studentIds);
  let sent = 0;
  for (const id of studentIds) {
    const phone = phones.get(id);
    if (!phone) continue;
    try {
      await deps.sms.sendText({ phone, text: `${deps.academyName}: ${text}`, at: deps.clock.now() });
      sent += 1;
    } catch (error) {
      deps.log.warn({ err: error }, 'an exam reminder by SMS was not sent');
    }
  }
  return sent;
}
