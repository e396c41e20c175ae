// The exam fixture with results: a finished live exam of two batches with written answers awaiting
// marking and a tie in the making, a teacher, more students, and a run of practice results for paging.
import { CLASSMATE, COURSE, GROUP, OTHER_COURSE, OTHER_GROUP, OUTSIDER, STUDENT, examBundle } from './exams-fixture.js';

export const THIRD = 'd10000000000000000000004';
export const FOURTH = 'd10000000000000000000005';
export const TEACHER = 'de0000000000000000000001';
export const FINISHED = 'f10000000000000000000010';
export const OTHER_COURSE_GROUP = 'a10000000000000000000003';

const q = (exam: number, n: number) => `f2${exam.toString(16).padStart(4, '0')}${n.toString(16).padStart(18, '0')}`;
/** Questions of the finished live exam: 2 marks MCQ, 2 marks MCQ, 3 marks short answer, 5 marks paragraph. */
export const FINISHED_Q = { mcq1: q(16, 1), mcq2: q(16, 2), shortAns: q(16, 3), paragraph: q(16, 4) };
/** Practice exams each with one submission of the student, for scoreboard paging. */
export const DRILLS = Array.from({ length: 7 }, (_, i) => `f100000000000000000000${(32 + i).toString(16)}`);
export const FINISHED_ASSIGNMENT = 'fa0000000000000000000001';
export const FINISHED_OTHER_ASSIGNMENT = 'fa0000000000000000000002';

const secret = (n: number) => ({ explanation: `SECRET-EXPLANATION-R${n}`, explanationExt: [`SECRET-EXT-R${n}`], notes: `SECRET-NOTES-R${n}` });

function submission(studentId: string, groupId: string, answers: { questionId: string; answer: (string | number)[] }[], extra: { faculty?: string; category?: string; submittedAt?: string } = {}) {
  return {
    examId: FINISHED,
    groupId,
    studentId,
    startedAt: 'now-3h50m',
    submittedAt: extra.submittedAt ?? 'now-3h30m',
    candidateCategory: extra.category ?? 'Govt.',
    faculty: extra.faculty ?? 'Medicine',
    subjectName: 'No Subject',
    answers,
  };
}

export function resultsBundle() {
  const base = examBundle();
  return {
    ...base,
    staff: [{ id: TEACHER, name: 'Dr. Marker', username: 'marker@academy.test', role: 'teacher', password: 'marker-pass-2026', courseIds: [COURSE, OTHER_COURSE] }],
    groups: [...base.groups, { id: OTHER_COURSE_GROUP, name: 'Other Course Batch', courseId: OTHER_COURSE, items: 'all' }],
    students: [
      ...base.students.map((s) => (s.id === STUDENT ? { ...s, groups: [GROUP, OTHER_COURSE_GROUP], HSCGPA: 5, SSCGPA: 4 } : s)),
      { id: THIRD, name: 'Student Four', sid: 'T-4', phone: '01900000004', groups: [GROUP] },
      { id: FOURTH, name: 'Student Five', sid: 'T-5', phone: '01900000005', groups: [GROUP] },
    ],
    exams: [
      ...base.exams,
      {
        id: FINISHED,
        title: 'Finished Cardiology Grand Test',
        courseId: COURSE,
        passMark: 50,
        negativeMark: 0.5,
        questions: [
          { id: FINISHED_Q.mcq1, type: 'MCQ', title: 'Pick A', point: 2, options: ['A', 'B', 'C'], answer: [0], ...secret(1) },
          { id: FINISHED_Q.mcq2, type: 'MCQ', title: 'Pick B', point: 2, options: ['A', 'B', 'C'], answer: [1], ...secret(2) },
          { id: FINISHED_Q.shortAns, type: 'shortAns', title: 'Name the valve', point: 3, answer: ['SECRET-MODEL-ANSWER'], ...secret(3) },
          { id: FINISHED_Q.paragraph, type: 'paragraph', title: 'Describe the cardiac cycle', point: 5, ...secret(4) },
        ],
        assignments: [
          { id: FINISHED_ASSIGNMENT, groupId: GROUP, startsAt: 'now-4h', endsAt: 'now-3h', duration: 40 },
          { id: FINISHED_OTHER_ASSIGNMENT, groupId: OTHER_GROUP, startsAt: 'now-4h', endsAt: 'now-3h', duration: 40 },
        ],
      },
      ...DRILLS.map((id, i) => ({
        id,
        title: `Drill ${i + 1}`,
        courseId: i < 5 ? COURSE : OTHER_COURSE,
        isPracticeExam: true,
        passMark: 50,
        questions: [{ id: q(32 + i, 1), type: 'MCQ', title: `Drill question ${i + 1}`, point: 1, options: ['A', 'B'], answer: [0], ...secret(100 + i) }],
        assignments: [{ groupId: i < 5 ? GROUP : OTHER_COURSE_GROUP, startsAt: 'now-10d', endsAt: 'now+10d', duration: 10 }],
      })),
    ],
    submissions: [
      // Before marking: STUDENT 4 - 0.5 = 3.5, CLASSMATE 2, THIRD 2 - 0.5 = 1.5 + marks to come, FOURTH 0.
      submission(STUDENT, GROUP, [
        { questionId: FINISHED_Q.mcq1, answer: [0] },
        { questionId: FINISHED_Q.mcq2, answer: [1] },
        { questionId: FINISHED_Q.shortAns, answer: ['Mitral'] },
        { questionId: FINISHED_Q.paragraph, answer: ['Systole then diastole.'] },
      ]),
      submission(CLASSMATE, GROUP, [
        { questionId: FINISHED_Q.mcq1, answer: [0] },
        { questionId: FINISHED_Q.shortAns, answer: ['Aortic'] },
      ], { faculty: 'Surgery' }),
      submission(THIRD, GROUP, [
        { questionId: FINISHED_Q.mcq1, answer: [0] },
        { questionId: FINISHED_Q.mcq2, answer: [2] },
        { questionId: FINISHED_Q.paragraph, answer: ['Blood flows.'] },
      ], { category: 'Non-Govt.' }),
      submission(FOURTH, GROUP, [{ questionId: FINISHED_Q.mcq1, answer: [2] }], { submittedAt: 'now-3h20m' }),
      submission(OUTSIDER, OTHER_GROUP, [{ questionId: FINISHED_Q.mcq1, answer: [0] }]),
      // Drills 1 and 2 share the same moment, so paging must fall back on the result id.
      ...DRILLS.map((examId, i) => ({
        examId,
        groupId: i < 5 ? GROUP : OTHER_COURSE_GROUP,
        studentId: STUDENT,
        startedAt: i === 1 ? 'now-9d1h' : `now-${9 - i}d1h`,
        submittedAt: i === 1 ? 'now-9d' : `now-${9 - i}d`,
        answers: [{ questionId: q(32 + i, 1), answer: [i % 2] }],
      })),
    ],
  };
}
