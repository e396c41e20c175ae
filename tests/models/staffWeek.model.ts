// The teacher desk's week: its path model and the fixtures its tests share.
import { staffWeekMachine } from '../../src/machines/staffWeek.machine';
import type { ScheduleEntry, StaffSchedule } from '../../src/contracts/staffSchedule';
import type { PathModel } from '../support/machine-paths';
import { assignment, expired, failure } from './staffDesk.model';

export const THIS_WEEK = '2026-11-23';

export const running = (started: number, submitted: number): ScheduleEntry => ({
  _id: assignment._id,
  exam: assignment.exam,
  groupId: assignment.groupId,
  groupName: assignment.groupName,
  startsAt: '2026-11-26T04:00:00.000Z',
  endsAt: '2026-11-26T06:00:00.000Z',
  publishableAt: '2026-11-26T06:01:00.000Z',
  publishedAt: null,
  state: 'running',
  started,
  submitted,
  unmarkedAnswers: 0,
  challenges: 0,
});

export const week = (weekOf: string, assignments: ScheduleEntry[]): StaffSchedule => ({
  weekOf,
  startsAt: `${weekOf}T00:00:00.000Z`,
  endsAt: `${weekOf}T00:00:00.000Z`,
  now: '2026-11-26T05:00:00.000Z',
  assignments,
});

export const offline = Object.assign(new Error('Network error'), { network: true, status: 0 });

export const models: PathModel<typeof staffWeekMachine>[] = [
  {
    machine: staffWeekMachine,
    input: { thisWeek: THIS_WEEK },
    // Which week is on screen does not change what can happen next: weeks would make the graph endless.
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.schedule?.assignments.length ?? null, snapshot.context.stale, snapshot.context.problem?.title ?? null]),
    events: [
      { type: 'week.previous' },
      { type: 'week.next' },
      { type: 'week.current' },
      { type: 'week.retry' },
      { type: 'week.activity', examId: assignment.exam._id, groupId: assignment.groupId },
      { type: 'week.activity', examId: 'other-exam', groupId: assignment.groupId },
    ],
    outcomes: {
      loadWeek: { done: [week(THIS_WEEK, [running(3, 1)]), week(THIS_WEEK, [])], error: [offline, failure(403, 'You do not teach this course.'), expired] },
    },
  },
];
