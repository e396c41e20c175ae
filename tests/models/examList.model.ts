import { examListMachine, type ExamListContext } from '../../src/machines/examList.machine';
import type { ExamCourse } from '../../src/services/exams';
import type { PathModel } from '../support/machine-paths';

export const course: ExamCourse = { id: 'c1', name: 'MBBS', description: '', image: null };
export const failure = Object.assign(new Error('Network error'), { network: true });

const everything: PathModel<typeof examListMachine> = {
  machine: examListMachine,
  input: { deviceNow: () => 0 },
  events: [
    { type: 'examList.chooseCourse', courseId: 'c1' },
    { type: 'examList.chooseCourse', courseId: 'other' },
    { type: 'examList.back' },
    { type: 'examList.selectTab', tab: 'practice' },
    { type: 'examList.selectTab', tab: 'live' },
    { type: 'examList.selectSubject', subjectId: 's1' },
    { type: 'examList.selectType', listType: 'previous' },
    { type: 'examList.type', text: 'ca' },
    { type: 'examList.type', text: 'c' },
    { type: 'examList.acceptSuggestion' },
    { type: 'examList.search' },
    { type: 'examList.clearSearch' },
    { type: 'examList.reload' },
    { type: 'examList.goTo', courseId: 'c1', tab: 'practice', listType: 'previous' },
    { type: 'examList.goTo', courseId: null, tab: 'live', listType: 'upcoming' },
  ],
  outcomes: {
    loadCourses: { done: [[course]] },
    loadSubjects: { done: [[{ _id: 's1', name: 'Anatomy' }]] },
    loadExams: { done: [[]] },
    loadSuggestion: { done: ['Cardiology test'] },
  },
  // The search box and filters multiply states without changing what can happen next.
  serializeState: (s) => {
    const c = s.context as ExamListContext;
    return JSON.stringify([s.value, c.course?.id ?? null, c.tab, c.searchText.length > 1, c.suggestion !== '', c.courses.length]);
  },
};
const failing: PathModel<typeof examListMachine> = {
  ...everything,
  events: [{ type: 'examList.chooseCourse', courseId: 'c1' }, { type: 'examList.reload' }],
  outcomes: { loadCourses: { error: [failure] }, loadSubjects: { error: [failure] }, loadExams: { error: [failure] } },
};
const failingInCourse: PathModel<typeof examListMachine> = { ...failing, outcomes: { ...failing.outcomes, loadCourses: { done: [[course]] } } };
// Typing is explored while the list is still loading, so the card refresh timer cannot fire
// in the middle of the 500 ms debounce.
const searching: PathModel<typeof examListMachine> = {
  ...everything,
  events: [
    { type: 'examList.chooseCourse', courseId: 'c1' },
    { type: 'examList.type', text: 'ca' },
    { type: 'examList.type', text: 'c' },
    { type: 'examList.acceptSuggestion' },
    { type: 'examList.clearSearch' },
  ],
  outcomes: { loadCourses: { done: [[course]] }, loadSuggestion: { done: ['Cardiology test'], error: [failure] } },
};
const browsing: PathModel<typeof examListMachine> = { ...everything, events: (everything.events as { type: string; text?: string }[]).filter((e) => e.text !== 'ca') as never };

export const models: PathModel<typeof examListMachine>[] = [
  { ...browsing, name: 'browsing' },
  { ...failing, name: 'failing' },
  { ...failingInCourse, name: 'failing in a course' },
  { ...searching, name: 'searching' },
  {
    ...everything,
    name: 'arriving at an address',
    input: { courseId: 'c1', tab: 'practice', deviceNow: () => 0 },
    events: [
      { type: 'examList.goTo', courseId: 'c1', tab: 'live', listType: 'previous' },
      { type: 'examList.goTo', courseId: null, tab: 'live', listType: 'upcoming' },
      { type: 'examList.goTo', courseId: 'other', tab: 'live', listType: 'upcoming' },
      { type: 'examList.back' },
    ],
  },
];
