// The frame of every teacher desk page:
//
//   <DeskLayout section="forum" title="Forum questions" width="wide">…the page…</DeskLayout>
//
// - section: the page's entry in DESK_SECTIONS (src/views/staff/deskSections.ts, one entry per desk
//   page: id, label, path, adminsOnly?); the navigation marks it with aria-current="page". An
//   adminsOnly section is refused to teachers here, the page need not check.
// - title: the page's own name; the document title becomes '<title> · Teacher desk · Medical Academy'.
//   A page that names what it shows (the open exam) calls useDeskPageTitle(name) inside the layout;
//   null goes back to `title`.
// - width: 'regular' (default, max-w-4xl) or 'wide' (max-w-7xl: tables, a list beside a thread).
// - children: the page itself, with its own <h1>; shown only while a staff member is signed in, so
//   the page's machine starts signed in. useDeskStaff() (deskSession.ts) gives the staff member.
//
// The session: one deskSession actor for the tab (deskSession.ts, statechart deskSession.machine.ts)
// asks the server on start whether the staff session kept in the tab is alive (GET /api/staff/session)
// and shows a loading state meanwhile; then the page, or the sign-in. The sign-in form lives at /staff;
// another desk page without a session goes to /staff?next=<its path> and the desk returns there after
// signing in (only /staff paths of this site are followed). While signed in, any request of any page
// answered 401 ends the desk session (services/api.ts onSignedOut): the page gives way to 'Your desk
// session has ended.' with the way to the sign-in and back. A page's machine therefore needs no
// sign-in of its own: on a 401 it stops, with a guard `sessionEnded: (_, { error }) =>
// failureOf(error).status === 401` on its loads' onError leading to a quiet state (staffDesk.machine.ts's
// `sessionEnded`), and the layout takes over. While signing out the page's controls are disabled.
//
// A new desk page: one DESK_SECTIONS entry, its route in src/views/start/routes.tsx (loaded on demand through
// src/views/start/screens.ts), and the page wrapped in <DeskLayout section="…" title="…">.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { APP_NAME, staffDeskTitleOf } from '../app/pageTitles';
import { useStudent } from '../app/RootActors';
import { AuthCard } from '../auth/AuthCard';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { DESK_SECTIONS, type DeskSection, type DeskSectionId } from './deskSections';
import { deskReturnPath, deskSession, deskSignInPath } from './deskSession';
import { DeskSignIn } from './DeskSignIn';

export interface DeskLayoutProps {
  section: DeskSectionId;
  title: string;
  width?: 'regular' | 'wide';
  children: ReactNode;
}

const WIDTHS = { regular: 'max-w-4xl', wide: 'max-w-7xl' } as const;

/** The screen's own document title, kept while it is on screen. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Sets the title a page inside the layout gives what it shows (null: the layout's `title`). */
const PageTitle = createContext<(title: string | null) => void>(() => {});

/** The document title of what the page shows now ('Live Test: Cardiac Cycle'), instead of the layout's `title`. */
export function useDeskPageTitle(title: string | null) {
  const setTitle = useContext(PageTitle);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [setTitle, title]);
}

export function DeskLayout({ section, title, width = 'regular', children }: DeskLayoutProps) {
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  const session = deskSession();
  const phase = useSelector(session, (s) => (s.hasTag('loading') ? 'checking' : s.matches('failed') ? 'failed' : s.matches('signedIn') || s.matches('signingOut') ? 'in' : 'out'));
  const ended = useSelector(session, (s) => s.context.ended);
  const student = useStudent();
  const { pathname, search } = useLocation();
  const blocked = student !== null && phase !== 'in';
  const atSignIn = pathname === '/staff' || pathname === '/staff/';
  useDocumentTitle(staffDeskTitleOf(blocked || phase === 'checking' || phase === 'failed' ? null : phase === 'out' ? 'Sign in' : (pageTitle ?? title)));

  if (blocked) {
    return (
      <AuthCard title="Teacher desk">
        <Notice className="my-2" title={`You are signed in as ${student.name}, a student.`} action={<ButtonLink to="/">Go to My Courses</ButtonLink>}>
          The teacher desk is for teachers and administrators. Sign out of the student account first.
        </Notice>
      </AuthCard>
    );
  }
  if (phase === 'out') {
    if (atSignIn) return <DeskSignIn session={session} />;
    if (ended) {
      return (
        <DeskFrame width={width}>
          <Notice tone="error" title="Your desk session has ended." action={<ButtonLink to={deskSignInPath(pathname + search)}>Sign in again</ButtonLink>}>
            Sign in again, and the desk brings you back to this page.
          </Notice>
        </DeskFrame>
      );
    }
    return <Navigate to={deskSignInPath(pathname + search)} replace />;
  }
  if (phase === 'in' && atSignIn && new URLSearchParams(search).has('next')) return <Navigate to={deskReturnPath(search)} replace />;
  return (
    <DeskFrame width={width} current={section}>
      {phase === 'checking' && <Spinner label="Opening the teacher desk…" showLabel />}
      {phase === 'failed' && <CheckFailed />}
      {phase === 'in' && (
        <PageTitle.Provider value={setPageTitle}>
          <Allowed section={section}>{children}</Allowed>
        </PageTitle.Provider>
      )}
    </DeskFrame>
  );
}

/** The header (with the navigation and the staff member once signed in) and the page's main region. */
function DeskFrame({ width, current, children }: { width: 'regular' | 'wide'; current?: DeskSectionId; children: ReactNode }) {
  const session = deskSession();
  const staff = useSelector(session, (s) => s.context.staff);
  const signingOut = useSelector(session, (s) => s.matches('signingOut'));
  const sections: readonly DeskSection[] = DESK_SECTIONS.filter((entry: DeskSection) => !entry.adminsOnly || staff?.role === 'admin');
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex min-h-14 w-full max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1 sm:px-6">
          <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
          <p className="flex flex-col leading-tight">
            <span className="font-semibold text-brand-800">{APP_NAME}</span>
            <span className="text-xs text-slate-600">Teacher desk</span>
          </p>
          {staff && (
            <>
              <span className="ml-auto hidden max-w-[12rem] truncate text-sm text-slate-700 sm:inline lg:order-last lg:ml-0" title={staff.name}>
                {staff.name}
              </span>
              <Button variant="quiet" busy={signingOut} onClick={() => session.send({ type: 'deskSession.signOut' })} className="ml-auto sm:ml-0 lg:order-last">
                Sign out
              </Button>
              <nav aria-label="Teacher desk" className="order-last flex w-full flex-wrap gap-1 lg:order-none lg:mr-auto lg:w-auto">
                {sections.map((entry) => (
                  <ButtonLink key={entry.id} variant="quiet" to={entry.path} aria-current={entry.id === current ? 'page' : undefined} className={entry.id === current ? 'underline decoration-2 underline-offset-8' : ''}>
                    {entry.label}
                  </ButtonLink>
                ))}
              </nav>
            </>
          )}
        </div>
      </header>
      <main className={`mx-auto w-full ${WIDTHS[width]} px-3 py-4 sm:px-6`}>{children}</main>
    </div>
  );
}

/** An administrators' section is refused to a teacher; while signing out, the page's controls rest. */
function Allowed({ section, children }: { section: DeskSectionId; children: ReactNode }) {
  const role = useSelector(deskSession(), (s) => s.context.staff?.role);
  const signingOut = useSelector(deskSession(), (s) => s.matches('signingOut'));
  const entry: DeskSection | undefined = DESK_SECTIONS.find((e) => e.id === section);
  if (entry?.adminsOnly && role !== 'admin') {
    return (
      <Notice title={`${entry.label} is for administrators only.`} action={<ButtonLink to="/staff">Marking</ButtonLink>}>
        Ask an administrator of the academy.
      </Notice>
    );
  }
  return (
    <fieldset disabled={signingOut} className="m-0 min-w-0 border-0 p-0">
      {children}
    </fieldset>
  );
}

function CheckFailed() {
  const session = deskSession();
  const problem = useSelector(session, (s) => s.context.problem);
  return (
    <Notice tone="error" title={problem?.title ?? 'The teacher desk could not be opened.'} action={<Button onClick={() => session.send({ type: 'deskSession.retry' })}>Try again</Button>}>
      {problem?.description}
    </Notice>
  );
}

/**
 * A desk page whose load failed: the server's words (or `fallback` when it gave none), Try again, and
 * optionally the way back (`back`: the desk, the batches).
 */
export function DeskLoadFailure({ problem, fallback, onRetry, back, className }: { problem: { title: string; description?: string | null } | null; fallback: string; onRetry: () => void; back?: { to: string; label: string }; className?: string }) {
  return (
    <Notice
      tone="error"
      className={className}
      title={problem?.title ?? fallback}
      action={
        <>
          <Button onClick={onRetry}>Try again</Button>
          {back && (
            <ButtonLink to={back.to} variant="secondary">
              {back.label}
            </ButtonLink>
          )}
        </>
      }
    >
      {problem?.description}
    </Notice>
  );
}
