// The Ask dialog: the guidelines first, then the form 'Create New Question' (course, subject, chapter,
// details and files) or 'Reply' (details and files). Cancel or close resets the form and the files; a
// successful submit closes, resets and leads to the question. Files of other types are dropped silently;
// a photo (picked or captured) can be cropped and turned in the image editor first. On submit the files
// upload one at a time, each with its progress; a failed one is skipped with a message.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { FORUM_SEARCH_DEBOUNCE_MS, isEditablePhoto, isForumMediaType, SIMILAR_QUESTIONS } from '../domain/forum';
import type { ForumMedia, KeywordSuggestion } from '../contracts/forum';
import { MESSAGES } from '../domain/messages';

export type AskMode = 'create' | 'reply';
export type AskField = 'courseId' | 'subjectId' | 'chapterId' | 'details';

export interface AskFields {
  courseId: string;
  subjectId: string;
  chapterId: string;
  details: string;
}

export interface AskSubmission {
  mode: AskMode;
  /** The question replied to (mode 'reply'). */
  questionId: string | null;
  fields: AskFields;
  /** The files that uploaded, in the order they were added. */
  media: ForumMedia[];
}

/** One file's upload: bytes sent of its bytes, then where it is stored, or that it failed and is skipped. */
export interface FileUpload {
  sent: number;
  total: number;
  media: ForumMedia | null;
  failed: boolean;
}

/** What the upload of one file tells the dialog. */
export type UploadReport =
  | { type: 'upload.progress'; sent: number; total: number }
  | { type: 'upload.done'; media: ForumMedia }
  | { type: 'upload.failed'; error: unknown };

export interface AskQuestionContext {
  mode: AskMode;
  questionId: string | null;
  /** The course the dialog opens with (the forum list's course). */
  presetCourseId: string;
  fields: AskFields;
  files: File[];
  /** Each file's upload, beside it in `files`. */
  uploads: FileUpload[];
  /** Which file is uploading now (while submitting). */
  uploading: number;
  /** The photo of `files` open in the image editor, by its place. */
  editing: number | null;
  errors: Partial<Record<AskField, string>>;
  /** Existing questions of the course like the one being written (up to five), to open instead of asking again. */
  similar: KeywordSuggestion[];
}

export type AskQuestionEvent =
  /** Ask a Question; `about` fills the form in ("Ask about this" on a video or a result question). */
  | { type: 'ask.open'; about?: AskFields }
  | { type: 'reply.open'; questionId: string }
  | { type: 'guidelines.ok' }
  | { type: 'dialog.close' }
  | { type: 'course.select'; courseId: string }
  | { type: 'subject.select'; subjectId: string }
  | { type: 'chapter.select'; chapterId: string }
  | { type: 'details.change'; details: string }
  | { type: 'files.add'; files: File[] }
  | { type: 'file.remove'; index: number }
  | { type: 'photo.captured'; photo: File }
  | { type: 'photo.edit'; index: number }
  | { type: 'photo.edited'; photo: File | null }
  | { type: 'submit' }
  | UploadReport;

/** Similar questions are looked for once the details have this many characters. */
const SIMILAR_MIN_LENGTH = 8;

const EMPTY: AskFields = { courseId: '', subjectId: '', chapterId: '', details: '' };

const waitingUpload = (file: File): FileUpload => ({ sent: 0, total: file.size, media: null, failed: false });

/** The form's problems, with the spec's messages; a reply needs only details. */
function askProblems(mode: AskMode, fields: AskFields): Partial<Record<AskField, string>> {
  const problems: Partial<Record<AskField, string>> = {};
  if (mode === 'create') {
    if (!fields.courseId) problems.courseId = MESSAGES.selectCourse;
    if (!fields.subjectId) problems.subjectId = MESSAGES.selectSubject;
    if (!fields.chapterId) problems.chapterId = MESSAGES.selectChapter;
  }
  if (!fields.details.trim()) problems.details = MESSAGES.enterDetails;
  return problems;
}

export const askQuestionMachine = setup({
  types: {} as { context: AskQuestionContext; events: AskQuestionEvent; input: { courseId?: string } },
  actors: {
    /** Uploads one file, telling its progress, then where it is stored or that it failed. */
    uploadFile: fromCallback<{ type: string }, { file: File }>(() => () => {}),
    /** Sends the question or the reply with the uploaded files; answers the question's id. */
    sendPost: fromPromise<string, AskSubmission>(async () => {
      throw new Error('provide sendPost');
    }),
    findSimilar: fromPromise<KeywordSuggestion[], { text: string; courseId: string; limit: number }>(async () => {
      throw new Error('provide findSimilar');
    }),
  },
  delays: { similarDebounce: FORUM_SEARCH_DEBOUNCE_MS },
  guards: {
    courseChosen: ({ context }) => context.fields.courseId !== '',
    subjectChosen: ({ context }) => context.fields.subjectId !== '',
    detailsOpen: ({ context }) => context.mode === 'reply' || context.fields.chapterId !== '',
    /** A new question with enough words to look for similar ones. */
    similarWanted: ({ context, event }) => context.mode === 'create' && event.type === 'details.change' && event.details.trim().length >= SIMILAR_MIN_LENGTH && context.fields.chapterId !== '',
    formValid: ({ context }) => Object.keys(askProblems(context.mode, context.fields)).length === 0,
    /** The file is a photo the image editor can crop and turn. */
    editablePhoto: ({ context }, params: { index: number }) => isEditablePhoto(context.files[params.index]?.type ?? ''),
    /** A file that has not uploaded yet is left (a failed one is tried again on the next submit). */
    moreToUpload: ({ context }) => context.uploads.some((upload, i) => i >= context.uploading && !upload.media),
  },
  actions: {
    reset: assign(({ context }) => ({
      fields: { ...EMPTY, courseId: context.presetCourseId }, files: [], uploads: [], uploading: 0, editing: null, errors: {}, similar: [], questionId: null, mode: 'create' as AskMode,
    })),
    addFiles: assign(({ context }, params: { files: File[] }) => {
      const accepted = params.files.filter((file) => isForumMediaType(file.type));
      return { files: [...context.files, ...accepted], uploads: [...context.uploads, ...accepted.map(waitingUpload)] };
    }),
    /** The next file without a stored copy becomes the one uploading. */
    nextUpload: assign(({ context }) => ({ uploading: context.uploads.findIndex((upload, i) => i >= context.uploading && !upload.media) })),
    recordUpload: assign(({ context }, params: Partial<FileUpload>) => ({
      uploads: context.uploads.map((upload, i) => (i === context.uploading ? { ...upload, ...params } : upload)),
    })),
    explain: assign(({ context }) => ({ errors: askProblems(context.mode, context.fields) })),
    writeDetails: assign(({ context, event }) => (event.type === 'details.change' ? { fields: { ...context.fields, details: event.details }, errors: { ...context.errors, details: undefined } } : {})),
    fileFailed: (_, _params: { name: string }) => {},
    submitted: (_, _params: { mode: AskMode; questionId: string }) => {},
    submitFailed: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'askQuestion',
  description: "The Ask dialog: guidelines in Bengali, then 'Create New Question' or 'Reply'.",
  meta: { spec: '§2 Ask dialog; §4 Ask dialog; §5 Ask form, Attachments, Guidelines' },
  context: ({ input }) => ({
    mode: 'create',
    questionId: null,
    presetCourseId: input.courseId ?? '',
    fields: { ...EMPTY, courseId: input.courseId ?? '' },
    files: [],
    uploads: [],
    uploading: 0,
    editing: null,
    errors: {},
    similar: [],
  }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The dialog is closed; the page shows Ask a Question (and Reply on a question).',
      on: {
        'ask.open': {
          target: 'guidelines',
          description: "The student presses Ask a Question, or 'Ask about this' on a video or a result question (course, subject, chapter and the quoted question filled in)",
          actions: [assign({ mode: 'create' as AskMode, questionId: null, fields: ({ context, event }) => event.about ?? context.fields })],
        },
        'reply.open': {
          target: 'guidelines',
          description: 'The student presses Reply on a question',
          actions: assign({ mode: 'reply' as AskMode, questionId: ({ event }) => event.questionId }),
        },
      },
    },
    guidelines: {
      description: "'Guidelines for Asking Questions': the five numbered rules in Bengali, with OK and Cancel.",
      on: {
        'guidelines.ok': { target: 'form', description: 'The student presses OK: the form opens' },
        'dialog.close': { target: 'closed', description: 'The student presses Cancel or closes the dialog', actions: 'reset' },
      },
    },
    form: {
      description: "'Create New Question' (course, subject, chapter, details, files) or 'Reply' (details, files); each missing field says what it needs.",
      on: {
        'course.select': {
          description: 'The student chooses a course: subject and chapter start again',
          actions: assign(({ context, event }) => ({ fields: { ...context.fields, courseId: event.courseId, subjectId: '', chapterId: '' }, errors: {} })),
        },
        'subject.select': {
          guard: 'courseChosen',
          description: 'The student chooses a subject of the course: the chapter starts again',
          actions: assign(({ context, event }) => ({ fields: { ...context.fields, subjectId: event.subjectId, chapterId: '' }, errors: {} })),
        },
        'chapter.select': {
          guard: 'subjectChosen',
          description: 'The student chooses a chapter of the subject',
          actions: assign(({ context, event }) => ({ fields: { ...context.fields, chapterId: event.chapterId }, errors: {} })),
        },
        'details.change': [
          {
            guard: 'similarWanted',
            target: '.waiting',
            description: 'The student writes the question: similar questions are looked for after a pause',
            actions: 'writeDetails',
          },
          {
            guard: 'detailsOpen',
            target: '.quiet',
            description: 'The student writes the details (open once a chapter is chosen, or when replying)',
            actions: ['writeDetails', assign({ similar: [] })],
          },
        ],
        'files.add': {
          description: 'The student picks, drops or records files: other types than images, PDFs and audio are dropped silently',
          actions: { type: 'addFiles', params: ({ event }) => ({ files: event.files }) },
        },
        'file.remove': {
          description: 'The student removes a file',
          actions: assign(({ context, event }) => ({
            files: context.files.filter((_, i) => i !== event.index),
            uploads: context.uploads.filter((_, i) => i !== event.index),
            editing: null,
          })),
        },
        'photo.captured': {
          description: 'A photo from the camera joins the files and opens in the image editor',
          actions: [{ type: 'addFiles', params: ({ event }) => ({ files: [event.photo] }) }, assign({ editing: ({ context }) => context.files.length - 1 })],
        },
        'photo.edit': {
          guard: { type: 'editablePhoto', params: ({ event }) => ({ index: event.index }) },
          description: 'The student presses Edit on a photo: it opens in the image editor',
          actions: assign({ editing: ({ event }) => event.index }),
        },
        'photo.edited': {
          description: 'The image editor closes: an applied edit replaces the photo, a cancelled one keeps it',
          actions: assign(({ context, event }) => {
            const at = context.editing;
            if (at === null || !event.photo) return { editing: null };
            const photo = event.photo;
            return {
              editing: null,
              files: context.files.map((file, i) => (i === at ? photo : file)),
              uploads: context.uploads.map((upload, i) => (i === at ? waitingUpload(photo) : upload)),
            };
          }),
        },
        submit: [
          { guard: 'formValid', target: 'submitting', description: 'The student submits a complete form' },
          { description: 'The student submits with a field missing: the fields say what they need', actions: 'explain' },
        ],
        'dialog.close': { target: 'closed', description: 'The student presses Cancel or closes the dialog: form and files reset', actions: 'reset' },
      },
      initial: 'quiet',
      states: {
        quiet: { description: 'The form, with the similar questions found so far under the details.' },
        waiting: {
          description: 'Waiting for the student to pause before looking for similar questions.',
          after: { similarDebounce: { target: 'lookingUp', description: 'The student paused: similar questions of the course are looked for' } },
        },
        lookingUp: {
          description: 'Similar questions of the course are being looked for.',
          invoke: {
            src: 'findSimilar',
            input: ({ context }) => ({ text: context.fields.details.trim(), courseId: context.fields.courseId, limit: SIMILAR_QUESTIONS }),
            onDone: { target: 'quiet', description: 'Up to five similar questions show, each opening its answers', actions: assign({ similar: ({ event }) => event.output }) },
            onError: { target: 'quiet', description: 'None could be found: none show', actions: assign({ similar: [] }) },
          },
        },
      },
    },
    submitting: {
      description: 'The files upload one at a time, each with its progress (a failed one is skipped with a message), then the question or reply is sent.',
      tags: ['loading'],
      initial: 'choosingFile',
      entry: assign({ uploading: 0 }),
      states: {
        choosingFile: {
          description: 'The next file that has not uploaded yet is chosen.',
          always: [
            { guard: 'moreToUpload', target: 'uploading', description: 'A file is left to upload', actions: 'nextUpload' },
            { target: 'sending', description: 'Every file has uploaded or was skipped' },
          ],
        },
        uploading: {
          description: "One file uploads; its bar shows how much has been sent.",
          invoke: { src: 'uploadFile', input: ({ context }) => ({ file: context.files[context.uploading]! }) },
          on: {
            'upload.progress': {
              description: 'Part of the file has been sent: its bar grows',
              actions: { type: 'recordUpload', params: ({ event }) => ({ sent: event.sent, total: event.total }) },
            },
            'upload.done': {
              target: 'choosingFile',
              description: 'The file is stored',
              actions: [
                { type: 'recordUpload', params: ({ context, event }) => ({ media: event.media, failed: false, sent: context.uploads[context.uploading]!.total }) },
                assign({ uploading: ({ context }) => context.uploading + 1 }),
              ],
            },
            'upload.failed': {
              target: 'choosingFile',
              description: "The file could not be uploaded: 'Error uploading file {name}' and it is skipped",
              actions: [
                { type: 'recordUpload', params: { failed: true } },
                { type: 'fileFailed', params: ({ context }) => ({ name: context.files[context.uploading]!.name }) },
                assign({ uploading: ({ context }) => context.uploading + 1 }),
              ],
            },
          },
        },
        sending: {
          description: 'The question or the reply is being sent with the files that uploaded.',
          invoke: {
            src: 'sendPost',
            input: ({ context }) => ({
              mode: context.mode,
              questionId: context.questionId,
              fields: context.fields,
              media: context.uploads.flatMap((upload) => (upload.media ? [upload.media] : [])),
            }),
            onDone: {
              target: '#askQuestion.closed',
              description: 'Sent: the dialog closes and resets, and the question opens',
              actions: [{ type: 'submitted', params: ({ context, event }) => ({ mode: context.mode, questionId: event.output }) }, 'reset'],
            },
            onError: {
              target: '#askQuestion.form',
              description:
                "Not sent: the server's words when it refused and said why (too many questions or replies in an hour, a closed question), otherwise 'Error submitting question. Please try again later.'; the form stays (uploaded files are kept)",
              actions: { type: 'submitFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});
