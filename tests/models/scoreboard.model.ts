// The scoreboard path model and the fixtures its tests share.
import { scoreboardMachine } from '../../src/machines/scoreboard.machine';
import type { MeritList, MeritRow, Scoreboard, ScoreboardPage, ScoreboardRow } from '../../src/contracts/results';
import type { PathModel } from '../support/machine-paths';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });

export const row = (id: string): ScoreboardRow => ({ _id: id }) as ScoreboardRow;
export const head = { student: { _id: 's1', name: 'Student', sid: '1001', branch: null, groups: [] }, courses: [{ _id: 'c1', name: 'MBBS' }], summary: {} as ScoreboardPage['summary'], strengths: { exams: 0, subjects: [] } };
export const page = (ids: string[], lastId: string | null): ScoreboardPage => ({ ...head, examResult: ids.map(row), lastId, hasMore: lastId !== null });
export const whole = (ids: string[]): Scoreboard => ({ ...head, results: { examResult: ids.map(row) } });
export const meritRow = (position: number): MeritRow => ({ position, rank: position, isMe: false }) as MeritRow;
export const merit = (positions: number[], next: number | null): MeritList => ({ exam: {} as MeritList['exam'], total: 3, next, me: null, data: positions.map(meritRow) });
export const exam = { examId: 'e1', isPracticeExam: false, title: 'Live' };

const model: PathModel<typeof scoreboardMachine> = {
  machine: scoreboardMachine,
  // Context grows with rows: two states are the same when their state value and paging position are.
  serializeState: (s) => JSON.stringify([s.value, s.context.hasMore, s.context.merit?.next ?? null, s.context.courseId]),
  events: [
    { type: 'course.select', courseId: 'c1' },
    { type: 'rows.more' },
    { type: 'scoreboard.retry' },
    { type: 'report.print' },
    { type: 'merit.open', exam },
    { type: 'merit.more' },
    { type: 'merit.retry' },
    { type: 'merit.close' },
  ],
  outcomes: {
    loadPage: { done: [page(['a', 'b'], 'b'), page(['c'], null)], error: [networkError] },
    loadAll: { done: [whole(['a', 'b', 'c'])], error: [networkError] },
    loadMerit: { done: [merit([1, 2], 2), merit([3], null)], error: [networkError] },
  },
};

export const models = [model];
