// /qa-forum-list/{courseId}: the course's questions with search and suggestions (one Clear button),
// Sort, Reset, course, subject and chapter filters, cards and pagination; Ask a Question opens the Ask
// dialog. Choosing another course opens that course's list (its own address).
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { forumListMachine } from '../../machines/forumList.machine';
import { FORUM_PAGE_SIZES, FORUM_SORTS, isHiddenChapter } from '../../domain/forum';
import type { CourseWithChapters } from '../../contracts/content';
import { forumApi } from '../../services/forum';
import { useStudent } from '../app/RootActors';
import { SectionTabs } from '../app/SectionTabs';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { AskDialog, useAskDialog } from './AskDialog';
import { askAboutOf } from './askAbout';
import { useCoursesWithChapters } from './forumPlace';
import { PostCard, authorLabel } from './PostCard';
import { useBlockedContextMenu } from '../ui/blockContextMenu';
import { useNarrowScreen } from '../ui/useNarrowScreen';

type ListActor = ActorRefFrom<typeof forumListMachine>;

export function ForumListScreen() {
  const { id: courseId = '' } = useParams();
  const navigate = useNavigate();
  const studentId = useStudent()?._id ?? '';
  useBlockedContextMenu();
  const list = useActorRef(
    forumListMachine.provide({
      actors: {
        loadQuestions: fromPromise(({ input }) => forumApi.search(input)),
        loadSuggestions: fromPromise(({ input }) => forumApi.keyword(input.searchString, input.courseId)),
      },
      actions: {
        openQuestion: (_, { questionId }) => navigate(`/question-details/${questionId}`),
        logError: (_, { error }) => console.warn('Forum suggestions failed', error),
      },
    }),
    { input: { studentId, courseId } },
  );
  const ask = useAskDialog(courseId);
  // "Ask about this" (a video, a result question) arrives with the form's fields: the form opens once.
  const location = useLocation();
  const about = askAboutOf(location.state);
  useEffect(() => {
    if (!about) return;
    ask.send({ type: 'ask.open', about });
    navigate(location.pathname + location.search, { replace: true, state: null });
  }, [about, ask, navigate, location.pathname, location.search]);
  const courses = useCoursesWithChapters(courseId);
  const course = courses.find((c) => c._id === courseId) ?? null;
  return (
    <section className="space-y-4">
      <SectionTabs />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-lg font-semibold text-slate-900">{course?.name ?? 'Course'}</h1>
          <p className="text-slate-600">Question and Answer</p>
        </div>
        <div className="flex gap-2">
          <ButtonLink variant="secondary" to="/my-qa">Back</ButtonLink>
          <Button onClick={() => ask.send({ type: 'ask.open' })}>Ask a Question</Button>
        </div>
      </div>
      <SearchBox list={list} />
      <FoldedOnPhones list={list}>
        <Controls list={list} course={course} courses={courses} onCourse={(id) => navigate(`/qa-forum-list/${id}`)} />
      </FoldedOnPhones>
      <Questions list={list} />
      <AskDialog actor={ask} />
    </section>
  );
}

function SearchBox({ list }: { list: ListActor }) {
  const text = useSelector(list, (s) => s.context.searchText);
  const suggestions = useSelector(list, (s) => s.context.suggestions);
  return (
    <div className="relative">
      <div className="flex gap-2">
        <input
          type="text"
          role="searchbox"
          enterKeyHint="search"
          aria-label="Search questions"
          placeholder="Search questions"
          className="min-h-10 w-full min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2"
          value={text}
          onChange={(e) => list.send({ type: 'search.type', text: e.target.value })}
          onKeyDown={(e) => e.key === 'Enter' && list.send({ type: 'search.submit' })}
        />
        <Button variant="secondary" disabled={text === ''} onClick={() => list.send({ type: 'search.clear' })}>
          Clear
        </Button>
      </div>
      {suggestions.length > 0 && (
        <ul role="listbox" aria-label="Suggestions" className="absolute z-10 mt-1 w-full rounded-lg border border-slate-200 bg-white shadow">
          {suggestions.map((s) => (
            <li key={s._id} role="option" aria-selected={false}>
              <button type="button" className="block w-full truncate px-3 py-2 text-left text-sm hover:bg-slate-50" onClick={() => list.send({ type: 'suggestion.pick', questionId: s._id })}>
                {s.questionDescription}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * On a phone the sort and filter controls (two rows of buttons and selects) fold behind one Filters
 * button, which says how many are in use, so the questions start on the first screen.
 */
function FoldedOnPhones({ list, children }: { list: ListActor; children: ReactNode }) {
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(false);
  const inUse = useSelector(list, (s) => [s.context.filter !== 'None' && s.context.filter, s.context.subjectId, s.context.chapterId].filter(Boolean).length);
  if (!narrow) return children;
  return (
    <div>
      <Button variant="secondary" aria-expanded={open} aria-controls="forum-filters" onClick={() => setOpen(!open)}>
        {inUse > 0 ? `Filters (${inUse})` : 'Filters'}
      </Button>
      <div id="forum-filters" hidden={!open} className="mt-2">
        {children}
      </div>
    </div>
  );
}

function Controls({ list, course, courses, onCourse }: { list: ListActor; course: CourseWithChapters | null; courses: CourseWithChapters[]; onCourse: (courseId: string) => void }) {
  const filter = useSelector(list, (s) => s.context.filter);
  const subjectId = useSelector(list, (s) => s.context.subjectId);
  const chapterId = useSelector(list, (s) => s.context.chapterId);
  const subjects = course?.subjects ?? [];
  const chapters = (subjects.find((s) => s._id === subjectId)?.chapters ?? []).filter((c) => !isHiddenChapter(c.name));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700">Sort</span>
      {FORUM_SORTS.map((sort) => (
        <Button key={sort} variant={filter === sort ? 'primary' : 'secondary'} aria-pressed={filter === sort} onClick={() => list.send({ type: 'sort.select', sort })}>
          {sort}
        </Button>
      ))}
      <Button variant="quiet" onClick={() => list.send({ type: 'reset' })}>Reset</Button>
      {courses.length > 1 && course && (
        <select aria-label="Course" className="min-h-10 rounded-lg border border-slate-300 px-2 py-2 text-sm" value={course._id} onChange={(e) => onCourse(e.target.value)}>
          {courses.map((c) => <option key={c._id} value={c._id}>{c.name}</option>)}
        </select>
      )}
      <select aria-label="Subject" className="min-h-10 rounded-lg border border-slate-300 px-2 py-2 text-sm" value={subjectId} onChange={(e) => list.send({ type: 'subject.select', subjectId: e.target.value })}>
        <option value="">All subjects</option>
        {subjects.map((s) => <option key={s._id} value={s._id}>{s.name}</option>)}
      </select>
      <select aria-label="Chapter" disabled={!subjectId} className="min-h-10 rounded-lg border border-slate-300 px-2 py-2 text-sm" value={chapterId} onChange={(e) => list.send({ type: 'chapter.select', chapterId: e.target.value })}>
        <option value="">All chapters</option>
        {chapters.map((c) => <option key={c._id} value={c._id}>{c.name}</option>)}
      </select>
    </div>
  );
}

function Questions({ list }: { list: ListActor }) {
  const questions = useSelector(list, (s) => s.context.questions);
  const total = useSelector(list, (s) => s.context.totalRecords);
  const capped = useSelector(list, (s) => s.context.totalCapped);
  const page = useSelector(list, (s) => s.context.page);
  const limit = useSelector(list, (s) => s.context.limit);
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const failed = useSelector(list, (s) => s.matches({ list: 'failed' }));
  const pages = Math.max(1, Math.ceil(total / limit));
  // Past a capped count, pages go on while they come back full.
  const more = capped ? questions.length === limit : page < pages;
  if (failed) return <Notice tone="error" action={<Button onClick={() => list.send({ type: 'questions.retry' })}>Try again</Button>}>The questions could not be loaded.</Notice>;
  return (
    <div className="space-y-3" data-testid="question-cards">
      {loading && <Spinner label="Loading questions…" size="sm" className="my-2" />}
      {!loading && questions.length === 0 && <Notice>No questions found.</Notice>}
      {questions.map((q) => (
        <PostCard
          key={q._id}
          href={`/question-details/${q._id}`}
          author={authorLabel('Student', q.studentId.name)}
          createdAt={q.createdAt}
          text={q.questionDescription}
          media={[]}
          cut
          footer={
            <span className="text-sm text-slate-600">
              {q.answers > 0 ? `✓ ${q.answers} ${q.answers === 1 ? 'answer' : 'answers'}` : 'No answers yet'} · {q.likes} {q.likes === 1 ? 'like' : 'likes'}{q.status === 'COMPLETED' ? ' · Completed' : ''}
            </span>
          }
        />
      ))}
      <nav aria-label="Pages" className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => list.send({ type: 'page.change', page: page - 1 })}>Previous</Button>
        <span className="text-sm text-slate-700">{capped ? `Page ${page} · more than ${total.toLocaleString('en')} questions` : `Page ${page} of ${pages} · ${total} ${total === 1 ? 'question' : 'questions'}`}</span>
        <Button variant="secondary" disabled={!more} onClick={() => list.send({ type: 'page.change', page: page + 1 })}>Next</Button>
        <select aria-label="Questions per page" className="min-h-10 rounded-lg border border-slate-300 px-2 py-2 text-sm" value={limit} onChange={(e) => list.send({ type: 'pageSize.change', limit: Number(e.target.value) })}>
          {FORUM_PAGE_SIZES.map((size) => <option key={size} value={size}>{size} /page</option>)}
        </select>
      </nav>
    </div>
  );
}
