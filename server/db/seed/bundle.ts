// The academy bundle: the JSON shape staff import with `npm run academy -- import <file|dir>`.
// Times are ISO-8601 or relative to the import moment: "now", "now+90m", "now-2d", "now+1h30m".
import { Type, type Static } from '@sinclair/typebox';
import { LOCAL_PHONE } from '../../../src/domain/phone.js';
import { VideoKind } from '../../../src/contracts/content.js';
import { QuestionType } from '../../../src/contracts/exams.js';
import { NotificationInfo, NotificationType } from '../../../src/contracts/notifications.js';
import { FACULTY_NAMES } from '../../../src/domain/examStartFilters.js';

const Id = Type.String({ pattern: '^[0-9a-f]{24}$', description: '24 hex characters' });
const Time = Type.String({ pattern: '^(now([+-](\\d+[dhms])+)?|\\d{4}-\\d{2}-\\d{2}T[0-9:.]+Z)$' });
const Phone = Type.String({ pattern: LOCAL_PHONE.source, description: '11-digit mobile number starting 01' });
const Text = Type.String({ minLength: 1, maxLength: 20_000 });
const Opt = <T extends import('@sinclair/typebox').TSchema>(t: T) => Type.Optional(t);

export const ContentSchema = Type.Object(
  {
    id: Id,
    type: Type.Union([Type.Literal('video'), Type.Literal('file')]),
    title: Text,
    url: Opt(Type.String()),
    key: Opt(Type.String()),
    thumbnail: Opt(Type.String()),
    videoKind: Opt(VideoKind),
    isPublished: Opt(Type.Boolean()),
    isVOD: Opt(Type.Boolean()),
    isAvailable: Opt(Type.Boolean()),
    isDrmEnabled: Opt(Type.String()),
    drmType: Opt(Type.String()),
    /** ClearKey pairs for protected streams the server licenses itself. */
    drmKeys: Opt(Type.Array(Type.Object({ keyId: Type.String({ pattern: '^[0-9a-f]{32}$' }), key: Type.String({ pattern: '^[0-9a-f]{32}$' }) }))),
    createdAt: Opt(Time),
  },
  { additionalProperties: false },
);

export const ItemSchema = Type.Object(
  { id: Id, name: Text, description: Opt(Type.String()), contents: Opt(Type.Array(ContentSchema)) },
  { additionalProperties: false },
);

export const SubjectSchema = Type.Object(
  {
    id: Id,
    name: Opt(Type.String()),
    image: Opt(Type.String()),
    chapters: Opt(Type.Array(ItemSchema)),
    lectures: Opt(Type.Array(ItemSchema)),
    questionSolves: Opt(Type.Array(ItemSchema)),
  },
  { additionalProperties: false },
);

export const CourseSchema = Type.Object(
  { id: Id, name: Opt(Type.String()), description: Opt(Type.String()), image: Opt(Type.String()), subjects: Opt(Type.Array(SubjectSchema)) },
  { additionalProperties: false },
);

export const GroupSchema = Type.Object(
  {
    id: Id,
    name: Text,
    courseId: Id,
    /** Item ids the group may reach, or "all" for every item of its course. */
    items: Type.Union([Type.Literal('all'), Type.Array(Id)]),
  },
  { additionalProperties: false },
);

export const StudentSchema = Type.Object(
  {
    /** Optional: a student without one is matched by phone, or gets a new id. */
    id: Opt(Id),
    name: Text,
    sid: Text,
    phone: Phone,
    password: Opt(Type.String({ minLength: 6 })),
    contact: Opt(Type.String()),
    session: Opt(Type.String()),
    branch: Opt(Type.Object({ name: Type.String(), division: Type.String() }, { additionalProperties: false })),
    SSCGPA: Opt(Type.Number({ minimum: 0, maximum: 5 })),
    HSCGPA: Opt(Type.Number({ minimum: 0, maximum: 5 })),
    groups: Opt(Type.Array(Id)),
  },
  { additionalProperties: false },
);

export const StaffSchema = Type.Object(
  {
    id: Id, name: Text, username: Text, role: Type.Union([Type.Literal('teacher'), Type.Literal('admin')]), password: Type.String({ minLength: 8 }),
    /** The courses a teacher teaches (marking, publishing, forum replies); admins act on every course. */
    courseIds: Opt(Type.Array(Id, { uniqueItems: true })),
  },
  { additionalProperties: false },
);

const SubjectCount = Type.Object({ subjectId: Id, count: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

export const QuestionSchema = Type.Object(
  {
    id: Id,
    type: QuestionType,
    title: Text,
    point: Type.Number({ minimum: 0 }),
    options: Opt(Type.Array(Type.String(), { maxItems: 11 })),
    /** option index -> 'image' where the option text is an image address */
    optionType: Opt(Type.Record(Type.String({ pattern: '^\\d+$' }), Type.Literal('image'))),
    /** MCQ: [index]; checkbox: [indexes]; MCA: one 'true'|'false' per option; shortAns/paragraph: model answer text or [] */
    answer: Opt(Type.Array(Type.Union([Type.Number(), Type.String()]))),
    image: Opt(Type.Array(Type.String())),
    file: Opt(Type.Array(Type.String())),
    explanation: Opt(Type.String()),
    explanationExt: Opt(Type.Array(Type.String())),
    notes: Opt(Type.String()),
    subjectId: Opt(Id),
    /** The question's chapter (a chapter of its subject, or of the exam's when it has none): where its result's "Study" link leads. */
    chapterId: Opt(Id),
  },
  { additionalProperties: false },
);

export const AssignmentSchema = Type.Object(
  {
    id: Opt(Id),
    groupId: Id,
    startsAt: Time,
    endsAt: Time,
    duration: Type.Integer({ minimum: 1, maximum: 24 * 60 }),
    cutMarks: Opt(Type.Number()),
    multipleTimesSubmission: Opt(Type.Boolean()),
    resultPublished: Opt(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ExamSchema = Type.Object(
  {
    id: Id,
    title: Text,
    courseId: Id,
    subjectId: Opt(Id),
    isPracticeExam: Opt(Type.Boolean()),
    isSegmentedExam: Opt(Type.Boolean()),
    instruction: Opt(Type.String()),
    passMark: Type.Number({ minimum: 0, maximum: 100 }),
    negativeMark: Opt(Type.Number({ minimum: 0 })),
    /** Hours a live exam's answer-key challenge window stays open after publication (else CHALLENGE_WINDOW_HOURS). */
    challengeHours: Opt(Type.Integer({ minimum: 1, maximum: 720 })),
    segmentedExamDetails: Opt(
      Type.Object(
        {
          mandatorySubjects: Type.Array(SubjectCount),
          compulsoryOptionalSubjects: Type.Array(SubjectCount),
          optionalSubjects: Type.Array(SubjectCount),
          totalSubjects: Type.Integer({ minimum: 1 }),
          totalQuestions: Type.Integer({ minimum: 1 }),
          minimumCompulsoryOptionalSubjects: Type.Integer({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
    ),
    gpaFactor: Opt(Type.Object({ hsc: Type.Number(), ssc: Type.Number() }, { additionalProperties: false })),
    questions: Type.Array(QuestionSchema, { minItems: 1 }),
    assignments: Opt(Type.Array(AssignmentSchema)),
  },
  { additionalProperties: false },
);

const MediaSchema = Type.Object({ mediaType: Type.String(), mediaUrl: Type.String() }, { additionalProperties: false });

export const ForumQuestionSchema = Type.Object(
  {
    id: Id,
    studentId: Id,
    courseId: Id,
    subjectId: Id,
    chapterId: Id,
    questionDescription: Text,
    media: Opt(Type.Array(MediaSchema)),
    status: Opt(Type.String()),
    createdAt: Opt(Time),
    comments: Opt(
      Type.Array(
        Type.Object(
          {
            id: Id,
            userId: Id,
            userType: Type.Union([Type.Literal('Admin'), Type.Literal('Student')]),
            reply: Text,
            media: Opt(Type.Array(MediaSchema)),
            createdAt: Opt(Time),
          },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

export const NotificationSchema = Type.Object(
  {
    id: Id,
    type: NotificationType,
    message: Text,
    info: Opt(NotificationInfo),
    createdAt: Opt(Time),
    studentIds: Type.Array(Id),
    seenBy: Opt(Type.Array(Id)),
  },
  { additionalProperties: false },
);

/** A finished attempt of a past exam, imported with its answers and scored on import. */
export const SubmissionSchema = Type.Object(
  {
    examId: Id,
    groupId: Id,
    studentId: Id,
    startedAt: Time,
    submittedAt: Time,
    candidateCategory: Opt(Type.String()),
    faculty: Opt(Type.String()),
    subjectName: Opt(Type.String()),
    answers: Type.Array(
      Type.Object({ questionId: Id, answer: Type.Array(Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null()])) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

/** A faculty of the spec with its subjects (the exam start's choices; 'No Subject' is always added). */
export const FacultySchema = Type.Object(
  { name: Type.Union(FACULTY_NAMES.map((name) => Type.Literal(name))), subjects: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 500 }) },
  { additionalProperties: false },
);

/**
 * Removing is explicit, never implied by absence: one entry per thing to remove. exam, question, item
 * (chapter, lecture or question-solve item) and content take `id`; assignment takes `examId` and
 * `groupId`; membership takes `groupId` and `studentId` or `phone`.
 */
export const RemovalSchema = Type.Object(
  {
    kind: Type.Union(['exam', 'question', 'item', 'content', 'assignment', 'membership'].map((k) => Type.Literal(k))),
    id: Opt(Id),
    examId: Opt(Id),
    groupId: Opt(Id),
    studentId: Opt(Id),
    phone: Opt(Phone),
  },
  { additionalProperties: false },
);

export const BundleSchema = Type.Object(
  {
    staff: Opt(Type.Array(StaffSchema)),
    courses: Opt(Type.Array(CourseSchema)),
    groups: Opt(Type.Array(GroupSchema)),
    students: Opt(Type.Array(StudentSchema)),
    exams: Opt(Type.Array(ExamSchema)),
    forum: Opt(Type.Array(ForumQuestionSchema)),
    notifications: Opt(Type.Array(NotificationSchema)),
    submissions: Opt(Type.Array(SubmissionSchema)),
    faculties: Opt(Type.Array(FacultySchema)),
    remove: Opt(Type.Array(RemovalSchema)),
  },
  { additionalProperties: false },
);

export type Bundle = Static<typeof BundleSchema>;
export type Removal = Static<typeof RemovalSchema>;
