// The question-and-answer forum (spec section 7, Forum): questions of the courses, subjects and
// chapters a student's batches reach, replies, likes, upvotes and bookmarks, search and suggestions.
// Every id a body or path names for the student (studentId, userId) must be the signed-in student's.
// Text is text: nothing here is HTML. Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { BoundedInteger, Data, failures, Id, IdParams, Nullable, type RouteContract } from './common';
import { forumPaths } from './paths';
import { MAX_ATTACHMENTS, QUESTION_MAX_CHARS } from './limits';

/** An attachment of a question or reply: one of the author's own stored files (mediaUrl /api/media/files/{key}). */
export const ForumMedia = Type.Object({ mediaType: Type.String({ maxLength: 100 }), mediaUrl: Type.String({ maxLength: 200 }) }, { additionalProperties: false });
export type ForumMedia = Static<typeof ForumMedia>;

/** The most files a question or a reply carries. */
const MediaList = Type.Array(ForumMedia, { maxItems: MAX_ATTACHMENTS });
/** The longest text of a question or a reply, in characters. */
const Details = Type.String({ maxLength: QUESTION_MAX_CHARS });

export const ForumSort = Type.Union([
  Type.Literal('None'), Type.Literal('Date'), Type.Literal('Popularity'), Type.Literal('My Questions'), Type.Literal('My Bookmarks'), Type.Literal(''),
]);

export const ForumQuestion = Type.Object({
  _id: Type.String(),
  /** The asker; name null when the student no longer exists (shown as Guest). */
  studentId: Type.Object({ _id: Type.String(), name: Nullable(Type.String()) }),
  questionDescription: Type.String(),
  courseId: Type.String(),
  subjectId: Type.String(),
  chapterId: Type.String(),
  media: Type.Array(ForumMedia),
  /** OPEN or COMPLETED. */
  status: Type.String(),
  /** Number of replies (above 0 shows the 'solved' icon). */
  answers: Type.Number(),
  likes: Type.Number(),
  isLiked: Type.Boolean(),
  isBookmarked: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  lastActivityAt: Type.String(),
});
export type ForumQuestion = Static<typeof ForumQuestion>;

export const ForumComment = Type.Object({
  _id: Type.String(),
  questionId: Type.String(),
  /** The author: a student (name null when gone: Guest) or, for userType Admin, a teacher named 'Teacher'. */
  userId: Type.Object({ _id: Type.String(), name: Nullable(Type.String()) }),
  userType: Type.Union([Type.Literal('Admin'), Type.Literal('Student')]),
  reply: Type.String(),
  media: Type.Array(ForumMedia),
  upvotes: Type.Number(),
  isUpvoted: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** A teacher's reply: the teacher's own name, shown beside the "Teacher" badge (null for students' replies). */
  teacherName: Nullable(Type.String()),
  /** The reply a teacher marked as the question's answer: set apart, and first for students. */
  isAnswer: Type.Boolean(),
});
export type ForumComment = Static<typeof ForumComment>;

export const ForumCourse = Type.Object({ _id: Type.String(), name: Type.String(), image: Nullable(Type.String()), questions: Type.Number() });
export type ForumCourse = Static<typeof ForumCourse>;

export const SearchBody = Type.Object(
  {
    studentId: Id,
    filter: Type.Optional(ForumSort),
    courseId: Type.Optional(Type.Union([Id, Type.Literal('')])),
    subjectId: Type.Optional(Type.Union([Id, Type.Literal('')])),
    chapterId: Type.Optional(Type.Union([Id, Type.Literal('')])),
    searchString: Type.Optional(Type.String({ maxLength: 500 })),
    page: Type.Optional(BoundedInteger(1, 100_000)),
    limit: Type.Optional(BoundedInteger(1, 100)),
  },
  { additionalProperties: false },
);
export type SearchBody = Static<typeof SearchBody>;

export const SearchResult = Type.Object({
  questions: Type.Array(ForumQuestion),
  /** How many questions match; for a text search at most FORUM_SEARCH_COUNT_CAP (src/domain/forum.ts). */
  totalRecords: Type.Number(),
  /** More questions match than totalRecords says (a text search stops counting at the cap); pages go on past it. */
  totalCapped: Type.Boolean(),
});
export type SearchResult = Static<typeof SearchResult>;

export const KeywordBody = Type.Object(
  {
    searchString: Type.String({ maxLength: 500 }),
    /** Only this course's questions (the ask form's similar questions). */
    courseId: Type.Optional(Id),
    limit: Type.Optional(BoundedInteger(1, 10)),
  },
  { additionalProperties: false },
);
export const KeywordSuggestion = Type.Object({ _id: Type.String(), questionDescription: Type.String(), answers: Type.Number() });
export type KeywordSuggestion = Static<typeof KeywordSuggestion>;

export const AddQuestionBody = Type.Object(
  { studentId: Id, courseId: Id, subjectId: Id, chapterId: Id, questionDescription: Details, media: Type.Optional(MediaList) },
  { additionalProperties: false },
);
export type AddQuestionBody = Static<typeof AddQuestionBody>;

export const UpdateQuestionBody = Type.Object(
  { questionId: Id, studentId: Id, questionDescription: Details, media: Type.Optional(MediaList) },
  { additionalProperties: false },
);
export type UpdateQuestionBody = Static<typeof UpdateQuestionBody>;

export const AddCommentBody = Type.Object(
  { questionId: Id, userId: Id, userType: Type.Literal('Student'), reply: Details, media: Type.Optional(MediaList) },
  { additionalProperties: false },
);
export type AddCommentBody = Static<typeof AddCommentBody>;

export const UpdateCommentBody = Type.Object(
  { commentId: Id, userId: Id, userType: Type.Literal('Student'), reply: Details, media: Type.Optional(MediaList) },
  { additionalProperties: false },
);
export type UpdateCommentBody = Static<typeof UpdateCommentBody>;

const StudentQuestion = Type.Object({ studentId: Id, questionId: Id }, { additionalProperties: false });
/*
 * Writes a student makes (questions, replies, edits, likes, upvotes, bookmarks) are limited per hour:
 * 429 with Retry-After and a plain title the app shows (FORUM_*_PER_HOUR settings).
 */

export const forumContract = {
  courses: {
    method: 'GET',
    url: forumPaths.courses,
    config: { access: 'student' },
    // The student's courses, each with how many questions it has.
    schema: { response: { 200: Data(Type.Array(ForumCourse)), ...failures(401, 403) } },
  },
  groupSubjects: {
    method: 'GET',
    url: forumPaths.groupSubjects,
    config: { access: 'student' },
    // Ids of the subjects whose chapters the student's batches reach.
    schema: { response: { 200: Data(Type.Array(Type.String())), ...failures(401, 403) } },
  },
  search: {
    method: 'POST',
    url: forumPaths.search,
    config: { access: 'student' },
    schema: { body: SearchBody, response: { 200: Data(SearchResult), ...failures(400, 401, { 403: ['notYourAccount'] }) } },
  },
  keyword: {
    method: 'POST',
    url: forumPaths.keyword,
    config: { access: 'student' },
    schema: { body: KeywordBody, response: { 200: Data(Type.Array(KeywordSuggestion)), ...failures(400, 401, 403) } },
  },
  question: {
    method: 'GET',
    url: forumPaths.question,
    config: { access: 'student' },
    schema: { params: IdParams('id'), response: { 200: Data(ForumQuestion), ...failures(400, 401, 403, { 404: ['questionNotFound'] }) } },
  },
  comments: {
    method: 'GET',
    url: forumPaths.comments,
    config: { access: 'student' },
    // Oldest first: the last one is the newest reply.
    schema: { params: IdParams('questionId'), response: { 200: Data(Type.Array(ForumComment)), ...failures(400, 401, 403, { 404: ['questionNotFound'] }) } },
  },
  upvotes: {
    method: 'GET',
    url: forumPaths.upvotes,
    config: { access: 'student' },
    // Ids of the replies the student upvoted.
    schema: { response: { 200: Data(Type.Array(Type.String())), ...failures(401, 403) } },
  },
  bookmarks: {
    method: 'GET',
    url: forumPaths.bookmarks,
    config: { access: 'student' },
    // Ids of the questions the student bookmarked, newest first.
    schema: { params: IdParams('studentId'), response: { 200: Data(Type.Array(Type.String())), ...failures(400, 401, { 403: ['notYourAccount'] }) } },
  },
  addQuestion: {
    method: 'POST',
    url: forumPaths.addQuestion,
    config: { access: 'student' },
    schema: { body: AddQuestionBody, response: { 200: Data(ForumQuestion), ...failures(401, { 400: ['emptyDetails', 'mediaTypeNotAllowed', 'uploadNotYours'], 403: ['notYourAccount', 'chapterNotInBatch'], 429: ['tooManyQuestions'] }) } },
  },
  updateQuestion: {
    method: 'PATCH',
    url: forumPaths.updateQuestion,
    config: { access: 'student' },
    // 409 once the question has a reply or is COMPLETED.
    schema: { body: UpdateQuestionBody, response: { 200: Data(ForumQuestion), ...failures(401, { 400: ['emptyDetails', 'mediaTypeNotAllowed', 'uploadNotYours'], 403: ['notYourAccount', 'notYourQuestion'], 404: ['questionNotFound'], 409: ['questionCompleted', 'questionAnswered'], 429: ['tooManyEdits'] }) } },
  },
  addComment: {
    method: 'POST',
    url: forumPaths.addComment,
    config: { access: 'student' },
    // 409 when the question is COMPLETED.
    schema: { body: AddCommentBody, response: { 200: Data(ForumComment), ...failures(401, { 400: ['emptyDetails', 'mediaTypeNotAllowed', 'uploadNotYours'], 403: ['notYourAccount'], 404: ['questionNotFound'], 409: ['questionCompleted'], 429: ['tooManyReplies'] }) } },
  },
  updateComment: {
    method: 'PATCH',
    url: forumPaths.updateComment,
    config: { access: 'student' },
    // 409 unless it is the question's last reply and the question is not COMPLETED.
    schema: { body: UpdateCommentBody, response: { 200: Data(ForumComment), ...failures(401, { 400: ['emptyDetails', 'mediaTypeNotAllowed', 'uploadNotYours'], 403: ['notYourAccount', 'notYourReply'], 404: ['replyNotFound'], 409: ['questionCompleted', 'notLastReply'], 429: ['tooManyEdits'] }) } },
  },
  like: {
    method: 'POST',
    url: forumPaths.like,
    config: { access: 'student' },
    // A toggle: liked becomes not liked.
    schema: { body: StudentQuestion, response: { 200: Data(Type.Object({ questionId: Type.String(), likes: Type.Number(), isLiked: Type.Boolean() })), ...failures(400, 401, { 403: ['notYourAccount'], 404: ['questionNotFound'], 429: ['tooManyReactions'] }) } },
  },
  upvote: {
    method: 'POST',
    url: forumPaths.upvote,
    config: { access: 'student' },
    // A toggle; answers the question's replies and the one changed.
    schema: {
      body: Type.Object({ studentId: Id, questionId: Id, commentId: Id }, { additionalProperties: false }),
      response: { 200: Data(Type.Object({ comments: Type.Array(ForumComment), updatedComment: ForumComment })), ...failures(400, 401, { 403: ['notYourAccount'], 404: ['questionNotFound', 'replyNotFound'], 429: ['tooManyReactions'] }) },
    },
  },
  bookmark: {
    method: 'POST',
    url: forumPaths.bookmark,
    config: { access: 'student' },
    // A toggle; answers the student's bookmarks (question ids, newest first).
    schema: { body: StudentQuestion, response: { 200: Data(Type.Array(Type.String())), ...failures(400, 401, { 403: ['notYourAccount'], 404: ['questionNotFound'], 429: ['tooManyReactions'] }) } },
  },
} satisfies Record<string, RouteContract>;
