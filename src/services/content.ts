// Content calls of the app (contracts: src/contracts/content.ts): courses, subjects, items, their
// videos and notes, batches, completion, stream tokens and DRM licences.
import { api } from './api';
import type { CompletionTarget, contentContract } from '../contracts/content';
import { contentPaths, type ItemType } from '../contracts/paths';

type Content = typeof contentContract;

export const contentApi = {
  courses: () => api.call<Content['courses']>('GET', contentPaths.courses),
  coursesWithChapters: () => api.call<Content['coursesWithChapters']>('GET', contentPaths.coursesWithChapters),
  coursesOfStudent: (studentId: string) => api.call<Content['coursesOfStudent']>('GET', contentPaths.coursesOfStudent, { params: { studentId } }),
  /** The subjects of a course; for the exam filters (forExam) only those the student's batches have exams of. */
  subjectsOfCourse: (courseId: string, options: { forExam: boolean } = { forExam: false }) =>
    api.call<Content['subjectsOfCourse']>('GET', contentPaths.subjectsOfCourse, { params: { courseId }, query: { forExam: options.forExam } }),
  subject: (subjectId: string) => api.call<Content['subject']>('GET', contentPaths.subject, { params: { subjectId } }),
  itemsOfSubject: (type: ItemType, subjectId: string) =>
    api.call<Content['itemsOfSubject']>('GET', contentPaths.itemsOfSubject, { params: { type, id: subjectId } }),
  itemContent: (type: ItemType, itemId: string) => api.call<Content['itemContent']>('GET', contentPaths.itemContent, { params: { type, itemId } }),
  /** The note's bytes with the student's session, so the browser can save it under the note's title. */
  noteFile: (contentId: string, signal?: AbortSignal) => api.file<Content['noteFile']>(contentPaths.noteFile, { params: { contentId }, signal }),
  group: (groupId: string) => api.call<Content['group']>('GET', contentPaths.group, { params: { id: groupId } }),
  subjectCompletion: (courseId: string) => api.call<Content['subjectCompletion']>('GET', contentPaths.subjectCompletion, { params: { courseId } }),
  markComplete: ({ contentId, courseId, subjectId, type }: CompletionTarget) =>
    api.call<Content['markComplete']>('PATCH', contentPaths.markComplete, { params: { contentId }, body: { courseId, subjectId, type } }),
  streamToken: (key: string) => api.call<Content['streamToken']>('POST', contentPaths.streamToken, { body: { key } }),
  drmAuth: (userId: string, contentId: string, platform: string) =>
    api.call<Content['drmAuth']>('POST', contentPaths.drmAuth, { body: { userId, contentId, platform } }),
};
