// The forum list of one course (/qa-forum-list/{courseId}): search with suggestions (800 ms after the
// student stops typing, the list and the suggestions follow the text), Sort with five options where
// clicking the active one clears it, Reset, subject and chapter filters, and pagination.
import { assign, fromPromise, raise, setup } from 'xstate';
import type { ForumQuestion, KeywordSuggestion, SearchBody, SearchResult } from '../contracts/forum';
import { FORUM_DEFAULT_PAGE_SIZE, FORUM_SEARCH_DEBOUNCE_MS, nextSort, type ForumSort } from '../domain/forum';

export interface ForumListContext {
  studentId: string;
  courseId: string;
  filter: ForumSort | '';
  subjectId: string;
  chapterId: string;
  /** What the search box holds. */
  searchText: string;
  /** The text the list was searched with. */
  search: string;
  page: number;
  limit: number;
  questions: ForumQuestion[];
  totalRecords: number;
  /** More questions match than totalRecords (a common word: the count stops at its cap). */
  totalCapped: boolean;
  suggestions: KeywordSuggestion[];
  error: string | null;
}

export type ForumListEvent =
  | { type: 'search.type'; text: string }
  | { type: 'search.submit' }
  | { type: 'search.clear' }
  | { type: 'suggestion.pick'; questionId: string }
  | { type: 'sort.select'; sort: ForumSort }
  | { type: 'subject.select'; subjectId: string }
  | { type: 'chapter.select'; chapterId: string }
  | { type: 'page.change'; page: number }
  | { type: 'pageSize.change'; limit: number }
  | { type: 'reset' }
  | { type: 'questions.retry' };

/** Suggestions need more than one character. */
const SUGGEST_MIN_LENGTH = 2;

const searchBodyOf = (context: ForumListContext): SearchBody => ({
  studentId: context.studentId,
  filter: context.filter,
  courseId: context.courseId,
  subjectId: context.subjectId,
  chapterId: context.chapterId,
  searchString: context.search,
  page: context.page,
  limit: context.limit,
});

export const forumListMachine = setup({
  types: {} as { context: ForumListContext; events: ForumListEvent; input: { studentId: string; courseId: string } },
  actors: {
    loadQuestions: fromPromise<SearchResult, SearchBody>(async () => {
      throw new Error('provide loadQuestions');
    }),
    loadSuggestions: fromPromise<KeywordSuggestion[], { searchString: string; courseId: string }>(async () => {
      throw new Error('provide loadSuggestions');
    }),
  },
  guards: {
    suggestible: ({ event }) => event.type === 'search.type' && event.text.trim().length >= SUGGEST_MIN_LENGTH,
    /** The box was emptied while the list still shows a search: the list goes back to every question. */
    emptiedSearch: ({ context, event }) => event.type === 'search.type' && event.text.trim() === '' && context.search !== '',
  },
  actions: {
    openQuestion: (_, _params: { questionId: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
  },
  delays: { searchDebounce: FORUM_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'forumList',
  description: "The forum list of a course: 'Question and Answer', Ask a Question, search with suggestions, Sort and Reset, subject and chapter filters, question cards and pagination.",
  meta: { spec: '§2 Forum list; §4 Sort options; §9 forum search debounce and page sizes' },
  context: ({ input }) => ({
    studentId: input.studentId,
    courseId: input.courseId,
    filter: '',
    subjectId: '',
    chapterId: '',
    searchText: '',
    search: '',
    page: 1,
    limit: FORUM_DEFAULT_PAGE_SIZE,
    questions: [],
    totalRecords: 0,
    totalCapped: false,
    suggestions: [],
    error: null,
  }),
  type: 'parallel',
  states: {
    list: {
      description: 'The question cards and the pagination.',
      initial: 'loading',
      on: {
        'search.submit': { target: '.loading', description: 'The student searches (Enter, or paused typing)', actions: assign({ search: ({ context }) => context.searchText.trim(), page: 1 }) },
        'search.clear': {
          target: '.loading',
          description: 'The student clears the search (Clear, or an emptied box): every question of the course again, with the sort and filters kept',
          actions: assign({ searchText: '', search: '', suggestions: [], page: 1 }),
        },
        'sort.select': {
          target: '.loading',
          description: 'The student clicks a Sort option: the active one clears it',
          actions: assign({ filter: ({ context, event }) => nextSort(context.filter, event.sort), page: 1 }),
        },
        'subject.select': { target: '.loading', description: 'The student filters by subject: the chapter starts again', actions: assign({ subjectId: ({ event }) => event.subjectId, chapterId: '', page: 1 }) },
        'chapter.select': { target: '.loading', description: 'The student filters by chapter', actions: assign({ chapterId: ({ event }) => event.chapterId, page: 1 }) },
        'page.change': { target: '.loading', description: 'The student opens another page', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
        'pageSize.change': { target: '.loading', description: 'The student chooses 10, 40 or 100 per page', actions: assign({ limit: ({ event }) => event.limit, page: 1 }) },
        reset: {
          target: '.loading',
          description: 'The student presses Reset: sort, filters and search are cleared',
          actions: assign({ filter: '', subjectId: '', chapterId: '', searchText: '', search: '', suggestions: [], page: 1 }),
        },
      },
      states: {
        loading: {
          description: 'The questions are being fetched.',
          tags: ['loading'],
          invoke: {
            src: 'loadQuestions',
            input: ({ context }) => searchBodyOf(context),
            onDone: {
              target: 'ready',
              description: 'The questions arrived: cards and pagination show',
              actions: assign({ questions: ({ event }) => event.output.questions, totalRecords: ({ event }) => event.output.totalRecords, totalCapped: ({ event }) => event.output.totalCapped, error: null }),
            },
            onError: {
              target: 'failed',
              description: 'The questions could not be fetched',
              actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : 'The questions could not be loaded.') }),
            },
          },
        },
        ready: { description: 'The question cards (or none found) with the pagination.' },
        failed: {
          description: 'The questions could not be loaded; a Try again button shows.',
          on: { 'questions.retry': { target: 'loading', description: 'The student presses Try again' } },
        },
      },
    },
    suggestions: {
      description: 'The search box and its suggestions.',
      initial: 'idle',
      on: {
        'search.type': [
          {
            guard: 'emptiedSearch',
            target: '.idle',
            description: 'The student empties the box: the search is cleared',
            actions: raise({ type: 'search.clear' }),
          },
          {
            guard: 'suggestible',
            target: '.waiting',
            description: 'The student types two characters or more: suggestions and the list follow after a pause',
            actions: assign({ searchText: ({ event }) => event.text }),
          },
          {
            target: '.idle',
            description: 'One character or none: no suggestions',
            actions: assign({ searchText: ({ event }) => event.text, suggestions: [] }),
          },
        ],
        'search.clear': { target: '.idle', description: 'The search is cleared: no suggestions, nothing waits to be looked up' },
        'suggestion.pick': {
          target: '.idle',
          description: 'The student picks a suggestion: its question opens',
          actions: [assign({ suggestions: [] }), { type: 'openQuestion', params: ({ event }) => ({ questionId: event.questionId }) }],
        },
      },
      states: {
        idle: { description: 'The search box, with suggestions under it when there are any.' },
        waiting: {
          description: 'Waiting 800 ms for the student to stop typing.',
          after: { searchDebounce: { target: 'fetching', description: 'The student paused: the list searches and suggestions are asked for', actions: raise({ type: 'search.submit' }) } },
        },
        fetching: {
          description: 'Suggestions for the typed text are being looked up.',
          invoke: {
            src: 'loadSuggestions',
            input: ({ context }) => ({ searchString: context.searchText.trim(), courseId: context.courseId }),
            onDone: { target: 'idle', description: 'The suggestions show under the box', actions: assign({ suggestions: ({ event }) => event.output }) },
            onError: { target: 'idle', description: 'No suggestions could be found: only logged', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
