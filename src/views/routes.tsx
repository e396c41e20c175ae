// The route table of the app (spec section 2). Public account routes send a signed-in student to /;
// every other route needs a session and otherwise goes to /login. One route per line.
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, createRoutesFromElements } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { useSessionActor } from './app/RootActors';
import { Shell } from './app/Shell';
import { SectionTabs } from './app/SectionTabs';
import { buttonClass } from './ui/Button';
import { Spinner } from './ui/Spinner';
import { SignIn } from './auth/SignIn';
import { AccountFlow } from './auth/AccountFlow';
import { Register } from './auth/Register';
import { ForgotPassword } from './auth/ForgotPassword';
import { OtpEntry } from './auth/OtpEntry';
import { SetPassword } from './auth/SetPassword';
import { CoursesScreen } from './courses/CoursesScreen';

// Screens past the first one load on demand, so signing in on a slow connection fetches only what it needs.
const StudentProfile = lazy(() => import('./profile/StudentProfile').then((m) => ({ default: m.StudentProfile })));
const CourseSubjectsScreen = lazy(() => import('./courses/CourseSubjectsScreen').then((m) => ({ default: m.CourseSubjectsScreen })));
const SubjectItemsScreen = lazy(() => import('./content/SubjectItemsScreen').then((m) => ({ default: m.SubjectItemsScreen })));
const VideosScreen = lazy(() => import('./content/VideosScreen').then((m) => ({ default: m.VideosScreen })));
const NotesScreen = lazy(() => import('./content/NotesScreen').then((m) => ({ default: m.NotesScreen })));
const ExamsScreen = lazy(() => import('./exams/ExamsScreen').then((m) => ({ default: m.ExamsScreen })));
const MyQaScreen = lazy(() => import('./forum/MyQaScreen').then((m) => ({ default: m.MyQaScreen })));
const ForumListScreen = lazy(() => import('./forum/ForumListScreen').then((m) => ({ default: m.ForumListScreen })));
const QuestionDetailScreen = lazy(() => import('./forum/QuestionDetailScreen').then((m) => ({ default: m.QuestionDetailScreen })));
const LiveExamScreen = lazy(() => import('./live-exam/LiveExamScreen').then((m) => ({ default: m.LiveExamScreen })));

export const appRoutes = createRoutesFromElements(
  <Route errorElement={<RouteError />}>
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
      <Route element={<Shell />}>
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
        <Route path="/result/:examId/:groupId" element={<ResultPlaceholder />} />
        <Route path="/scoreboard" element={<ScoreboardPlaceholder />} />
        <Route path="/qa-forum-list/:id" element={<ForumListScreen />} />
        <Route path="/question-details/:id" element={<QuestionDetailScreen />} />
        <Route path="/my-qa" element={<MyQaScreen />} />
        <Route path="/student-profile" element={<StudentProfile />} />
        <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Route>
  </Route>,
);

/** Waits for the stored session to be read, then lets only signed-in students through. */
function RequireStudent() {
  const session = useSessionActor();
  const state = useSelector(session, (s) => (s.matches('restoring') ? 'restoring' : s.matches('signedIn') || s.matches('signingOut') ? 'in' : 'out'));
  if (state === 'restoring') return <Splash />;
  return state === 'in' ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Sign-in, registration and password reset are for visitors; a signed-in student goes home. */
function PublicOnly() {
  const session = useSessionActor();
  const state = useSelector(session, (s) => (s.matches('restoring') ? 'restoring' : s.matches('signedIn') ? 'in' : 'out'));
  if (state === 'restoring') return <Splash />;
  return state === 'in' ? <Navigate to="/" replace /> : <Outlet />;
}

/** Shows a quiet loading line while a screen's code arrives. */
function OnDemand() {
  return (
    <Suspense fallback={<Spinner label="Loading…" showLabel />}>
      <Outlet />
    </Suspense>
  );
}

function Splash() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-label="Loading">
      <img src="/logo.svg" alt="" className="h-14 w-14 animate-pulse" />
    </div>
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

/** Stands in for a screen that is not built yet and says what it will show. */
function PendingScreen({ title, children, tabs = false }: { title: string; children: string; tabs?: boolean }) {
  return (
    <section>
      {tabs && <SectionTabs />}
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{children}</p>
    </section>
  );
}

function ResultPlaceholder() {
  return <PendingScreen title="Result">Your result for this exam will appear here.</PendingScreen>;
}
function ScoreboardPlaceholder() {
  return <PendingScreen title="Scoreboard">Your exam results and ranks will appear here.</PendingScreen>;
}
