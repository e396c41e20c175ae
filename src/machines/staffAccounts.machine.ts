// The desk's staff accounts (/staff/accounts, administrators): the staff with their role, courses and
// whether they are on. An administrator adds a teacher (with courses) or an administrator, and the
// one-time password shows once, until dismissed; gives and takes away a teacher's courses; turns an
// account off (after confirming: its sessions end) or on; gives a new one-time password (after
// confirming). One change at a time; every refusal in the server's words.
import { assign, fromPromise, setup } from 'xstate';
import type { AddStaffBody, StaffAccount, StaffAccountList, StaffChanged, StaffRole, StaffWithPassword, staffAccountsContract } from '../contracts/staffAccounts';
import type { RefusalOf } from '../contracts/refusals';
import { failureWords, type RefusalWords } from '../domain/messages';
import { placeRefusal } from './fieldRefusal';

export interface AddStaffForm {
  username: string;
  name: string;
  role: StaffRole;
  courseIds: string[];
}

export type AddStaffField = 'username' | 'name';

/** A change of one account: a course given or taken away, the account turned off or on. */
export type AccountChange = { action: 'giveCourse' | 'takeCourse'; staffId: string; courseId: string } | { action: 'turnOff' | 'turnOn'; staffId: string };

/** A one-time password to hand over, shown until the administrator dismisses it. */
export interface OneTimePassword {
  name: string;
  username: string;
  password: string;
  message: string;
}

export interface StaffAccountsContext {
  list: StaffAccountList | null;
  form: AddStaffForm;
  fieldProblems: Partial<Record<AddStaffField, string>>;
  /** The account asked about (turn off, new password). */
  chosen: StaffAccount | null;
  change: AccountChange | null;
  oneTime: OneTimePassword | null;
  notice: string | null;
  problem: RefusalWords | null;
}

export type StaffAccountsEvent =
  | { type: 'accounts.retry' }
  | { type: 'accounts.refresh' }
  | { type: 'add.open' }
  | { type: 'add.change'; field: AddStaffField; value: string }
  | { type: 'add.role'; role: StaffRole }
  | { type: 'add.course'; courseId: string; chosen: boolean }
  | { type: 'add.submit' }
  | { type: 'add.cancel' }
  | { type: 'course.give'; staffId: string; courseId: string }
  | { type: 'course.take'; staffId: string; courseId: string }
  | { type: 'turnOn'; staffId: string }
  | { type: 'turnOff.ask'; staff: StaffAccount }
  | { type: 'turnOff.confirm' }
  | { type: 'turnOff.cancel' }
  | { type: 'reset.ask'; staff: StaffAccount }
  | { type: 'reset.confirm' }
  | { type: 'reset.cancel' }
  | { type: 'password.dismiss' };

const EMPTY_FORM: AddStaffForm = { username: '', name: '', role: 'teacher', courseIds: [] };

/** Which field a refusal of the add form belongs to, by its code. */
const FIELD_OF_CODE: Partial<Record<RefusalOf<(typeof staffAccountsContract)['add'], 400 | 409>, AddStaffField>> = { usernameInvalid: 'username', usernameTaken: 'username', staffNameMissing: 'name' };

/** The list with one account put in (replacing its old self), administrators first, then by name. */
export function withAccount(list: StaffAccountList, staff: StaffAccount): StaffAccountList {
  const others = list.staff.filter((s) => s._id !== staff._id);
  const rank = (s: StaffAccount) => (s.role === 'admin' ? 0 : 1);
  return { ...list, staff: [...others, staff].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name)) };
}

export const staffAccountsMachine = setup({
  types: {} as { context: StaffAccountsContext; events: StaffAccountsEvent },
  actors: {
    /** GET /staff/accounts. */
    loadAccounts: fromPromise<StaffAccountList>(async () => {
      throw new Error('provide loadAccounts');
    }),
    /** POST /staff/accounts. */
    addStaff: fromPromise<StaffWithPassword, AddStaffBody>(async () => {
      throw new Error('provide addStaff');
    }),
    /** PUT or DELETE /staff/accounts/:staffId/courses/:courseId, POST …/turn-off or …/turn-on. */
    changeAccount: fromPromise<StaffChanged, AccountChange>(async () => {
      throw new Error('provide changeAccount');
    }),
    /** POST /staff/accounts/:staffId/reset-password. */
    resetPassword: fromPromise<StaffWithPassword, { staffId: string }>(async () => {
      throw new Error('provide resetPassword');
    }),
  },
  actions: {
    keepProblem: assign((_, params: { error: unknown }) => ({ problem: failureWords(params.error) })),
    clearWords: assign({ problem: null, notice: null }),
    /** A refusal of the add form shows beside its field when it names one, else above the form. */
    keepAddProblem: assign(({ context }, params: { error: unknown }) => placeRefusal(FIELD_OF_CODE, context.fieldProblems, params.error)),
    keepAccount: assign(({ context }, params: { staff: StaffAccount; message: string }) => ({ list: context.list && withAccount(context.list, params.staff), notice: params.message })),
    keepPassword: assign((_, params: { reply: StaffWithPassword }) => ({
      oneTime: { name: params.reply.staff.name, username: params.reply.staff.username, password: params.reply.password, message: params.reply.message },
    })),
  },
  guards: {
    /** A teacher's course can be given only when they lack it, taken only when they have it; an administrator has every course. */
    courseChangeFits: ({ context }, params: { staffId: string; courseId: string; give: boolean }) => {
      const staff = context.list?.staff.find((s) => s._id === params.staffId);
      if (!staff || staff.role !== 'teacher') return false;
      return staff.courses.some((c) => c._id === params.courseId) !== params.give;
    },
    isOff: ({ context }, params: { staffId: string }) => context.list?.staff.find((s) => s._id === params.staffId)?.active === false,
    isOn: (_, params: { staff: StaffAccount }) => params.staff.active,
  },
}).createMachine({
  id: 'staffAccounts',
  description: "The desk's staff accounts for administrators: add a teacher or an administrator (the one-time password shows once), give and take courses, turn an account off or on, give a new one-time password.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: staff accounts on the desk (issue 37)' },
  context: { list: null, form: EMPTY_FORM, fieldProblems: {}, chosen: null, change: null, oneTime: null, notice: null, problem: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The staff and the academy\'s courses are read.',
      tags: ['loading'],
      invoke: {
        src: 'loadAccounts',
        onDone: { target: 'ready', description: 'The staff show', actions: assign({ list: ({ event }) => event.output }) },
        onError: { target: 'failed', description: 'The staff could not be had: the reason shows', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: "The reason in the server's words (offline, administrators only, signed out) with Try again.",
      on: { 'accounts.retry': { target: 'loading', description: 'The administrator presses Try again', actions: 'clearWords' } },
    },
    ready: {
      description: 'The staff with their role, courses and state; beside them the add form, a confirmation or a change under way, one at a time.',
      initial: 'browsing',
      on: {
        'password.dismiss': { description: 'The administrator has noted the one-time password: it goes away for good', actions: assign({ oneTime: null }) },
      },
      states: {
        browsing: {
          description: 'Add, Refresh, and on each account its courses to give or take, Turn off or Turn on and New password.',
          on: {
            'accounts.refresh': { target: '#staffAccounts.loading', description: 'The administrator presses Refresh', actions: 'clearWords' },
            'add.open': { target: 'editing', description: 'The administrator presses Add a staff member', actions: ['clearWords', assign({ form: EMPTY_FORM, fieldProblems: {} })] },
            'course.give': {
              guard: { type: 'courseChangeFits', params: ({ event }) => ({ staffId: event.staffId, courseId: event.courseId, give: true }) },
              target: 'changing',
              description: 'The administrator gives a teacher a course',
              actions: ['clearWords', assign({ change: ({ event }) => ({ action: 'giveCourse' as const, staffId: event.staffId, courseId: event.courseId }) })],
            },
            'course.take': {
              guard: { type: 'courseChangeFits', params: ({ event }) => ({ staffId: event.staffId, courseId: event.courseId, give: false }) },
              target: 'changing',
              description: "The administrator takes a course away from a teacher",
              actions: ['clearWords', assign({ change: ({ event }) => ({ action: 'takeCourse' as const, staffId: event.staffId, courseId: event.courseId }) })],
            },
            turnOn: {
              guard: { type: 'isOff', params: ({ event }) => ({ staffId: event.staffId }) },
              target: 'changing',
              description: 'The administrator turns an account that is off back on',
              actions: ['clearWords', assign({ change: ({ event }) => ({ action: 'turnOn' as const, staffId: event.staffId }) })],
            },
            'turnOff.ask': {
              guard: { type: 'isOn', params: ({ event }) => ({ staff: event.staff }) },
              target: 'confirmingTurnOff',
              description: 'The administrator presses Turn off on an account that is on',
              actions: ['clearWords', assign({ chosen: ({ event }) => event.staff })],
            },
            'reset.ask': { target: 'confirmingReset', description: 'The administrator presses New password on an account', actions: ['clearWords', assign({ chosen: ({ event }) => event.staff })] },
          },
        },
        editing: {
          description: 'The add form: username, name, role, and for a teacher the courses; its problems beside the fields.',
          on: {
            'add.change': {
              description: "The administrator types; the field's problem clears",
              actions: assign(({ context, event }) => ({ form: { ...context.form, [event.field]: event.value }, fieldProblems: { ...context.fieldProblems, [event.field]: undefined } })),
            },
            'add.role': { description: 'The administrator chooses teacher or administrator', actions: assign(({ context, event }) => ({ form: { ...context.form, role: event.role } })) },
            'add.course': {
              description: 'The administrator ticks or unticks a course for the new teacher',
              actions: assign(({ context, event }) => ({
                form: { ...context.form, courseIds: event.chosen ? [...new Set([...context.form.courseIds, event.courseId])] : context.form.courseIds.filter((id) => id !== event.courseId) },
              })),
            },
            'add.submit': { target: 'adding', description: 'The administrator presses Add: the server checks the fields', actions: ['clearWords', assign({ fieldProblems: {} })] },
            'add.cancel': { target: 'browsing', description: 'The administrator closes the form', actions: assign({ form: EMPTY_FORM, fieldProblems: {}, problem: null }) },
          },
        },
        adding: {
          description: 'The account is being made; the form waits with its button busy.',
          tags: ['adding'],
          invoke: {
            src: 'addStaff',
            input: ({ context }) => ({
              username: context.form.username.trim(),
              name: context.form.name.trim(),
              role: context.form.role,
              ...(context.form.role === 'teacher' && { courseIds: context.form.courseIds }),
            }),
            onDone: {
              target: 'browsing',
              description: 'Added: the account is listed and its one-time password shows once',
              actions: [
                { type: 'keepAccount', params: ({ event }) => ({ staff: event.output.staff, message: event.output.message }) },
                { type: 'keepPassword', params: ({ event }) => ({ reply: event.output }) },
                assign({ form: EMPTY_FORM, fieldProblems: {} }),
              ],
            },
            onError: { target: 'editing', description: 'Refused (username taken or not allowed, no name) or not sent: the words show, the form keeps what was typed', actions: { type: 'keepAddProblem', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        changing: {
          description: "A course is being given or taken away, or an account turned off or on; the other controls wait.",
          tags: ['changing'],
          invoke: {
            src: 'changeAccount',
            input: ({ context }) => context.change!,
            onDone: { target: 'browsing', description: 'Done: the account shows its new courses or state and what was done', actions: [{ type: 'keepAccount', params: ({ event }) => ({ staff: event.output.staff, message: event.output.message }) }, assign({ change: null, chosen: null })] },
            onError: { target: 'browsing', description: 'Refused or not sent: the reason shows above the list', actions: [{ type: 'keepProblem', params: ({ event }) => ({ error: event.error }) }, assign({ change: null, chosen: null })] },
          },
        },
        confirmingTurnOff: {
          description: "'Turn off …? They are signed out at once and cannot sign in until turned on.' with Turn off and Cancel.",
          on: {
            'turnOff.confirm': { target: 'changing', description: 'The administrator confirms', actions: assign({ change: ({ context }) => ({ action: 'turnOff' as const, staffId: context.chosen!._id }) }) },
            'turnOff.cancel': { target: 'browsing', description: 'The administrator keeps the account on', actions: assign({ chosen: null }) },
          },
        },
        confirmingReset: {
          description: "'Give … a new one-time password? The old password stops working and their sessions end.' with New password and Cancel.",
          on: {
            'reset.confirm': { target: 'resetting', description: 'The administrator confirms' },
            'reset.cancel': { target: 'browsing', description: 'The administrator keeps the password', actions: assign({ chosen: null }) },
          },
        },
        resetting: {
          description: 'A new one-time password is being made.',
          tags: ['resetting'],
          invoke: {
            src: 'resetPassword',
            input: ({ context }) => ({ staffId: context.chosen!._id }),
            onDone: {
              target: 'browsing',
              description: 'Made: the new one-time password shows once',
              actions: [{ type: 'keepAccount', params: ({ event }) => ({ staff: event.output.staff, message: event.output.message }) }, { type: 'keepPassword', params: ({ event }) => ({ reply: event.output }) }, assign({ chosen: null })],
            },
            onError: { target: 'browsing', description: 'Refused (your own account) or not sent: the reason shows above the list', actions: [{ type: 'keepProblem', params: ({ event }) => ({ error: event.error }) }, assign({ chosen: null })] },
          },
        },
      },
    },
  },
});
