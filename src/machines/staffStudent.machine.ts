// One student on the desk (/staff/students/:studentId): profile, batches and the exams they took with
// the results they see; a failed load says why with Try again. An administrator sends a password-reset
// code to the student's phone after confirming; the desk says where it went (never the code).
import { assign, fromPromise, setup } from 'xstate';
import type { ResetCodeReply, StaffStudentPage } from '../contracts/staffBatches';
import { failureWords, type RefusalWords } from '../domain/messages';

export interface StaffStudentContext {
  studentId: string;
  page: StaffStudentPage | null;
  notice: string | null;
  problem: RefusalWords | null;
}

export type StaffStudentEvent = { type: 'student.retry' } | { type: 'reset.ask' } | { type: 'reset.confirm' } | { type: 'reset.cancel' };

export const staffStudentMachine = setup({
  types: {} as { context: StaffStudentContext; events: StaffStudentEvent; input: { studentId: string } },
  actors: {
    /** GET /staff/students/:studentId. */
    loadStudent: fromPromise<StaffStudentPage, { studentId: string }>(async () => {
      throw new Error('provide loadStudent');
    }),
    /** POST /staff/students/:studentId/reset-code. */
    sendResetCode: fromPromise<ResetCodeReply, { studentId: string }>(async () => {
      throw new Error('provide sendResetCode');
    }),
  },
  actions: {
    keepProblem: assign((_, params: { error: unknown }) => ({ problem: failureWords(params.error) })),
    clearWords: assign({ problem: null, notice: null }),
  },
  guards: {
    canManage: ({ context }) => context.page?.canManage === true,
    noExams: ({ context }) => (context.page?.exams.length ?? 0) === 0,
  },
}).createMachine({
  id: 'staffStudent',
  description: "A student's page on the desk: profile, batches, exams with results as the student sees them, and a password-reset code an administrator sends.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: the desk\'s batches and students (issue 24)' },
  context: ({ input }) => ({ studentId: input.studentId, page: null, notice: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      description: "The student's page is read.",
      tags: ['loading'],
      invoke: {
        src: 'loadStudent',
        input: ({ context }) => ({ studentId: context.studentId }),
        onDone: { target: 'loaded', description: 'The page arrived', actions: assign({ page: ({ event }) => event.output }) },
        onError: { target: 'failed', description: 'The page could not be had: the reason shows', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: "The reason in the server's words (offline, no such student, not your course, signed out) with Try again.",
      on: { 'student.retry': { target: 'loading', description: 'The staff member presses Try again', actions: 'clearWords' } },
    },
    loaded: {
      description: 'Profile and batches; the exams below; an administrator has Send password-reset code.',
      type: 'parallel',
      states: {
        exams: {
          description: 'What the exams part shows.',
          initial: 'checking',
          states: {
            checking: {
              description: 'The exams are looked at.',
              always: [
                { guard: 'noExams', target: 'none', description: 'The student has submitted no exam' },
                { target: 'listed', description: 'Exams to list' },
              ],
            },
            none: { description: "'No exams taken yet.'" },
            listed: { description: "The exams, newest first, each with its marks and position, or 'Results not published yet'." },
          },
        },
        reset: {
          description: 'The password-reset code (administrators only).',
          initial: 'idle',
          states: {
            idle: {
              description: 'Send password-reset code is offered to an administrator; what the last send did shows beside it.',
              on: { 'reset.ask': { guard: 'canManage', target: 'confirming', description: 'An administrator presses Send password-reset code', actions: 'clearWords' } },
            },
            confirming: {
              description: "'Send a password-reset code to …?' with Send and Cancel.",
              on: {
                'reset.confirm': { target: 'sending', description: 'The administrator confirms' },
                'reset.cancel': { target: 'idle', description: 'The administrator sends nothing' },
              },
            },
            sending: {
              description: 'The code is being sent by SMS; the button shows it is busy.',
              tags: ['sending'],
              invoke: {
                src: 'sendResetCode',
                input: ({ context }) => ({ studentId: context.studentId }),
                onDone: { target: 'idle', description: 'Sent: the desk says to which number', actions: assign({ notice: ({ event }) => event.output.message }) },
                onError: { target: 'idle', description: 'Not sent (too many codes to this number, SMS failed): the reason shows', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});
