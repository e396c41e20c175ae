// One batch on the desk (/staff/batches/:batchId): its students load a page at a time, searched by
// name, phone or roll; none (or none matching) says so; a failed load says why with Try again. An
// administrator adds a student by phone (the phone is checked here by the spec's rule; the server
// says when a new phone needs a name) and removes one after confirming. A teacher only reads.
import { assign, fromPromise, setup } from 'xstate';
import type { AddBatchStudentBody, AddBatchStudentReply, BatchStudent, BatchStudentsPage, RemoveBatchStudentReply, staffBatchesContract } from '../contracts/staffBatches';
import type { RefusalOf } from '../contracts/refusals';
import { failureWords, type RefusalWords } from '../domain/messages';
import { placeRefusal } from './fieldRefusal';
import { phoneProblem } from '../domain/phone';

export const BATCH_PAGE_SIZE = 50;

export interface AddForm {
  phone: string;
  name: string;
  roll: string;
}

export type AddField = keyof AddForm;

export interface StaffBatchContext {
  batchId: string;
  search: string;
  page: number;
  students: BatchStudentsPage | null;
  form: AddForm;
  /** The words beside a field of the add form. */
  fieldProblems: Partial<Record<AddField, string>>;
  /** The student asked about (remove). */
  chosen: BatchStudent | null;
  /** What was done, in the server's words (added, removed). */
  notice: string | null;
  problem: RefusalWords | null;
}

export type StaffBatchEvent =
  | { type: 'students.retry' }
  | { type: 'students.search'; search: string }
  | { type: 'students.page'; page: number }
  | { type: 'add.open' }
  | { type: 'add.change'; field: AddField; value: string }
  | { type: 'add.submit' }
  | { type: 'add.cancel' }
  | { type: 'remove.ask'; student: BatchStudent }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };

export interface StudentsRequest {
  batchId: string;
  search: string;
  page: number;
  limit: number;
}

const EMPTY_FORM: AddForm = { phone: '', name: '', roll: '' };

/** Which field a refusal of the add form belongs to, by its code. */
const FIELD_OF_CODE: Partial<Record<RefusalOf<(typeof staffBatchesContract)['addStudent'], 400>, AddField>> = { phoneMissing: 'phone', phoneInvalid: 'phone', nameMissing: 'name' };

export const staffBatchMachine = setup({
  types: {} as { context: StaffBatchContext; events: StaffBatchEvent; input: { batchId: string } },
  actors: {
    /** GET /staff/batches/:batchId/students. */
    loadStudents: fromPromise<BatchStudentsPage, StudentsRequest>(async () => {
      throw new Error('provide loadStudents');
    }),
    /** POST /staff/batches/:batchId/students. */
    addStudent: fromPromise<AddBatchStudentReply, { batchId: string; body: AddBatchStudentBody }>(async () => {
      throw new Error('provide addStudent');
    }),
    /** DELETE /staff/batches/:batchId/students/:studentId. */
    removeStudent: fromPromise<RemoveBatchStudentReply, { batchId: string; studentId: string }>(async () => {
      throw new Error('provide removeStudent');
    }),
  },
  actions: {
    keepProblem: assign((_, params: { error: unknown }) => ({ problem: failureWords(params.error) })),
    clearWords: assign({ problem: null, notice: null }),
    /** A refusal of the add form shows beside its field when it names one, else above the form. */
    keepAddProblem: assign(({ context }, params: { error: unknown }) => placeRefusal(FIELD_OF_CODE, context.fieldProblems, params.error)),
  },
  guards: {
    noStudents: ({ context }) => (context.students?.total ?? 0) === 0 && context.search.trim() === '',
    noMatch: ({ context }) => (context.students?.total ?? 0) === 0 || (context.students?.students.length ?? 0) === 0,
    canManage: ({ context }) => context.students?.canManage === true,
    phoneAcceptable: ({ context }) => phoneProblem(context.form.phone) === null,
    pageInRange: ({ context }, params: { page: number }) => {
      const pages = Math.max(1, Math.ceil((context.students?.total ?? 0) / BATCH_PAGE_SIZE));
      return params.page >= 1 && params.page <= pages && params.page !== context.page;
    },
  },
}).createMachine({
  id: 'staffBatch',
  description: "One batch's students for the desk: searched and paged; an administrator adds a student by phone and removes one after confirming.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: the desk\'s batches and students (issue 24)' },
  context: ({ input }) => ({ batchId: input.batchId, search: '', page: 1, students: null, form: EMPTY_FORM, fieldProblems: {}, chosen: null, notice: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      description: "A page of the batch's students is read (the search and page asked for).",
      tags: ['loading'],
      invoke: {
        src: 'loadStudents',
        input: ({ context }) => ({ batchId: context.batchId, search: context.search.trim(), page: context.page, limit: BATCH_PAGE_SIZE }),
        onDone: { target: 'ready', description: 'The page arrived', actions: assign({ students: ({ event }) => event.output }) },
        onError: { target: 'failed', description: 'The students could not be had: the reason shows', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: "The reason in the server's words (offline, not your course, no such batch, signed out) with Try again.",
      on: { 'students.retry': { target: 'loading', description: 'The staff member presses Try again', actions: 'clearWords' } },
    },
    ready: {
      description: 'The batch with its students; beside them the add form or a confirmation, one at a time.',
      type: 'parallel',
      states: {
        list: {
          description: 'What the list shows.',
          initial: 'checking',
          states: {
            checking: {
              description: 'The page is looked at.',
              always: [
                { guard: 'noStudents', target: 'empty', description: 'The batch has no students' },
                { guard: 'noMatch', target: 'noMatch', description: 'No student matches the search (or the page is past the end)' },
                { target: 'shown', description: 'Students to list' },
              ],
            },
            empty: { description: "'No students in this batch yet.' (an administrator: add one by phone or from a sheet)." },
            noMatch: { description: "'No student matches …' with the search to change." },
            shown: { description: 'The page of students with their phone, roll and whether they have a password; pages when there are more.' },
          },
        },
        panel: {
          description: 'The add form and the removal confirmation (administrators only).',
          initial: 'browsing',
          states: {
            browsing: {
              description: 'Search and pages work; an administrator sees Add a student and Remove on each row.',
              on: {
                'students.search': { target: '#staffBatch.loading', description: 'The staff member searches by name, phone or roll', actions: ['clearWords', assign({ search: ({ event }) => event.search, page: 1 })] },
                'students.page': {
                  guard: { type: 'pageInRange', params: ({ event }) => ({ page: event.page }) },
                  target: '#staffBatch.loading',
                  description: 'The staff member turns to another page',
                  actions: ['clearWords', assign({ page: ({ event }) => event.page })],
                },
                'add.open': { guard: 'canManage', target: 'editing', description: 'An administrator presses Add a student', actions: ['clearWords', assign({ form: EMPTY_FORM, fieldProblems: {} })] },
                'remove.ask': { guard: 'canManage', target: 'confirmingRemoval', description: 'An administrator presses Remove on a student', actions: ['clearWords', assign({ chosen: ({ event }) => event.student })] },
              },
            },
            editing: {
              description: 'The add form: phone (required), and name and roll for a phone without an account; its problems beside the fields.',
              on: {
                'add.change': {
                  description: 'The administrator types; the field\'s problem clears',
                  actions: assign(({ context, event }) => ({ form: { ...context.form, [event.field]: event.value }, fieldProblems: { ...context.fieldProblems, [event.field]: undefined } })),
                },
                'add.submit': [
                  { guard: 'phoneAcceptable', target: 'adding', description: 'The phone is well formed: the student is added', actions: ['clearWords', assign({ fieldProblems: {} })] },
                  { description: "The phone is missing or not a mobile number: the spec's words beside it", actions: assign(({ context }) => ({ fieldProblems: { ...context.fieldProblems, phone: phoneProblem(context.form.phone) ?? undefined } })) },
                ],
                'add.cancel': { target: 'browsing', description: 'The administrator closes the form', actions: assign({ form: EMPTY_FORM, fieldProblems: {}, problem: null }) },
              },
            },
            adding: {
              description: 'The student is being added; the form waits with its button busy.',
              tags: ['adding'],
              invoke: {
                src: 'addStudent',
                input: ({ context }) => ({
                  batchId: context.batchId,
                  body: { phone: context.form.phone.trim(), ...(context.form.name.trim() && { name: context.form.name.trim() }), ...(context.form.roll.trim() && { roll: context.form.roll.trim() }) },
                }),
                onDone: {
                  target: '#staffBatch.loading',
                  description: 'Added: the list shows the student (searched by their phone) and what was done',
                  actions: assign(({ event }) => ({ notice: event.output.message, search: event.output.student.phone, page: 1, form: EMPTY_FORM, fieldProblems: {} })),
                },
                onError: { target: 'editing', description: 'Refused (a new phone without a name, already in the batch) or not sent: the words show, the form keeps what was typed', actions: { type: 'keepAddProblem', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            confirmingRemoval: {
              description: "'Remove … from this batch? Their exams and results stay.' with Remove and Cancel.",
              on: {
                'remove.confirm': { target: 'removing', description: 'The administrator confirms' },
                'remove.cancel': { target: 'browsing', description: 'The administrator keeps the student', actions: assign({ chosen: null }) },
              },
            },
            removing: {
              description: 'The student is being removed from the batch.',
              tags: ['removing'],
              invoke: {
                src: 'removeStudent',
                input: ({ context }) => ({ batchId: context.batchId, studentId: context.chosen!._id }),
                onDone: { target: '#staffBatch.loading', description: 'Removed: the list is read again and says what was done', actions: assign(({ event }) => ({ notice: event.output.message, chosen: null })) },
                onError: { target: 'browsing', description: 'Not removed: the reason shows above the list', actions: [{ type: 'keepProblem', params: ({ event }) => ({ error: event.error }) }, assign({ chosen: null })] },
              },
            },
          },
        },
      },
    },
  },
});
