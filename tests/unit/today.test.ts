import { describe, expect, it } from 'vitest';
import { serverNowOf, todayItems, type WatchedVideo } from '../../src/domain/today';
import { formatComingDay } from '../../src/domain/academyTime';
import type { Today, TodayExam } from '../../src/contracts/today';
import type { StudentNotification } from '../../src/contracts/notifications';

// 10:00 am in Dhaka (UTC+6), Thursday 26 Nov 2026.
const NOW = Date.parse('2026-11-26T04:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

const exam = (examId: string, title: string, extra: Partial<TodayExam> = {}): TodayExam => ({
  examId, groupId: 'g1', title, courseId: 'c1', isPracticeExam: false, startsAt: at(-10), endsAt: at(120), deadlineAt: null, publishedAt: null, ...extra,
});
const today = (extra: Partial<Today> = {}): Today => ({ serverNow: at(0), running: [], open: [], upcoming: [], published: [], ...extra });
const answer = (id: string, isSeen = false, teacher = true): StudentNotification => ({
  isSeen,
  notificationId: { _id: `n-${id}`, type: 'notification', message: 'A teacher replied to "Why does digoxin…"', createdAt: at(-5), info: { on: 'forum', id, teacher } },
});
const video = (videoId: string, progress: number, minutesAgo: number): WatchedVideo => ({ videoId, title: `Video ${videoId}`, itemId: 'ch1', itemType: 'chapter', progress, at: NOW - minutesAgo * 60_000 });

describe('the Today strip', () => {
  it('says nothing when there is nothing to say', () => {
    expect(todayItems(null, NOW, [], [])).toEqual([]);
    expect(todayItems(today(), NOW, [answer('q1', true), answer('q2', false, false)], [video('v1', 2, 1), video('v2', 99, 1)])).toEqual([]);
  });

  it('puts an exam now first, then answers, the next exam, a video and a result, each one tap away', () => {
    const items = todayItems(
      today({
        running: [exam('e1', 'Weekly Live Test', { deadlineAt: at(42) })],
        open: [exam('e2', 'Cardiology Sprint', { endsAt: at(180) })],
        upcoming: [exam('e3', 'Grand Test', { startsAt: at(13 * 60) }), exam('e4', 'Later Test', { startsAt: at(3 * 24 * 60) })],
        published: [exam('e5', 'Anatomy Weekly', { publishedAt: at(-60) })],
      }),
      NOW,
      [answer('q1')],
      [video('v1', 40, 60), video('v2', 71, 5)],
    );
    expect(items.map((i) => [i.kind, i.title, i.detail, i.to])).toEqual([
      ['running', 'Weekly Live Test', 'Resume · 42 min left', '/live-exam/e1/g1'],
      ['open', 'Cardiology Sprint', 'Open now · ends 01:00 pm', '/exams?course=c1&exam=e2'],
      ['answer', 'Teacher answered your question', 'A teacher replied to "Why does digoxin…"', '/question-details/q1'],
      ['upcoming', 'Grand Test', 'today 11:00 pm', '/exams?course=c1&exam=e3'],
      ['video', 'Video v2', '71 %', '/videos/ch1/chapter'],
      ['published', 'Anatomy Weekly', 'Result published', '/result/e5/g1'],
    ]);
  });

  it('counts down on the server clock, drops an attempt whose time is over, and opens an exam whose start has come', () => {
    const kept = today({ running: [exam('e1', 'Weekly Live Test', { deadlineAt: at(42) })], upcoming: [exam('e3', 'Grand Test', { startsAt: at(30), endsAt: at(150) })] });
    // Kept on the phone and read 31 minutes later (offline): the server clock moved on as the device's did.
    const later = serverNowOf(kept, 1_000, 1_000 + 31 * 60_000);
    expect(later).toBe(NOW + 31 * 60_000);
    expect(todayItems(kept, later, [], []).map((i) => [i.kind, i.detail])).toEqual([
      ['running', 'Resume · 11 min left'],
      ['open', 'Open now · ends 12:30 pm'],
    ]);
    expect(todayItems(kept, NOW + 43 * 60_000, [], []).map((i) => i.kind)).toEqual(['open']);
  });

  it('names the day an open exam ends when it is not today, and leads to the exam on its tab', () => {
    const items = todayItems(
      today({ open: [exam('e2', 'Cardiology Sprint', { endsAt: at(14 * 60) }), exam('e6', 'Long Practice', { endsAt: at(9 * 24 * 60), isPracticeExam: true })] }),
      NOW,
      [],
      [],
    );
    expect(items.map((i) => [i.detail, i.to])).toEqual([
      ['Open now · ends tomorrow 12:00 am', '/exams?course=c1&exam=e2'],
      ['Open now · ends 05 Dec | 10:00 am', '/exams?course=c1&tab=practice&exam=e6'],
    ]);
  });

  it('writes a coming day from the academy calendar', () => {
    expect(formatComingDay(at(60), NOW)).toBe('today 11:00 am');
    expect(formatComingDay(at(14 * 60), NOW)).toBe('tomorrow 12:00 am');
    expect(formatComingDay(at(2 * 24 * 60), NOW)).toBe('Sat 10:00 am');
    expect(formatComingDay(at(9 * 24 * 60), NOW)).toBe('05 Dec | 10:00 am');
  });
});
