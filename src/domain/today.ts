// The Today strip's lines, from what the phone holds: the server's last Today answer (exams running,
// open, next, results just published), the student's notifications (a teacher's answer not seen yet) and
// the videos watched part-way on this phone. Pure: the clock is given. Each line is one tap away.
import type { Today, TodayExam } from '../contracts/today';
import type { StudentNotification } from '../contracts/notifications';
import { examAddress } from './examPlace';
import { formatClockTime, formatComingDay } from './academyTime';
import { remainingMs, resumeWords, toMs } from './examTiming';

/** A video watched part-way on this phone. */
export interface WatchedVideo {
  videoId: string;
  title: string;
  /** The chapter, lecture or question-solve item it belongs to, and the item's type. */
  itemId: string;
  itemType: 'chapter' | 'lecture' | 'question-solve';
  /** Furthest point watched, 0-100. */
  progress: number;
  /** Device time it was last watched (ms). */
  at: number;
}

export type TodayKind = 'running' | 'open' | 'upcoming' | 'video' | 'answer' | 'published';

export interface TodayItem {
  key: string;
  kind: TodayKind;
  /** What it is: the exam's title, the video's, "Teacher answered your question". */
  title: string;
  /** The line beside it: "Resume · 42 min left", "tomorrow 11:00 pm", "71 %". */
  detail: string;
  /** Where the tap leads. */
  to: string;
}

/** A video counts as part-way between these (below: barely begun; above: watched). */
const WATCHING_RANGE = { from: 5, to: 95 } as const;
/** How many videos the strip offers to continue. */
const VIDEOS_SHOWN = 1;

/** Whole minutes left (rounded up, as the exam card counts them) of an attempt whose time is not over. */
const minutesLeft = (deadlineAt: string, serverNowMs: number) => Math.ceil(remainingMs(toMs(deadlineAt), serverNowMs) / 60_000);

/** The server's clock now, from the answer's serverNow and the device time it arrived. */
export const serverNowOf = (today: Today, receivedAt: number, deviceNow: number): number => toMs(today.serverNow) + (deviceNow - receivedAt);

/** An open exam's line: when it ends, with its day when that is not today ('ends tomorrow 08:23 am', 'ends 03 Dec | 10:00 am'). */
function openWords(e: TodayExam, serverNow: number): string {
  const day = formatComingDay(e.endsAt, serverNow);
  return `Open now · ends ${day.startsWith('today ') ? formatClockTime(e.endsAt) : day}`;
}

function examItems(today: Today, serverNow: number): TodayItem[] {
  const exam = (kind: TodayKind, e: TodayExam, detail: string, to: string): TodayItem => ({ key: `${kind}:${e.examId}:${e.groupId}`, kind, title: e.title, detail, to });
  return [
    // A running attempt whose time is over on the server's clock is no longer offered.
    ...today.running
      .filter((e) => e.deadlineAt && toMs(e.deadlineAt) > serverNow)
      .map((e) => exam('running', e, resumeWords(minutesLeft(e.deadlineAt!, serverNow)), `/live-exam/${e.examId}/${e.groupId}`)),
    ...today.open.filter((e) => toMs(e.endsAt) > serverNow).map((e) => exam('open', e, openWords(e, serverNow), examAddress(e))),
    ...today.upcoming.map((e) =>
      toMs(e.startsAt) > serverNow ? exam('upcoming', e, formatComingDay(e.startsAt, serverNow), examAddress(e)) : exam('open', e, openWords(e, serverNow), examAddress(e)),
    ),
    ...today.published.map((e) => exam('published', e, 'Result published', `/result/${e.examId}/${e.groupId}`)),
  ];
}

function answerItems(notifications: readonly StudentNotification[]): TodayItem[] {
  return notifications
    .filter((n) => !n.isSeen && n.notificationId.info.on === 'forum' && n.notificationId.info.teacher && n.notificationId.info.id)
    .slice(0, 2)
    .map((n) => ({ key: `answer:${n.notificationId._id}`, kind: 'answer', title: 'Teacher answered your question', detail: n.notificationId.message, to: `/question-details/${n.notificationId.info.id}` }));
}

function videoItems(watched: readonly WatchedVideo[]): TodayItem[] {
  return [...watched]
    .filter((v) => v.progress >= WATCHING_RANGE.from && v.progress <= WATCHING_RANGE.to)
    .sort((a, b) => b.at - a.at)
    .slice(0, VIDEOS_SHOWN)
    .map((v) => ({ key: `video:${v.videoId}`, kind: 'video', title: v.title, detail: `${v.progress} %`, to: `/videos/${v.itemId}/${v.itemType}` }));
}

/** The strip's lines in the order a student needs them: an exam now, answers, the next exam, a video, a result. */
export function todayItems(today: Today | null, serverNow: number, notifications: readonly StudentNotification[], watched: readonly WatchedVideo[]): TodayItem[] {
  const exams = today ? examItems(today, serverNow) : [];
  const now = exams.filter((i) => i.kind === 'running' || i.kind === 'open');
  return [
    ...now,
    ...answerItems(notifications),
    ...exams.filter((i) => i.kind === 'upcoming').slice(0, 1),
    ...videoItems(watched),
    ...exams.filter((i) => i.kind === 'published'),
  ];
}
