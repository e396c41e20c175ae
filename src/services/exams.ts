// Typed calls of the Exams API (contracts: "Exams"), plus the uploads that attach files to answers.
import type { AnswerValue, PublicQuestion } from '../domain/scoring';
import type { SegmentedExamDetails, SegmentedSelection } from '../domain/segmentedSelection';
import { api, ApiRequestError } from './api';
import type { Attachment, PendingFile } from './answerStore';
import { readJson, STORAGE_KEYS } from './storage';

export interface ExamCourse {
  id: string;
  name: string;
  description: string;
  image: string | null;
}

export interface ExamSubject {
  _id: string;
  name: string;
}

export interface AssignedExam {
  _id: string;
  title: string;
  subjectId: string | null;
  subjectName: string | null;
  courseId: string;
  isPracticeExam: boolean;
  isSegmentedExam: boolean;
  instruction: string | null;
  questionCount: number;
  segmentedExamDetails: SegmentedExamDetails | null;
}

export interface ExamAssignment {
  examId: AssignedExam;
  groupId: string;
  groupName: string;
  startsAt: string;
  endsAt: string;
  duration: number;
  cutMarks: number | null;
  multipleTimesSubmission: boolean;
  studentStartsAt: string | null;
  submittedAt: string | null;
}

export interface ExamListQuery {
  courseId: string;
  isPracticeExam: boolean;
  subjectId: string;
  search: string;
  type?: 'previous' | 'upcoming';
}

export interface ServerAnswer {
  questionId: string;
  answer: AnswerValue;
  extra: Attachment[];
  answerIndex: number | null;
  timestamp: number;
}

export interface CurrentExam {
  _id: string;
  title: string;
  questions: PublicQuestion[];
  totalMarks: number;
  passMark: number;
  isPracticeExam: boolean;
  isSegmentedExam: boolean;
  studentStartsAt: string | null;
  deadlineAt: string | null;
  serverNow: string;
  courseName: string;
  courseId: string;
  groupId: string;
  startsAt: string;
  endsAt: string;
  duration: number;
  multipleTimesSubmission: boolean;
  submittedAt: string | null;
  savedAnswers: ServerAnswer[];
}

export interface ExamStart {
  studentStartsAt: string;
  deadlineAt: string;
  serverNow: string;
}

export async function loadExamCourses(): Promise<ExamCourse[]> {
  const courses = await api.get<Array<{ _id: string; name: string; description: string; image: string | null }>>('/course');
  return courses.map((c) => ({ id: c._id, name: c.name, description: c.description, image: c.image }));
}

export const loadExamSubjects = (courseId: string) =>
  api.get<ExamSubject[]>(`/subject/by-course-id/${encodeURIComponent(courseId)}`, { query: { forExam: true } });

export const loadExams = (query: ExamListQuery) =>
  api.get<ExamAssignment[]>(`/exam/by-course/${encodeURIComponent(query.courseId)}`, {
    query: { isPracticeExam: query.isPracticeExam, subjectId: query.subjectId || undefined, search: query.search || undefined, type: query.type },
  });

export const loadExamNamePrompt = (query: ExamListQuery) =>
  api.get<string>('/exam/getExamNamePrompt', {
    query: { search: query.search, courseId: query.courseId, isPracticeExam: query.isPracticeExam, subjectId: query.subjectId || undefined },
  });

export const loadCurrentExam = (examId: string, groupId: string) =>
  api.get<CurrentExam>(`/exam/id/${encodeURIComponent(examId)}/groupId/${encodeURIComponent(groupId)}`);

export const startExam = (examId: string, groupId: string) =>
  api.patch<ExamStart>(`/exam/start/${encodeURIComponent(examId)}/group-id/${encodeURIComponent(groupId)}`, {});

export const addAnswer = (
  examId: string,
  groupId: string,
  options: { isLive: boolean; offline: boolean },
  body: { questionId: string; answer: AnswerValue; timestamp: number; extra?: Attachment[]; answerIndex?: number },
) =>
  api.patch<{ questionId: string; applied: boolean; savedAt: string }>(`/exam/add-answer/${encodeURIComponent(examId)}/group/${encodeURIComponent(groupId)}`, body, {
    query: { isLive: options.isLive, offline: options.offline ? true : undefined },
  });

/** The start filters chosen before an exam (exam_candidateCategory, exam_faculty, exam_subject). */
export function readStartFilters(): { candidateCategory: string; facultyName: string; subjectName: string } {
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

export const submitExam = (examId: string, groupId: string) =>
  api.patch<{ status: string; resultId: string; isPracticeExam: boolean }>(
    `/exam/submit/${encodeURIComponent(examId)}/group/${encodeURIComponent(groupId)}`,
    readStartFilters(),
  );

export const saveSegmentedSelection = (payload: SegmentedSelection & { examId: string; studentId: string; isPracticeExam: boolean }) =>
  api.post<SegmentedSelection>('/exam/add-segmented-exam-subject', payload);

export const loadSegmentedSelection = (examId: string, studentId: string) =>
  api.get<SegmentedSelection>(`/exam/get-segmented-exam-subject/${encodeURIComponent(examId)}/${encodeURIComponent(studentId)}`);

export const retakeExam = (examId: string, studentId: string, groupId: string) =>
  api.patch<{ status: string }>(`/exam/retake/${encodeURIComponent(examId)}/student-id/${encodeURIComponent(studentId)}`, {}, { query: { groupId } });

export const reloadGroup = (groupId: string) => api.get<unknown>(`/group/${encodeURIComponent(groupId)}`);

/**
 * Uploads one file: a signed URL from the server, then a PUT of the raw bytes. A refused upload
 * throws an ApiRequestError that is not a network error, so the caller can skip the file.
 */
export async function uploadFile(file: Blob, name: string): Promise<Attachment> {
  const type = file.type || 'application/octet-stream';
  const { signedUrl, key } = await api.get<{ signedUrl: string; key: string }>('/content/signed-request', { query: { mimeType: type } });
  let response: Response;
  try {
    response = await fetch(signedUrl, { method: 'PUT', body: file, headers: { 'Content-Type': type } });
  } catch (error) {
    throw new ApiRequestError(0, 'Network error', 'network', true, (error as Error)?.message);
  }
  if (!response.ok) throw new ApiRequestError(response.status, `Error uploading file ${name}`, 'uploadFailed', false);
  return { name, key, type };
}

/** Reads a chosen file into a data URL so an offline answer keeps it across a reload. */
export function fileToPending(file: File): Promise<PendingFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, type: file.type, dataUrl: String(reader.result) });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

async function pendingToBlob(file: PendingFile): Promise<Blob> {
  const response = await fetch(file.dataUrl);
  return new Blob([await response.arrayBuffer()], { type: file.type });
}

/**
 * Sends one answer: its files first (a refused file is skipped and reported), then the answer with
 * every attachment. Network failures propagate so the outbox keeps the answer offline.
 */
export async function sendAnswer(input: {
  examId: string;
  groupId: string;
  isLive: boolean;
  questionId: string;
  resubmit: boolean;
  entry: { answer: AnswerValue; extra: Attachment[]; files: PendingFile[]; answerIndex?: number; timestamp: number };
}): Promise<{ uploaded: Attachment[]; skipped: string[] }> {
  const uploaded: Attachment[] = [];
  const skipped: string[] = [];
  for (const file of input.entry.files) {
    try {
      uploaded.push(await uploadFile(await pendingToBlob(file), file.name));
    } catch (error) {
      if (error instanceof ApiRequestError && error.network) throw error;
      skipped.push(file.name);
    }
  }
  await addAnswer(
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
}
