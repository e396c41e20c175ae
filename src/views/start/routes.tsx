// The route table of the app (spec section 2). Public account routes send a signed-in student to /;
// every other route needs a session and otherwise goes to /login. One route per line.
import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, Route, createRoutesFromElements, useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { useSessionActor } from '../app/RootActors';
import { buttonClass } from '../ui/looks';
import { Spinner } from '../ui/Spinner';
import { Notice } from '../ui/Notice';
import { ButtonLink } from '../ui/ButtonLink';
import { BackButton } from '../app/BackButton';
import { PAGE_MISSING } from '../../domain/messages';
import { mountSignIn } from '../auth/signInView';
import { takeFirstSignIn } from './firstSignIn';
import { navigation } from '../app/navigation';
import { AccountFlow } from '../auth/AccountFlow';
import { Register } from '../auth/Register';
import { ForgotPassword } from '../auth/ForgotPassword';
import { OtpEntry } from '../auth/OtpEntry';
import { SetPassword } from '../auth/SetPassword';
import { ScreenBoundary } from '../app/ScreenBoundary';
import { RouteAnnouncer } from '../app/RouteAnnouncer';
import { Splash } from '../app/Splash';
// The signed-in shell and every screen behind it load on demand, so the sign-in screen on a slow
// connection fetches only itself (tests/build/app-bundle.test.ts checks what its chunks carry).
import { ActivityScreen, ChallengesScreen, CourseSubjectsScreen, CoursesScreen, ExamsScreen, ForumListScreen, ImportScreen, ItemAnalysisScreen, LecturesScreen, MistakesPracticeScreen, MyAccountScreen, MyQaScreen, NotesScreen, QuestionDetailScreen, ResultScreen, ScoreboardScreen, Shell, StaffAccountsScreen, StaffBatchScreen, StaffBatchesScreen, StaffDesk, StaffForum, StaffResultsScreen, StaffStudentScreen, StaffWeek, StudentProfile, SubjectItemsScreen, VideosScreen } from './screens';
import { LiveExamScreen } from '../live-exam/liveExamEntry';

export const appRoutes = createRoutesFromElements(
  <Route errorElement={<RouteError />} element={<RouteFrame />}>
    <Route element={<OnDemand />}>
      <Route path="/staff/exams/:assignmentId/analysis" element={<ItemAnalysisScreen />} />
      <Route path="/staff/exams/:assignmentId/results" element={<StaffResultsScreen />} />
      <Route path="/staff/exams/:assignmentId/challenges" element={<ChallengesScreen />} />
      <Route path="/staff/forum" element={<StaffForum />} />
      <Route path="/staff/week" element={<StaffWeek />} />
      <Route path="/staff/import" element={<ImportScreen />} />
      <Route path="/staff/lectures" element={<LecturesScreen />} />
      <Route path="/staff/batches" element={<StaffBatchesScreen />} />
      <Route path="/staff/batches/:batchId" element={<StaffBatchScreen />} />
      <Route path="/staff/students/:studentId" element={<StaffStudentScreen />} />
      <Route path="/staff/accounts" element={<StaffAccountsScreen />} />
      <Route path="/staff/account" element={<MyAccountScreen />} />
      <Route path="/staff/activity" element={<ActivityScreen />} />
      <Route path="/staff/*" element={<StaffDesk />} />
    </Route>
    <Route element={<PublicOnly />}>
      <Route path="/login" element={<SignIn />} />
      <Route element={<AccountFlow />}>
        <Route path="/register" element={<Register />} />
        <Route path="/forget-password" element={<ForgotPassword />} />
        <Route path="/otp" element={<OtpEntry />} />
        <Route path="/setpassword" element={<SetPassword />} />
      </Route>
    </Route>
    <Route element={<RequireStudent />}>
      <Route element={<LazyShell />}>
        <Route element={<OnDemand />}>
        <Route path="/" element={<CoursesScreen />} />
        <Route path="/courses" element={<CoursesScreen />} />
        <Route path="/exams" element={<ExamsScreen />} />
        <Route path="/subjects/:courseId" element={<CourseSubjectsScreen />} />
        <Route path="/chapters/:subjectId" element={<SubjectItemsScreen type="chapter" />} />
        <Route path="/lectures/:subjectId" element={<SubjectItemsScreen type="lecture" />} />
        <Route path="/question-solve/:subjectId" element={<SubjectItemsScreen type="question-solve" />} />
        <Route path="/videos/:chapterId/:type" element={<VideosScreen />} />
        <Route path="/notes/:chapterId/:type" element={<NotesScreen />} />
        <Route path="/live-exam/:examId/:groupId" element={<LiveExamScreen />} />
        <Route path="/result/:examId/:groupId" element={<ResultScreen />} />
        <Route path="/mistakes/:setId" element={<MistakesPracticeScreen />} />
        <Route path="/scoreboard" element={<ScoreboardScreen />} />
        <Route path="/qa-forum-list/:id" element={<ForumListScreen />} />
        <Route path="/question-details/:id" element={<QuestionDetailScreen />} />
        <Route path="/my-qa" element={<MyQaScreen />} />
        <Route path="/student-profile" element={<StudentProfile />} />
        <Route path="*" element={<PageMissing />} />
        </Route>
      </Route>
    </Route>
  </Route>,
);

/**
 * The sign-in screen: the same plain-DOM view as a visitor's first screen (src/views/auth/signInView.ts),
 * mounted into a host element; the first screen itself, with what was typed, when it is still there.
 */
function SignIn() {
  const session = useSessionActor();
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current!;
    takeFirstSignIn(element);
    const unbind = mountSignIn(element, { session, go: (to) => navigation.go(to) });
    return () => {
      unbind();
      element.replaceChildren();
    };
  }, [session]);
  return <div ref={host} />;
}

/** Gives each address its title and moves focus to the new page's heading. */
function RouteFrame() {
  return (
    <>
      <RouteAnnouncer />
      <Outlet />
    </>
  );
}

/**
 * Waits for the stored session to be read, then lets only signed-in students through; a visitor goes
 * to /login, which brings them back here once signed in (a tapped reminder opens the exam through it).
 */
function RequireStudent() {
  const session = useSessionActor();
  const location = useLocation();
  const state = useSelector(session, (s) => (s.matches('restoring') ? 'restoring' : s.matches('signedIn') || s.matches('signingOut') ? 'in' : 'out'));
  if (state === 'restoring') return <Splash />;
  const from = location.pathname === '/' ? undefined : { from: `${location.pathname}${location.search}` };
  return state === 'in' ? <Outlet /> : <Navigate to="/login" replace state={from} />;
}

/** Where sign-in leads: the app address the visitor was sent from (never another site), else home. */
const afterSignIn = (state: unknown): string => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
};

/** Sign-in, registration and password reset are for visitors; a signed-in student goes home (or back where sign-in was asked). */
function PublicOnly() {
  const session = useSessionActor();
  const location = useLocation();
  const state = useSelector(session, (s) => (s.matches('restoring') ? 'restoring' : s.matches('signedIn') ? 'in' : 'out'));
  if (state === 'restoring') return <Splash />;
  return state === 'in' ? <Navigate to={afterSignIn(location.state)} replace /> : <Outlet />;
}

/** The shell, once its code has arrived (the splash meanwhile). */
function LazyShell() {
  return (
    <Suspense fallback={<Splash />}>
      <Shell />
    </Suspense>
  );
}

/** Shows a quiet loading line while a screen's code arrives; a screen that fails keeps the shell around it. */
function OnDemand() {
  return (
    <ScreenBoundary>
      <Suspense fallback={<Spinner label="Loading…" showLabel />}>
        <Outlet />
      </Suspense>
    </ScreenBoundary>
  );
}

function RouteError() {
  return (
    <div className="mx-auto max-w-md p-6 text-center" role="alert">
      <h1 className="text-lg font-semibold">Something went wrong on this page.</h1>
      <a href="/" className={`mt-4 ${buttonClass()}`}>
        Go to My Courses
      </a>
    </div>
  );
}

/** An address the app does not know: said plainly, with a way back. */
function PageMissing() {
  return (
    <Notice tone="error" title={PAGE_MISSING} action={<><BackButton /><ButtonLink to="/">Go to My Courses</ButtonLink></>}>
      The address may be mistyped or out of date.
    </Notice>
  );
}
