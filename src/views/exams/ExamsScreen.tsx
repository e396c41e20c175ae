// /exams: choose a course, then live or practice exams with filters, search and exam cards.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { examListMachine, examListPlace, suggestionCompletes, type ExamListType, type ExamTab } from '../../machines/examList.machine';
import { addressedExamOf, examPlaceAddress, examPlaceFrom, rememberExamList, samePlace } from '../../domain/examPlace';
import type { ExamAssignment } from '../../contracts/exams';
import { examsApi } from '../../services/exams';
import { SectionTabs } from '../app/SectionTabs';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { Tabs } from '../ui/Tabs';
import { CoverImage } from '../content/CoverImage';
import { cardAction, ExamCard } from './ExamCard';
import { LiveExamScreen } from '../live-exam/liveExamEntry';
import { useExamInstruction, InstructionModal } from './InstructionModal';
import { useOpenResult } from '../results/resultNavigation';
import { useConnectionChanges, useStudent } from '../app/RootActors';
import { NO_BATCH_MESSAGE, NOTHING_ADDED_MESSAGE } from '../content/ContentListStatus';
import { focusHeadingWhenShown } from '../app/RouteAnnouncer';

export function ExamsScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const arrival = examPlaceFrom(location.search);
  const list = useActorRef(
    examListMachine.provide({
      actors: {
        loadCourses: fromPromise(() => examsApi.courses()),
        loadSubjects: fromPromise(({ input }) => examsApi.subjects(input.courseId)),
        loadExams: fromPromise(({ input }) => examsApi.list(input)),
        loadSuggestion: fromPromise(({ input }) => examsApi.namePrompt(input)),
      },
      actions: {
        logError: (_, { error }) => console.warn('Exam name suggestion failed', error),
      },
    }),
    {
      input: { courseId: arrival.courseId, tab: arrival.tab, listType: arrival.listType, deviceNow: () => Date.now() },
    },
  );
  // The address and the page agree: a place the student reaches is written to the address (a new
  // entry when the course changes, so Back returns to the previous step), and an address reached by
  // Back, Forward or a notification opens its place.
  const place = useSelector(list, examListPlace, (a, b) => a === b || (!!a && !!b && samePlace(a, b)));
  const search = useRef(location.search);
  search.current = location.search;
  useEffect(() => {
    if (!place) return;
    const addressed = examPlaceFrom(search.current);
    if (samePlace(addressed, place)) return;
    // An address naming a course the student does not have is corrected in place.
    const unknownCourse = !list.getSnapshot().context.courses.some((c) => c.id === addressed.courseId);
    void navigate(examPlaceAddress(place), { replace: addressed.courseId === place.courseId || (place.courseId === null && unknownCourse) });
  }, [place, list, navigate]);
  useEffect(() => {
    const addressed = examPlaceFrom(location.search);
    const current = examListPlace(list.getSnapshot());
    if (!current || !samePlace(addressed, current)) list.send({ type: 'examList.goTo', ...addressed });
  }, [location.search, list]);
  // The list an exam is started from is where its Quit, Back and submission return.
  useEffect(() => rememberExamList(location.pathname + location.search), [location.pathname, location.search]);
  // The exam screen's code comes now, while the list shows, so Start Exam does not depend on the link.
  useEffect(() => {
    LiveExamScreen.preload().catch(() => undefined);
  }, []);
  const choosing = useSelector(list, (s) => !s.matches('course'));
  useStepHeadingFocus(choosing);
  const instruction = useExamInstruction(() => list.send({ type: 'examList.reload' }));
  // Back online after a time without a connection: the courses or the list are asked for again, as cards may have moved on.
  useConnectionChanges((online) => online && list.send({ type: 'examList.reload' }));
  const subjects = useSelector(list, (s) => s.context.subjects);
  const subjectNames = Object.fromEntries(subjects.map((subject) => [subject._id, subject.name]));
  const resume = (assignment: ExamAssignment) => void navigate(`/live-exam/${assignment.examId._id}/${assignment.groupId}`);
  useAddressedExam(list, { start: instruction.open, resume });

  return (
    <section>
      <SectionTabs />
      {choosing ? <CourseStep list={list} /> : <CourseExams list={list} onStart={instruction.open} onResume={resume} onRetake={instruction.retake} />}
      <InstructionModal actor={instruction.actor} subjectNames={subjectNames} />
    </section>
  );
}

type ListActor = ReturnType<typeof useActorRef<typeof examListMachine>>;

/**
 * An exam the address names (?exam=, a Today line) opens once its list has loaded: its instruction, or its
 * paper when an attempt is under way; an exam that cannot start yet, or is over, is scrolled into view.
 * The address then drops it, so Back and a reload show the list alone.
 */
function useAddressedExam(list: ListActor, open: { start: (assignment: ExamAssignment) => void; resume: (assignment: ExamAssignment) => void }): void {
  const location = useLocation();
  const navigate = useNavigate();
  const addressed = addressedExamOf(location.search);
  const exams = useSelector(list, (s) => (s.matches({ course: { list: 'ready' } }) ? s.context.exams : null));
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!addressed || !exams) return;
    const params = new URLSearchParams(location.search);
    params.delete('exam');
    void navigate(`${location.pathname}?${params.toString()}`, { replace: true });
    const assignment = exams.find((candidate) => candidate.examId._id === addressed);
    if (!assignment) return;
    const action = cardAction(assignment, list.getSnapshot().context.now);
    if (action === 'start') openRef.current.start(assignment);
    else if (action === 'resume') openRef.current.resume(assignment);
    else document.querySelector(`[data-exam-id="${CSS.escape(addressed)}"]`)?.scrollIntoView({ block: 'center' });
  }, [addressed, exams, list, location.pathname, location.search, navigate]);
}

/** After choosing a course (or Back to the courses) keyboard focus moves to the new step's heading, as after a navigation. */
function useStepHeadingFocus(choosing: boolean): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    return focusHeadingWhenShown();
  }, [choosing]);
}

function CourseStep({ list }: { list: ListActor }) {
  const courses = useSelector(list, (s) => s.context.courses);
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const failed = useSelector(list, (s) => s.context.failed);
  const inBatch = (useStudent()?.groups.length ?? 0) > 0;
  // While the courses load again, Try again and the cards wait (busy, disabled): a press then would be lost.
  return (
    <div>
      <h1 className="mb-4 text-lg font-semibold text-slate-900">Choose course for exam information</h1>
      {loading && <Spinner label="Loading…" />}
      {failed && (
        <Button busy={loading} onClick={() => list.send({ type: 'examList.reload' })}>
          Try again
        </Button>
      )}
      {/* The same empty states as My Courses: a student in no batch is told how to be added to one. */}
      {!loading && !failed && courses.length === 0 && <Notice>{inBatch ? NOTHING_ADDED_MESSAGE : NO_BATCH_MESSAGE}</Notice>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {courses.map((course) => (
          <button
            key={course.id}
            type="button"
            disabled={loading}
            onClick={() => list.send({ type: 'examList.chooseCourse', courseId: course.id })}
            className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-sm transition hover:shadow-md"
          >
            <CoverImage src={course.image} />
            <span className="p-4">
              <span className="block text-lg font-semibold text-slate-900 group-hover:text-brand-800">{course.name || 'Title'}</span>
              {course.description && <span className="mt-1 block text-sm text-slate-600">{course.description}</span>}
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}

const TABS: { id: ExamTab; label: string }[] = [
  { id: 'live', label: 'Live Exam' },
  { id: 'practice', label: 'Practice Exam' },
];

type CardProps = Parameters<typeof ExamCard>[0];

function CourseExams({ list, onStart, onResume, onRetake }: { list: ListActor; onStart: CardProps['onStart']; onResume: CardProps['onResume']; onRetake: CardProps['onRetake'] }) {
  const openResult = useOpenResult();
  const course = useSelector(list, (s) => s.context.course);
  const tab = useSelector(list, (s) => s.context.tab);
  const exams = useSelector(list, (s) => s.context.exams);
  const now = useSelector(list, (s) => s.context.now);
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const failed = useSelector(list, (s) => s.context.failed);
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => list.send({ type: 'examList.back' })}>
          Back
        </Button>
        <h1 className="text-lg font-semibold text-slate-900">Course : {course?.name}</h1>
      </div>
      <Tabs label="Exam kind" tabs={TABS} selected={tab} onChange={(id) => list.send({ type: 'examList.selectTab', tab: id })} />
      <Filters list={list} />
      {loading && <Spinner label="Loading exams…" showLabel />}
      {!loading && !failed && exams.length === 0 && <Notice>No exams found.</Notice>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="exam-cards">
        {exams.map((assignment) => (
          <ExamCard
            key={`${assignment.examId._id}-${assignment.groupId}`}
            assignment={assignment}
            now={now}
            onStart={onStart}
            onResume={onResume}
            onRetake={onRetake}
            onViewResult={() => openResult(assignment.examId._id, assignment.groupId)}
          />
        ))}
      </div>
    </div>
  );
}

function Filters({ list }: { list: ListActor }) {
  const tab = useSelector(list, (s) => s.context.tab);
  const subjects = useSelector(list, (s) => s.context.subjects);
  const subjectId = useSelector(list, (s) => s.context.subjectId);
  const listType = useSelector(list, (s) => s.context.listType);
  const searchText = useSelector(list, (s) => s.context.searchText);
  const suggestion = useSelector(list, (s) => s.context.suggestion);
  const offered = suggestionCompletes(searchText, suggestion) ? suggestion : '';
  const field = 'min-h-10 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';
  return (
    <div className="mb-4 flex flex-col gap-2 md:flex-row md:items-center">
      {tab === 'live' && (
        <>
          <label className="sr-only" htmlFor="exam-subject">
            Subject
          </label>
          <select id="exam-subject" className={field} value={subjectId} onChange={(e) => list.send({ type: 'examList.selectSubject', subjectId: e.target.value })}>
            <option value="">All Subjects</option>
            {subjects.map((s) => (
              <option key={s._id} value={s._id}>
                {s.name}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="exam-type">
            Exam type
          </label>
          <select id="exam-type" className={field} value={listType} onChange={(e) => list.send({ type: 'examList.selectType', listType: e.target.value as ExamListType })}>
            <option value="previous">Previous Exams</option>
            <option value="upcoming">Upcoming Exams</option>
          </select>
        </>
      )}
      <form
        className="flex flex-1 gap-2"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          list.send({ type: 'examList.search' });
        }}
      >
        <div className="relative min-w-0 flex-1">
          <input
            type="text"
            role="searchbox"
            enterKeyHint="search"
            aria-label="Search exams"
            aria-describedby={offered ? 'exam-search-suggestion' : undefined}
            placeholder="Search"
            value={searchText}
            className={`${field} w-full`}
            onChange={(e) => list.send({ type: 'examList.type', text: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Tab' && !e.shiftKey && offered) {
                e.preventDefault();
                list.send({ type: 'examList.acceptSuggestion' });
              }
            }}
          />
          {offered && (
            // Below the box, over the cards, so it is seen and can be tapped; Tab in the box takes it too.
            <button
              type="button"
              id="exam-search-suggestion"
              data-testid="search-suggestion"
              aria-label={`Search for ${offered}`}
              className="absolute inset-x-0 top-full z-20 mt-1 flex min-h-11 w-full items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm text-slate-900 shadow-lg hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500"
              onClick={() => {
                list.send({ type: 'examList.acceptSuggestion' });
                list.send({ type: 'examList.search' });
              }}
            >
              <span className="truncate">{offered}</span>
            </button>
          )}
        </div>
        <Button variant="secondary" onClick={() => list.send({ type: 'examList.clearSearch' })}>
          Clear
        </Button>
        <Button type="submit">Search</Button>
      </form>
    </div>
  );
}
