// The exams page: choose a course, then browse live or practice exams with filters and search.
// Card states (live, upcoming, finished) are re-evaluated every 10 seconds from the clock.
import { assign, setup, fromPromise } from 'xstate';
import { EXAM_CARD_REFRESH_MS } from '../domain/examTiming';
import type { ExamAssignment } from '../contracts/exams';
import type { ExamCourse, ExamListQuery, ExamSubject } from '../services/exams';
import type { ExamListType, ExamPlace, ExamTab } from '../domain/examPlace';

export type { ExamListType, ExamTab } from '../domain/examPlace';

export interface ExamListContext {
  courses: ExamCourse[];
  course: ExamCourse | null;
  /** The course the address asks for, opened once the courses arrive. */
  wantedCourseId: string | null;
  tab: ExamTab;
  subjectId: string;
  listType: ExamListType;
  subjects: ExamSubject[];
  /** Text in the search box. */
  searchText: string;
  /** The search applied to the list (set by Search, cleared by clear). */
  search: string;
  /** Type-ahead completion for the search box ('' when none). */
  suggestion: string;
  exams: ExamAssignment[];
  /** Clock reading for card states, refreshed every 10 s. */
  now: number;
  deviceNow: () => number;
  failed: boolean;
}

export type ExamListEvent =
  | { type: 'examList.chooseCourse'; courseId: string }
  | { type: 'examList.back' }
  | ({ type: 'examList.goTo' } & ExamPlace)
  | { type: 'examList.selectTab'; tab: ExamTab }
  | { type: 'examList.selectSubject'; subjectId: string }
  | { type: 'examList.selectType'; listType: ExamListType }
  | { type: 'examList.type'; text: string }
  | { type: 'examList.acceptSuggestion' }
  | { type: 'examList.search' }
  | { type: 'examList.clearSearch' }
  | { type: 'examList.reload' };

export interface ExamListInput {
  courseId?: string | null;
  tab?: ExamTab;
  listType?: ExamListType;
  deviceNow: () => number;
}

const SEARCH_MIN_LENGTH = 2;

/** A suggestion extends the typed text (case-insensitively); only then can Tab accept it. */
export const suggestionCompletes = (typed: string, suggestion: string) =>
  suggestion.length > typed.length && suggestion.toLowerCase().startsWith(typed.toLowerCase());

export const examListMachine = setup({
  types: {} as { context: ExamListContext; events: ExamListEvent; input: ExamListInput },
  actors: {
    loadCourses: fromPromise<ExamCourse[], void>(async () => {
      throw new Error('provide loadCourses');
    }),
    loadSubjects: fromPromise<ExamSubject[], { courseId: string }>(async () => {
      throw new Error('provide loadSubjects');
    }),
    loadExams: fromPromise<ExamAssignment[], ExamListQuery>(async () => {
      throw new Error('provide loadExams');
    }),
    loadSuggestion: fromPromise<string, ExamListQuery>(async () => {
      throw new Error('provide loadSuggestion');
    }),
  },
  actions: {
    tick: assign({ now: ({ context }) => context.deviceNow() }),
    openPlace: assign(({ context, event }) => {
      if (event.type !== 'examList.goTo') return {};
      return {
        course: context.courses.find((c) => c.id === event.courseId) ?? null,
        tab: event.tab,
        listType: event.listType,
        subjectId: '',
        searchText: '',
        search: '',
        suggestion: '',
        exams: [],
      };
    }),
    /** Suggestion lookup errors are only logged (spec section 8). */
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    searchable: ({ event }) => event.type === 'examList.type' && event.text.trim().length >= SEARCH_MIN_LENGTH,
    hasSuggestion: ({ context }) => suggestionCompletes(context.searchText, context.suggestion),
    liveTab: ({ context }) => context.tab === 'live',
    /** The live tab's filter offers 'All Subjects' and the subjects that arrived: only those can be picked. */
    subjectOffered: ({ context, event }) =>
      context.tab === 'live' && event.type === 'examList.selectSubject' && (event.subjectId === '' || context.subjects.some((subject) => subject._id === event.subjectId)),
    goesToKnownCourse: ({ context, event }) => event.type === 'examList.goTo' && context.courses.some((c) => c.id === event.courseId),
  },
  delays: {
    searchDebounce: 500,
    cardRefresh: EXAM_CARD_REFRESH_MS,
  },
}).createMachine({
  id: 'examList',
  description: 'The exams page (/exams): choose a course, then the Live Exam and Practice Exam tabs with filters, search and exam cards whose state is re-evaluated every 10 seconds.',
  meta: { spec: '§2 Exams page; §4 States and transitions — Exam card state, Start button' },
  context: ({ input }) => ({
    courses: [],
    course: null,
    wantedCourseId: input.courseId ?? null,
    tab: input.tab ?? 'live',
    subjectId: '',
    listType: input.listType ?? 'upcoming',
    subjects: [],
    searchText: '',
    search: '',
    suggestion: '',
    exams: [],
    now: input.deviceNow(),
    deviceNow: input.deviceNow,
    failed: false,
  }),
  initial: 'loadingCourses',
  on: {
    'examList.goTo': [
      {
        guard: 'goesToKnownCourse',
        target: '#examList.course',
        reenter: true,
        description: "The address names a course (Back, Forward, a notification): that course's list opens with the address's tab and type",
        actions: 'openPlace',
      },
      {
        target: '#examList.choosingCourse',
        description: "The address names no course the student has: 'Choose course'",
        actions: assign({ course: null, exams: [], subjects: [], tab: ({ event }) => event.tab, listType: ({ event }) => event.listType }),
      },
    ],
  },
  states: {
    loadingCourses: {
      description: "The student's courses are loading.",
      tags: ['loading'],
      invoke: {
        src: 'loadCourses',
        onDone: [
          {
            guard: ({ event, context }) => event.output.some((c) => c.id === context.wantedCourseId),
            target: 'course',
            description: "The courses arrived and the address names one of them: its exams open",
            actions: assign({
              courses: ({ event }) => event.output,
              course: ({ event, context }) => event.output.find((c) => c.id === context.wantedCourseId) ?? null,
              wantedCourseId: null,
              failed: false,
            }),
          },
          { target: 'choosingCourse', description: 'The courses arrived', actions: assign({ courses: ({ event }) => event.output, wantedCourseId: null, failed: false }) },
        ],
        onError: { target: 'choosingCourse', description: 'The courses could not be loaded: an error status shows', actions: assign({ failed: true }) },
      },
      on: {
        'examList.goTo': {
          description: 'The address changed while the courses load (Back, a notification): that place opens once they arrive',
          actions: assign({ wantedCourseId: ({ event }) => event.courseId, tab: ({ event }) => event.tab, listType: ({ event }) => event.listType }),
        },
      },
    },
    choosingCourse: {
      description: "'Choose course for exam information' with the student's courses",
      on: {
        'examList.chooseCourse': {
          guard: ({ context, event }) => context.courses.some((c) => c.id === event.courseId),
          target: 'course',
          description: 'The student chooses a course card',
          actions: assign({
            course: ({ context, event }) => context.courses.find((c) => c.id === event.courseId) ?? null,
            subjectId: '',
            searchText: '',
            search: '',
            suggestion: '',
            exams: [],
          }),
        },
        'examList.reload': { target: 'loadingCourses', description: 'The student presses Try again, or the connection returns: the courses are asked for again' },
      },
    },
    course: {
      description: "A Back button, 'Course : {name}', the Live Exam and Practice Exam tabs.",
      type: 'parallel',
      on: {
        'examList.back': { target: 'choosingCourse', description: 'The student presses Back', actions: assign({ course: null, exams: [], subjects: [] }) },
      },
      states: {
        list: {
          description: 'The exam cards of the chosen tab, 4 per row on large screens.',
          initial: 'loading',
          on: {
            'examList.selectTab': {
              target: '.loading',
              description: 'The student switches between Live Exam and Practice Exam: filters and search reset',
              actions: assign({ tab: ({ event }) => event.tab, subjectId: '', searchText: '', search: '', suggestion: '' }),
            },
            'examList.selectSubject': { guard: 'subjectOffered', target: '.loading', description: "The student picks a subject in the filter ('All Subjects', or one of the course's subjects once they arrived)", actions: assign({ subjectId: ({ event }) => event.subjectId }) },
            'examList.selectType': { guard: 'liveTab', target: '.loading', description: 'The student picks Previous Exams or Upcoming Exams', actions: assign({ listType: ({ event }) => event.listType }) },
            'examList.search': { target: '.loading', description: 'The student presses Search', actions: assign({ search: ({ context }) => context.searchText.trim(), suggestion: '' }) },
            'examList.clearSearch': { target: '.loading', description: 'The student clears the search box: the whole list shows', actions: assign({ searchText: '', search: '', suggestion: '' }) },
            'examList.reload': { target: '.loading', description: 'The connection returns, or an exam left the batch: the list is asked for again, so every card is current' },
          },
          states: {
            loading: {
              description: 'The exams of the tab, subject, type and search are loading.',
              tags: ['loading'],
              invoke: {
                src: 'loadExams',
                input: ({ context }) => queryOf(context),
                onDone: { target: 'ready', description: 'The exams arrived: each card shows live, upcoming or finished', actions: assign({ exams: ({ event }) => event.output, failed: false, now: ({ context }) => context.deviceNow() }) },
                onError: { target: 'ready', description: 'Failure only sets an error status', actions: assign({ exams: [], failed: true }) },
              },
            },
            ready: {
              description: 'Card states are re-evaluated every 10 seconds',
              after: { cardRefresh: { target: 'ready', reenter: true, description: 'Every card state is evaluated again', actions: 'tick' } },
            },
          },
        },
        subjects: {
          description: "The Live tab's subject filter.",
          initial: 'loading',
          states: {
            loading: {
              description: "The course's subjects are loading for the filter.",
              invoke: {
                src: 'loadSubjects',
                input: ({ context }) => ({ courseId: context.course!.id }),
                onDone: { target: 'ready', description: 'The subjects fill the filter', actions: assign({ subjects: ({ event }) => event.output }) },
                onError: { target: 'ready', description: "No subjects could be loaded: the filter offers 'All Subjects' only", actions: assign({ subjects: [] }) },
              },
            },
            ready: { description: "The subject filter with 'All Subjects' and the course's subjects." },
          },
        },
        search: {
          description: 'The Search box with type-ahead suggestion, a clear button and a Search button.',
          initial: 'idle',
          on: {
            'examList.type': [
              { guard: 'searchable', target: '.debouncing', description: 'The student types two characters or more', actions: assign({ searchText: ({ event }) => event.text }) },
              {
                target: '.idle',
                description: 'One character or none: no lookup; an empty box resets the list',
                actions: assign({ searchText: ({ event }) => event.text, suggestion: '' }),
              },
            ],
            'examList.acceptSuggestion': { guard: 'hasSuggestion', target: '.idle', description: 'The student presses Tab or taps the suggestion: it fills the box', actions: assign({ searchText: ({ context }) => context.suggestion, suggestion: '' }) },
            'examList.clearSearch': { target: '.idle', description: 'The student clears the search box' },
          },
          states: {
            idle: { description: 'The search box with the suggestion, if any, shown below it as a button.' },
            debouncing: {
              description: 'Waiting for the student to stop typing before asking for a suggestion.',
              after: { searchDebounce: { target: 'suggesting', description: 'The student paused: ask for a suggestion' } },
            },
            suggesting: {
              description: 'A suggestion for the typed text is being looked up.',
              invoke: {
                src: 'loadSuggestion',
                input: ({ context }) => ({ ...queryOf(context), search: context.searchText.trim() }),
                onDone: { target: 'idle', description: 'The suggestion shows below the box', actions: assign({ suggestion: ({ event }) => event.output ?? '' }) },
                onError: { target: 'idle', description: 'No suggestion could be found: none shows', actions: [assign({ suggestion: '' }), { type: 'logError', params: ({ event }) => ({ error: event.error }) }] },
              },
            },
          },
        },
      },
    },
  },
});

function queryOf(context: ExamListContext): ExamListQuery {
  return {
    courseId: context.course!.id,
    isPracticeExam: context.tab === 'practice',
    subjectId: context.tab === 'live' ? context.subjectId : '',
    search: context.search,
    type: context.tab === 'live' ? context.listType : undefined,
  };
}

/** Where the student is on the page (written to the address), or null while the courses load. */
export function examListPlace(snapshot: { matches: (state: 'loadingCourses' | 'course') => boolean; context: ExamListContext }): ExamPlace | null {
  if (snapshot.matches('loadingCourses')) return null;
  const { course, tab, listType } = snapshot.context;
  return { courseId: snapshot.matches('course') ? (course?.id ?? null) : null, tab, listType };
}
