// Exam calls of the app (contracts: src/contracts/exams.ts): the exams page (courses, subjects, the
// list and the name prompt), the live exam (paper, start, answers with their files, submit) and the
// instruction flow (segmented subjects, retake).
import { api, ApiRequestError } from './api';
import { contentApi } from './content';
import { pendingToBlob, uploadFile } from './uploads';
import { readJson, STORAGE_KEYS, writeJson } from './storage';
import { startFiltersChosen, type StartFilters } from '../domain/examStartFilters';
import type { AnswerBody, AnswerValue, Attachment, examsContract, SegmentedSelection } from '../contracts/exams';
import { examsPaths } from '../contracts/paths';
import type { PendingFile } from './answerStore';

type Exams = typeof examsContract;

/** A course as the exams page's first step shows it. */
export interface ExamCourse {
  id: string;
  name: string | null;
  description: string | null;
  image: string | null;
}

/** A subject of the subject filter (a subject without a name shows as empty). */
export interface ExamSubject {
  _id: string;
  name: string;
}

/** What the exams page asks the list for. */
export interface ExamListQuery {
  courseId: string;
  isPracticeExam: boolean;
  subjectId: string;
  search: string;
  type?: 'previous' | 'upcoming';
}

/** The start filters chosen before an exam (exam_candidateCategory, exam_faculty, exam_subject); '' where none. */
function readStartFilters(): StartFilters {
  // Stored either as JSON text or as a bare string; both read as the same value.
  const read = (key: string) => {
    const value = readJson<unknown>(key, null);
    if (typeof value === 'string') return value;
    return typeof localStorage === 'undefined' ? '' : (localStorage.getItem(key) ?? '');
  };
  return {
    candidateCategory: read(STORAGE_KEYS.examCandidateCategory),
    facultyName: read(STORAGE_KEYS.examFaculty),
    subjectName: read(STORAGE_KEYS.examSubject),
  };
}

/** The start filters remembered on the device: asked once before a live exam, changeable, sent with each submit. */
export const startFiltersOnDevice = {
  /** The remembered choice, or null while any of the three is missing. */
  read: (): StartFilters | null => {
    const filters = readStartFilters();
    return startFiltersChosen(filters) ? filters : null;
  },
  write(filters: StartFilters): void {
    writeJson(STORAGE_KEYS.examCandidateCategory, filters.candidateCategory);
    writeJson(STORAGE_KEYS.examFaculty, filters.facultyName);
    writeJson(STORAGE_KEYS.examSubject, filters.subjectName);
  },
};

/** One answer as the outbox keeps it: the value, attachments, files still to upload and when it was given. */
export interface AnswerToSend {
  examId: string;
  groupId: string;
  isLive: boolean;
  questionId: string;
  /** True when the answer waited offline (sent again when the connection returned). */
  resubmit: boolean;
  entry: { answer: AnswerValue; extra: Attachment[]; files: PendingFile[]; answerIndex?: number; timestamp: number };
}

export const examsApi = {
  async courses(): Promise<ExamCourse[]> {
    const courses = await contentApi.courses();
    return courses.map((c) => ({ id: c._id, name: c.name, description: c.description, image: c.image }));
  },

  async subjects(courseId: string): Promise<ExamSubject[]> {
    const subjects = await contentApi.subjectsOfCourse(courseId, { forExam: true });
    return subjects.map((s) => ({ _id: s._id, name: s.name ?? '' }));
  },

  list: (query: ExamListQuery) =>
    api.call<Exams['list']>('GET', examsPaths.list, {
      params: { courseId: query.courseId },
      query: { isPracticeExam: query.isPracticeExam, subjectId: query.subjectId || undefined, search: query.search || undefined, type: query.type },
    }),

  namePrompt: (query: ExamListQuery) =>
    api.call<Exams['namePrompt']>('GET', examsPaths.namePrompt, {
      query: { search: query.search, courseId: query.courseId, isPracticeExam: query.isPracticeExam, subjectId: query.subjectId || undefined },
    }),

  /** The exam's details with the student's attempt; its questions only once the attempt has started. */
  paper: (examId: string, groupId: string) => api.call<Exams['paper']>('GET', examsPaths.paper, { params: { examId, groupId } }),

  start: (examId: string, groupId: string) => api.call<Exams['start']>('PATCH', examsPaths.start, { params: { examId, groupId } }),

  addAnswer: (examId: string, groupId: string, options: { isLive: boolean; offline: boolean }, body: AnswerBody) =>
    api.call<Exams['addAnswer']>('PATCH', examsPaths.addAnswer, {
      params: { examId, groupId },
      query: { isLive: options.isLive, offline: options.offline ? true : undefined },
      body,
    }),

  /**
   * Sends one answer: its files first (a refused file is skipped and reported), then the answer with
   * every attachment. Network failures propagate so the outbox keeps the answer offline.
   */
  async sendAnswer(input: AnswerToSend): Promise<{ uploaded: Attachment[]; skipped: string[] }> {
    const uploaded: Attachment[] = [];
    const skipped: string[] = [];
    for (const file of input.entry.files) {
      try {
        const stored = await uploadFile(await pendingToBlob(file), file.name);
        uploaded.push({ name: stored.name, key: stored.key, type: stored.type });
      } catch (error) {
        if (error instanceof ApiRequestError && error.network) throw error;
        skipped.push(file.name);
      }
    }
    await examsApi.addAnswer(
      input.examId,
      input.groupId,
      { isLive: input.isLive, offline: input.resubmit },
      {
        questionId: input.questionId,
        answer: input.entry.answer,
        timestamp: input.entry.timestamp,
        extra: [...input.entry.extra, ...uploaded],
        answerIndex: input.entry.answerIndex,
      },
    );
    return { uploaded, skipped };
  },

  /** The final submit, with the start filters from local storage. */
  submit: (examId: string, groupId: string) =>
    api.call<Exams['submit']>('PATCH', examsPaths.submit, { params: { examId, groupId }, body: readStartFilters() }),

  saveSegmentedSelection: (payload: SegmentedSelection & { examId: string; studentId: string; isPracticeExam: boolean }) =>
    api.call<Exams['saveSegmentedSelection']>('POST', examsPaths.saveSegmentedSelection, { body: payload }),

  segmentedSelection: (examId: string, studentId: string) =>
    api.call<Exams['segmentedSelection']>('GET', examsPaths.segmentedSelection, { params: { examId, studentId } }),

  /** The categories, and the faculties with the academy's subjects, for the exam start. */
  startChoices: () => api.call<Exams['startChoices']>('GET', examsPaths.startChoices),

  retake: (examId: string, studentId: string, groupId: string) =>
    api.call<Exams['retake']>('PATCH', examsPaths.retake, { params: { examId, studentId }, query: { groupId } }),
};
