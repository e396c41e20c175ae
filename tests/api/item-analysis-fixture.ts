// The item analysis fixture: the results fixture plus a finished live exam of all five question types
// that twelve students of the batch sat, and a practice drill with one submission.
import { COURSE, GROUP, STUDENT } from './exams-fixture.js';
import { resultsBundle } from './results-fixture.js';
import type { Call } from '../support/api-calls.js';
import { staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

export const ANALYSED = 'f10000000000000000000a01';
export const ANALYSED_ASSIGNMENT = 'fa0000000000000000000a01';
export const DRILL_ASSIGNMENT = 'fa0000000000000000000a02';
const DRILL = 'f10000000000000000000a02';
export const Q = { mcq: 'f20000000000000000000a01', box: 'f20000000000000000000a02', mca: 'f20000000000000000000a03', short: 'f20000000000000000000a04', essay: 'f20000000000000000000a05' };
const PUPILS = Array.from({ length: 12 }, (_, i) => `d2000000000000000000000${i.toString(16)}`);

// Twelve students sit a finished live exam (no negative marking):
//   MCQ (2 marks, key A): students 0-5 choose A, 6-11 choose B.
//   checkbox (1 mark, key A+B): 0-2 choose A+C, 3-5 choose A+B, 6-11 leave it.
//   MCA (1 mark, key [true, false]): 0-7 answer [true, false], 8-11 [false, true].
//   short answer (2 marks): 0 and 1 answer (marked 2 each). Paragraph (2 marks): 0 answers (marked 1).
// Totals: 0: 6, 1: 5, 3-5: 4, 2: 3, 6-7: 1, 8-11: 0. Groups of round(0.27 x 12) = 3: upper 0, 1 and one
// of 3-5; lower three of 8-11.
export function itemAnalysisBundle() {
  const base = resultsBundle();
  const answersOf = (i: number) => [
    { questionId: Q.mcq, answer: [i < 6 ? 0 : 1] },
    ...(i < 6 ? [{ questionId: Q.box, answer: i < 3 ? [0, 2] : [0, 1] }] : []),
    { questionId: Q.mca, answer: i < 8 ? ['true', 'false'] : ['false', 'true'] },
    ...(i < 2 ? [{ questionId: Q.short, answer: ['Mitral'] }] : []),
    ...(i === 0 ? [{ questionId: Q.essay, answer: ['Systole then diastole.'] }] : []),
  ];
  return {
    ...base,
    students: [...base.students, ...PUPILS.map((id, i) => ({ id, name: `Pupil ${i}`, sid: `P-${i}`, phone: `0171000${String(i).padStart(4, '0')}`, groups: [GROUP] }))],
    exams: [
      ...base.exams,
      {
        id: ANALYSED,
        title: 'Analysed Grand Test',
        courseId: COURSE,
        passMark: 50,
        negativeMark: 0,
        questions: [
          { id: Q.mcq, type: 'MCQ', title: '<p>Which valve?</p>', point: 2, options: ['Mitral', 'Aortic', 'Tricuspid'], answer: [0] },
          { id: Q.box, type: 'checkbox', title: 'Pick the two', point: 1, options: ['One', 'Two', 'Three'], answer: [0, 1] },
          { id: Q.mca, type: 'MCA', title: 'True or false', point: 1, options: ['First', 'Second'], answer: ['true', 'false'] },
          { id: Q.short, type: 'shortAns', title: 'Name it', point: 2, answer: ['Mitral'] },
          { id: Q.essay, type: 'paragraph', title: 'Describe it', point: 2 },
        ],
        assignments: [{ id: ANALYSED_ASSIGNMENT, groupId: GROUP, startsAt: 'now-4h', endsAt: 'now-3h', duration: 40 }],
      },
      {
        id: DRILL,
        title: 'Small Drill',
        courseId: COURSE,
        isPracticeExam: true,
        passMark: 50,
        questions: [{ id: 'f20000000000000000000a06', type: 'MCQ', title: 'Drill', point: 1, options: ['A', 'B'], answer: [0] }],
        assignments: [{ id: DRILL_ASSIGNMENT, groupId: GROUP, startsAt: 'now-10d', endsAt: 'now+10d', duration: 10 }],
      },
    ],
    submissions: [
      ...base.submissions,
      ...PUPILS.map((studentId, i) => ({ examId: ANALYSED, groupId: GROUP, studentId, startedAt: 'now-3h50m', submittedAt: 'now-3h30m', answers: answersOf(i) })),
      { examId: DRILL, groupId: GROUP, studentId: STUDENT, startedAt: 'now-1d1h', submittedAt: 'now-1d', answers: [{ questionId: 'f20000000000000000000a06', answer: [0] }] },
    ],
  };
}

/** Marks the analysed exam's written answers (short answers 2, the paragraph 1) and publishes its results. */
export async function markAndPublishAnalysed(call: Call, teacher: string): Promise<void> {
  const expectOk = (reply: { status: number; raw: string }, what: string) => {
    if (reply.status !== 200) throw new Error(`${what}: ${reply.status} ${reply.raw}`);
  };
  const queue = await call('GET', `${apiPath(staffPaths.gradingQueue, { assignmentId: ANALYSED_ASSIGNMENT })}?status=pending`, teacher);
  expectOk(queue, 'the grading queue');
  if (queue.body.data.answers.length !== 3) throw new Error(`3 written answers expected, ${queue.body.data.answers.length} found`);
  for (const answer of queue.body.data.answers) {
    const marks = answer.questionId === Q.short ? 2 : 1;
    expectOk(await call('PATCH', apiPath(staffPaths.markAnswer, { attemptId: answer.attemptId, questionId: answer.questionId }), teacher, { marks }), 'a mark');
  }
  expectOk(await call('POST', apiPath(staffPaths.publish, { assignmentId: ANALYSED_ASSIGNMENT }), teacher), 'the publication');
}
