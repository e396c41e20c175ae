// The question-and-answer forum (contracts: src/contracts/forum.ts): lists and search, a question and
// its replies, asking, replying and editing, likes, upvotes and bookmarks.
import { api } from './api';
import type { AddCommentBody, AddQuestionBody, forumContract, SearchBody, UpdateCommentBody, UpdateQuestionBody } from '../contracts/forum';
import { forumPaths } from '../contracts/paths';

type Forum = typeof forumContract;

export const forumApi = {
  courses: () => api.call<Forum['courses']>('GET', forumPaths.courses),
  groupSubjects: () => api.call<Forum['groupSubjects']>('GET', forumPaths.groupSubjects),
  search: (body: SearchBody) => api.call<Forum['search']>('POST', forumPaths.search, { body }),
  keyword: (searchString: string, courseId?: string, limit?: number) =>
    api.call<Forum['keyword']>('POST', forumPaths.keyword, { body: { searchString, ...(courseId ? { courseId } : {}), ...(limit ? { limit } : {}) } }),
  question: (id: string) => api.call<Forum['question']>('GET', forumPaths.question, { params: { id } }),
  comments: (questionId: string) => api.call<Forum['comments']>('GET', forumPaths.comments, { params: { questionId } }),
  upvotes: () => api.call<Forum['upvotes']>('GET', forumPaths.upvotes),
  bookmarks: (studentId: string) => api.call<Forum['bookmarks']>('GET', forumPaths.bookmarks, { params: { studentId } }),
  addQuestion: (body: AddQuestionBody) => api.call<Forum['addQuestion']>('POST', forumPaths.addQuestion, { body }),
  updateQuestion: (body: UpdateQuestionBody) => api.call<Forum['updateQuestion']>('PATCH', forumPaths.updateQuestion, { body }),
  addComment: (body: AddCommentBody) => api.call<Forum['addComment']>('POST', forumPaths.addComment, { body }),
  updateComment: (body: UpdateCommentBody) => api.call<Forum['updateComment']>('PATCH', forumPaths.updateComment, { body }),
  like: (studentId: string, questionId: string) => api.call<Forum['like']>('POST', forumPaths.like, { body: { studentId, questionId } }),
  upvote: (studentId: string, questionId: string, commentId: string) => api.call<Forum['upvote']>('POST', forumPaths.upvote, { body: { studentId, questionId, commentId } }),
  bookmark: (studentId: string, questionId: string) => api.call<Forum['bookmark']>('POST', forumPaths.bookmark, { body: { studentId, questionId } }),
};
