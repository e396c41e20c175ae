// One question's answer-key challenge on the result screen (issue 28, "Fair marks"): the student says
// which option or options they believe right, or that the question is flawed, gives a reason (1 to
// 2,000 characters, Bengali or English) and may add a photo of a textbook page; the photo uploads, the
// challenge is sent, and the student sees it open, with Edit while the window is open. Refusals read
// in plain words: offline (kept here, Try again), the window closed, a teacher already decided, a
// reason or proposal the server refused (back to the form). The result screen's machine invokes this
// one while the form is open and keeps what it outputs.
import { assign, fromPromise, setup } from 'xstate';
import type { ChallengeBody, StudentChallenge } from '../contracts/challenges';
import type { ForumMedia } from '../contracts/forum';
import type { QuestionType } from '../contracts/exams';
import { challengeReason, proposalProblem, CHALLENGE_REASON_MAX } from '../domain/challenges';
import { isEditablePhoto } from '../domain/forum';
import { failureOf } from '../domain/failures';
import { MESSAGES } from '../domain/messages';

/** Photos of a page a challenge takes (the server takes up to three attachments). */
export const CHALLENGE_PHOTOS_MAX = 3;

export const answerChallengeMessages = {
  offline: 'No internet connection. Your challenge is kept here: press Try again when you are back online.',
  windowClosed: 'The challenge window of this exam has closed: challenges can no longer be sent or changed.',
  decided: 'A teacher has already decided on this question: its challenges can no longer be changed.',
  noProposal: 'Choose the option you believe is right, or say that the question is flawed.',
  noReason: `Write your reason (1 to ${CHALLENGE_REASON_MAX.toLocaleString('en-US')} characters).`,
  notPhoto: 'Only a photo (JPEG or PNG) can be attached.',
  tooManyPhotos: `At most ${CHALLENGE_PHOTOS_MAX} photos can be attached.`,
} as const;

export interface AnswerChallengeInput {
  examId: string;
  groupId: string;
  questionId: string;
  /** The question's number on the result (Question 7). */
  number: number;
  type: QuestionType;
  optionCount: number;
  /** The student's challenge of the question so far: the form starts from it. */
  challenge: StudentChallenge | null;
}

export interface AnswerChallengeContext extends AnswerChallengeInput {
  options: number[];
  flawed: boolean;
  reason: string;
  /** Attachments already stored (an edited challenge's photos, or photos uploaded before a failure). */
  media: ForumMedia[];
  /** Photos chosen and not uploaded yet. */
  photos: File[];
  /** What the form shows beside its fields: the proposal, the reason, the photo. */
  errors: { proposal: string | null; reason: string | null; photo: string | null };
  /** Why the last send failed, in plain words. */
  failure: string | null;
  /** The challenge as the server keeps it after the last send. */
  saved: StudentChallenge | null;
  /** Why nothing more can be sent: the window closed, or a teacher decided. */
  closedBy: 'window' | 'decided' | null;
}

/** What the result screen keeps when the form closes. */
export interface AnswerChallengeOutput {
  questionId: string;
  /** The challenge as last saved (null: never sent in this form). */
  challenge: StudentChallenge | null;
  closedBy: 'window' | 'decided' | null;
}

export type AnswerChallengeEvent =
  | { type: 'challenge.choose'; option: number }
  | { type: 'challenge.flawed' }
  | { type: 'challenge.reason'; text: string }
  | { type: 'challenge.attach'; file: File }
  | { type: 'challenge.detach'; index: number }
  | { type: 'challenge.send' }
  | { type: 'challenge.retry' }
  | { type: 'challenge.edit' }
  | { type: 'challenge.close' };

const NO_ERRORS = { proposal: null, reason: null, photo: null };

/** The failure of a send as the student reads it. */
function failureWords(error: unknown): string {
  const failure = failureOf(error);
  if (failure.network) return answerChallengeMessages.offline;
  return failure.title?.trim() ? failure.title : MESSAGES.unhandledException;
}

const fromChallenge = (challenge: StudentChallenge | null) => ({
  options: challenge ? [...challenge.options] : [],
  flawed: challenge?.flawed ?? false,
  reason: challenge?.reason ?? '',
  media: challenge ? [...challenge.media] : [],
});

export const answerChallengeMachine = setup({
  types: {} as { context: AnswerChallengeContext; events: AnswerChallengeEvent; input: AnswerChallengeInput; output: AnswerChallengeOutput },
  actors: {
    /** The app's one upload: a signed link, then the bytes (services/uploads). */
    uploadPhoto: fromPromise<ForumMedia, { file: File }>(async () => {
      throw new Error('provide uploadPhoto');
    }),
    /** PUT /exam/challenges/{examId}/group/{groupId}/question/{questionId}: creates or replaces the challenge. */
    saveChallenge: fromPromise<StudentChallenge, { examId: string; groupId: string; questionId: string; body: ChallengeBody }>(async () => {
      throw new Error('provide saveChallenge');
    }),
  },
  guards: {
    complete: ({ context }) => proposalProblem(context.type, context.optionCount, context.options, context.flawed) === null && challengeReason(context.reason) !== null,
    photoWaiting: ({ context }) => context.photos.length > 0,
    editable: ({ context }) => context.saved?.status === 'open' && context.closedBy === null,
    windowClosed: (_, params: { error: unknown }) => failureOf(params.error).code === 'challengeWindowClosed',
    decided: (_, params: { error: unknown }) => failureOf(params.error).code === 'questionDecided',
    /** A reason or proposal the server refused: the student mends it in the form. */
    formRefused: (_, params: { error: unknown }) => ['badReason', 'badProposal'].includes(failureOf(params.error).code ?? ''),
  },
  actions: {
    choose: assign(({ context }, params: { option: number }) => {
      if (context.type === 'MCQ') return { options: [params.option], flawed: false, errors: { ...context.errors, proposal: null } };
      const options = context.options.includes(params.option) ? context.options.filter((o) => o !== params.option) : [...context.options, params.option].sort((a, b) => a - b);
      return { options, flawed: false, errors: { ...context.errors, proposal: null } };
    }),
    markFlawed: assign(({ context }) => ({ options: [], flawed: true, errors: { ...context.errors, proposal: null } })),
    writeReason: assign(({ context }, params: { text: string }) => ({ reason: params.text, errors: { ...context.errors, reason: null } })),
    attach: assign(({ context }, params: { file: File }) => {
      if (!isEditablePhoto(params.file.type)) return { errors: { ...context.errors, photo: answerChallengeMessages.notPhoto } };
      if (context.media.length + context.photos.length >= CHALLENGE_PHOTOS_MAX) return { errors: { ...context.errors, photo: answerChallengeMessages.tooManyPhotos } };
      return { photos: [...context.photos, params.file], errors: { ...context.errors, photo: null } };
    }),
    /** Index over the stored attachments first, then the photos waiting. */
    detach: assign(({ context }, params: { index: number }) => ({
      media: context.media.filter((_, i) => i !== params.index),
      photos: context.photos.filter((_, i) => i + context.media.length !== params.index),
      errors: { ...context.errors, photo: null },
    })),
    showProblems: assign(({ context }) => ({
      errors: {
        ...context.errors,
        proposal: proposalProblem(context.type, context.optionCount, context.options, context.flawed) === null ? null : answerChallengeMessages.noProposal,
        reason: challengeReason(context.reason) === null ? answerChallengeMessages.noReason : null,
      },
    })),
    fillFromSaved: assign(({ context }) => ({ ...fromChallenge(context.saved), photos: [], errors: NO_ERRORS, failure: null })),
  },
}).createMachine({
  id: 'answerChallenge',
  description: "One question's answer-key challenge: the options believed right or 'the question is flawed', a reason and optional photos; sent, then shown open with Edit while the window is open.",
  meta: { spec: '§2 Result screen — not in the spec: the answer-key challenge of a question (issue 28, "Fair marks")' },
  context: ({ input }) => ({ ...input, ...fromChallenge(input.challenge), photos: [], errors: NO_ERRORS, failure: null, saved: input.challenge, closedBy: null }),
  initial: 'composing',
  output: ({ context }) => ({ questionId: context.questionId, challenge: context.saved, closedBy: context.closedBy }),
  states: {
    composing: {
      description: 'The form: the options (or "The question is flawed"), the reason, photos; Send challenge and Cancel.',
      on: {
        'challenge.choose': { actions: { type: 'choose', params: ({ event }) => ({ option: event.option }) }, description: 'The student picks an option they believe right (an MCQ one; otherwise each toggles)' },
        'challenge.flawed': { actions: 'markFlawed', description: 'The student says the question itself is flawed (no option is right)' },
        'challenge.reason': { actions: { type: 'writeReason', params: ({ event }) => ({ text: event.text }) }, description: 'The student writes the reason (Bengali or English)' },
        'challenge.attach': { actions: { type: 'attach', params: ({ event }) => ({ file: event.file }) }, description: 'The student adds a photo of a page (JPEG or PNG, up to three)' },
        'challenge.detach': { actions: { type: 'detach', params: ({ event }) => ({ index: event.index }) }, description: 'The student removes a photo' },
        'challenge.send': [
          { guard: 'complete', target: 'sending', description: 'The student presses Send challenge with an option (or flawed) and a reason' },
          { actions: 'showProblems', description: 'Something is missing: the form says what, beside the field' },
        ],
        'challenge.close': { target: 'done', description: 'The student presses Cancel: nothing is sent' },
      },
    },
    sending: {
      description: 'The photos upload one at a time, then the challenge is sent.',
      tags: ['busy'],
      initial: 'next',
      states: {
        next: {
          description: 'The next photo waiting to upload is chosen, or the challenge is sent.',
          always: [
            { guard: 'photoWaiting', target: 'uploading', description: 'A photo is waiting to upload' },
            { target: 'saving', description: 'Every photo is stored' },
          ],
        },
        uploading: {
          description: 'A photo uploads.',
          invoke: {
            src: 'uploadPhoto',
            input: ({ context }) => ({ file: context.photos[0]! }),
            onDone: { target: 'next', description: 'The photo is stored', actions: assign(({ context, event }) => ({ media: [...context.media, event.output], photos: context.photos.slice(1) })) },
            onError: { target: '#answerChallenge.failed', description: 'The photo could not be uploaded: the reason shows, with Try again', actions: assign({ failure: ({ event }) => failureWords(event.error) }) },
          },
        },
        saving: {
          description: 'The challenge is sent to the server.',
          invoke: {
            src: 'saveChallenge',
            input: ({ context }) => ({
              examId: context.examId,
              groupId: context.groupId,
              questionId: context.questionId,
              body: { options: context.flawed ? [] : context.options, flawed: context.flawed, reason: context.reason.trim(), media: context.media },
            }),
            onDone: { target: '#answerChallenge.sent', description: 'The server keeps the challenge: it shows open', actions: assign({ saved: ({ event }) => event.output, failure: null }) },
            onError: [
              {
                guard: { type: 'windowClosed', params: ({ event }) => ({ error: event.error }) },
                target: '#answerChallenge.closed',
                description: 'The challenge window closed meanwhile: the student is told so',
                actions: assign({ closedBy: 'window', failure: answerChallengeMessages.windowClosed }),
              },
              {
                guard: { type: 'decided', params: ({ event }) => ({ error: event.error }) },
                target: '#answerChallenge.closed',
                description: 'A teacher decided on the question meanwhile: the student is told so',
                actions: assign({ closedBy: 'decided', failure: answerChallengeMessages.decided }),
              },
              {
                guard: { type: 'formRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#answerChallenge.composing',
                description: "The server refused the reason or the proposal: its words show in the form",
                actions: assign({ failure: ({ event }) => failureWords(event.error) }),
              },
              { target: '#answerChallenge.failed', description: 'No connection, or another refusal: the reason shows, with Try again; the form is kept', actions: assign({ failure: ({ event }) => failureWords(event.error) }) },
            ],
          },
        },
      },
    },
    failed: {
      description: 'The challenge was not sent: why, in plain words; Try again, Back to the form, or Close (the form is kept until then).',
      on: {
        'challenge.retry': { target: 'sending', description: 'The student presses Try again' },
        'challenge.edit': { target: 'composing', description: 'The student goes back to the form', actions: assign({ failure: null }) },
        'challenge.close': { target: 'done', description: 'The student closes the form' },
      },
    },
    sent: {
      description: 'The challenge is with the teachers: its state (open) and what it says; Edit while the window is open, and Close.',
      on: {
        'challenge.edit': { guard: 'editable', target: 'composing', actions: 'fillFromSaved', description: 'The student presses Edit (while the challenge is open)' },
        'challenge.close': { target: 'done', description: 'The student closes the form' },
      },
    },
    closed: {
      description: 'Nothing more can be sent: the window closed or a teacher decided; the student is told which.',
      on: { 'challenge.close': { target: 'done', description: 'The student closes the form' } },
    },
    done: {
      description: 'The form is closed; the result screen keeps the challenge as last saved.',
      type: 'final',
    },
  },
});
