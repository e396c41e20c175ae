// A small academy for the exam API suites: one course, two batches, and exams in every state.
export const COURSE = 'c10000000000000000000001';
export const OTHER_COURSE = 'c10000000000000000000002';
export const ANATOMY = 'b10000000000000000000001';
export const PHYSIOLOGY = 'b10000000000000000000002';
export const BIOCHEMISTRY = 'b10000000000000000000003';
export const PHARMACOLOGY = 'b10000000000000000000004';
export const GROUP = 'a10000000000000000000001';
export const OTHER_GROUP = 'a10000000000000000000002';
export const STUDENT = 'd10000000000000000000001';
export const CLASSMATE = 'd10000000000000000000002';
export const OUTSIDER = 'd10000000000000000000003';

export const LIVE = 'f10000000000000000000001';
export const UPCOMING = 'f10000000000000000000002';
export const ENDED = 'f10000000000000000000003';
export const PRACTICE = 'f10000000000000000000004';
export const SEGMENTED = 'f10000000000000000000005';
export const OTHER_BATCH_EXAM = 'f10000000000000000000006';
export const SEGMENTED_PRACTICE = 'f10000000000000000000007';

const q = (exam: number, n: number) => `f2${exam.toString(16).padStart(4, '0')}${n.toString(16).padStart(18, '0')}`;
export const LIVE_Q = { mcq: q(1, 1), checkbox: q(1, 2), mca: q(1, 3), shortAns: q(1, 4), paragraph: q(1, 5), imageMcq: q(1, 6) };
export const PRACTICE_Q = { mcq: q(4, 1), mca: q(4, 2) };

/** Strings that exist only in answer keys, explanations and notes: none may reach a student before submitting. */
export const SECRETS = ['SECRET-EXPLANATION', 'SECRET-EXT', 'SECRET-NOTES', 'SECRET-MODEL-ANSWER'];

const secretBits = (n: number) => ({ explanation: `SECRET-EXPLANATION-${n}`, explanationExt: [`SECRET-EXT-${n}`], notes: `SECRET-NOTES-${n}` });

const segmentedQuestions = (exam: number) =>
  [ANATOMY, PHYSIOLOGY, BIOCHEMISTRY, PHARMACOLOGY].flatMap((subjectId, s) =>
    [0, 1, 2].map((i) => ({
      id: q(exam, s * 3 + i + 1),
      type: 'MCQ' as const,
      title: `Subject ${s + 1} question ${i + 1}`,
      point: 1,
      options: ['A', 'B', 'C', 'D'],
      answer: [i % 4],
      subjectId,
      ...secretBits(100 + s * 3 + i),
    })),
  );

export const segmentedDetails = {
  mandatorySubjects: [{ subjectId: ANATOMY, count: 2 }],
  compulsoryOptionalSubjects: [
    { subjectId: PHYSIOLOGY, count: 2 },
    { subjectId: BIOCHEMISTRY, count: 1 },
  ],
  optionalSubjects: [{ subjectId: PHARMACOLOGY, count: 1 }],
  totalSubjects: 3,
  totalQuestions: 5,
  minimumCompulsoryOptionalSubjects: 1,
};

export function examBundle() {
  return {
    courses: [
      {
        id: COURSE,
        name: 'Test Course',
        subjects: [
          { id: ANATOMY, name: 'Anatomy' },
          { id: PHYSIOLOGY, name: 'Physiology' },
          { id: BIOCHEMISTRY, name: 'Biochemistry' },
          { id: PHARMACOLOGY, name: 'Pharmacology' },
        ],
      },
      { id: OTHER_COURSE, name: 'Other Course', subjects: [] },
    ],
    groups: [
      { id: GROUP, name: 'Morning Batch', courseId: COURSE, items: 'all' },
      { id: OTHER_GROUP, name: 'Evening Batch', courseId: COURSE, items: 'all' },
    ],
    students: [
      { id: STUDENT, name: 'Student One', sid: 'T-1', phone: '01900000001', groups: [GROUP] },
      { id: CLASSMATE, name: 'Student Two', sid: 'T-2', phone: '01900000002', groups: [GROUP] },
      { id: OUTSIDER, name: 'Student Three', sid: 'T-3', phone: '01900000003', groups: [OTHER_GROUP] },
    ],
    exams: [
      {
        id: LIVE,
        title: 'Live Cardiology Test',
        courseId: COURSE,
        subjectId: PHYSIOLOGY,
        passMark: 40,
        negativeMark: 0.5,
        questions: [
          { id: LIVE_Q.mcq, type: 'MCQ', title: 'Pick C', point: 2, options: ['A', 'B', 'C', 'D'], answer: [2], ...secretBits(1) },
          { id: LIVE_Q.checkbox, type: 'checkbox', title: 'Pick A and D', point: 3, options: ['A', 'B', 'C', 'D'], answer: [0, 3], ...secretBits(2) },
          {
            id: LIVE_Q.mca,
            type: 'MCA',
            title: 'True or false',
            point: 1,
            options: ['1', '2', '3', '4', '5'],
            answer: ['true', 'false', 'true', 'true', 'false'],
            ...secretBits(3),
          },
          { id: LIVE_Q.shortAns, type: 'shortAns', title: 'Name it', point: 2, answer: ['SECRET-MODEL-ANSWER'], ...secretBits(4) },
          { id: LIVE_Q.paragraph, type: 'paragraph', title: 'Describe it', point: 5, ...secretBits(5) },
          {
            id: LIVE_Q.imageMcq,
            type: 'MCQ',
            title: 'Pick the kidney',
            point: 1,
            options: ['/api/media/exam/heart.png', '/api/media/exam/kidney.png'],
            optionType: { '0': 'image', '1': 'image' },
            answer: [1],
            image: ['/api/media/exam/ecg-strip.png'],
            file: ['/api/media/exam/case-sheet.pdf'],
            ...secretBits(6),
          },
        ],
        assignments: [{ groupId: GROUP, startsAt: 'now-10m', endsAt: 'now+2h', duration: 30, multipleTimesSubmission: false }],
      },
      {
        id: UPCOMING,
        title: 'Upcoming Anatomy Test',
        courseId: COURSE,
        subjectId: ANATOMY,
        passMark: 50,
        questions: [{ id: q(2, 1), type: 'MCQ', title: 'Upcoming question', point: 1, options: ['A', 'B'], answer: [0], ...secretBits(7) }],
        assignments: [{ groupId: GROUP, startsAt: 'now+1h', endsAt: 'now+3h', duration: 30 }],
      },
      {
        id: ENDED,
        title: 'Ended Biochemistry Test',
        courseId: COURSE,
        subjectId: BIOCHEMISTRY,
        passMark: 50,
        questions: [{ id: q(3, 1), type: 'MCQ', title: 'Old question', point: 1, options: ['A', 'B'], answer: [0], ...secretBits(8) }],
        assignments: [{ groupId: GROUP, startsAt: 'now-3h', endsAt: 'now-1h', duration: 30 }],
      },
      {
        id: PRACTICE,
        title: 'Practice Pharmacology Drill',
        courseId: COURSE,
        subjectId: PHARMACOLOGY,
        isPracticeExam: true,
        passMark: 50,
        questions: [
          { id: PRACTICE_Q.mcq, type: 'MCQ', title: 'Pick B', point: 1, options: ['A', 'B', 'C'], answer: [1], ...secretBits(9) },
          { id: PRACTICE_Q.mca, type: 'MCA', title: 'Two statements', point: 1, options: ['x', 'y'], answer: ['true', 'false'], ...secretBits(10) },
        ],
        assignments: [{ groupId: GROUP, startsAt: 'now-1d', endsAt: 'now+1h', duration: 2, multipleTimesSubmission: true }],
      },
      {
        id: SEGMENTED,
        title: 'Segmented Basic Sciences',
        courseId: COURSE,
        isSegmentedExam: true,
        passMark: 40,
        segmentedExamDetails: segmentedDetails,
        questions: segmentedQuestions(5),
        assignments: [{ groupId: GROUP, startsAt: 'now-10m', endsAt: 'now+2h', duration: 30, multipleTimesSubmission: true }],
      },
      {
        id: OTHER_BATCH_EXAM,
        title: 'Evening Batch Test',
        courseId: COURSE,
        subjectId: ANATOMY,
        passMark: 50,
        questions: [{ id: q(6, 1), type: 'MCQ', title: 'Evening question', point: 1, options: ['A', 'B'], answer: [0], ...secretBits(11) }],
        assignments: [{ groupId: OTHER_GROUP, startsAt: 'now-10m', endsAt: 'now+2h', duration: 30 }],
      },
      {
        id: SEGMENTED_PRACTICE,
        title: 'Segmented Practice',
        courseId: COURSE,
        isSegmentedExam: true,
        isPracticeExam: true,
        passMark: 40,
        segmentedExamDetails: segmentedDetails,
        questions: segmentedQuestions(7),
        assignments: [{ groupId: GROUP, startsAt: 'now-1d', endsAt: 'now+1d', duration: 30, multipleTimesSubmission: true }],
      },
    ],
  };
}
