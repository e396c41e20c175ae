// The frame of every signed-in page: top bar (logo, notifications, account menu, logout) with the
// offline banner under it.
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, Outlet, useMatch, useNavigate } from 'react-router-dom';
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { MESSAGES } from '../../domain/messages';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { loadToasts } from '../ui/toast';
import { useNotificationsActor, useSessionActor, useStudent } from './RootActors';
import type { NotificationsActor } from './rootActorsStart';
import { OfflineAdviceProvider, OfflineBanner } from './OfflineBanner';
import { registerAppWorker } from './appWorkerStart';

// The drawer (and the date library it formats times with) loads once the shell shows, after sign-in,
// so the sign-in screen stays light.
const NotificationDrawer = lazy(() => import('./NotificationDrawer').then((m) => ({ default: m.NotificationDrawer })));

export function Shell() {
  // Signed in: fetch the toast library now, while online, so an exam that loses the connection can still tell the
  // student, and set up the offline app (the service worker) so a running exam survives a reload without a link.
  useEffect(() => {
    loadToasts().catch(() => undefined);
    registerAppWorker();
  }, []);
  return (
    <OfflineAdviceProvider>
      <div className="min-h-dvh">
        <TopBar />
        <main className="mx-auto w-full max-w-6xl px-3 py-4 sm:px-6">
          <Outlet />
        </main>
      </div>
    </OfflineAdviceProvider>
  );
}

/**
 * Toasts start below the top bar and its offline banner, which they would otherwise cover: the bar's
 * height (it grows with the banner) is kept in --toasts-top, which the toast stack's offset reads.
 */
function useToastsBelow(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--toasts-top', `${Math.ceil(element.getBoundingClientRect().height) + 8}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--toasts-top');
    };
  }, [bar]);
}

function TopBar() {
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const bar = useRef<HTMLElement>(null);
  useToastsBelow(bar);
  return (
    <header ref={bar} className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-14 w-full max-w-6xl items-center gap-2 px-3 sm:px-6">
        <Link to="/" className="flex min-h-10 min-w-10 items-center justify-center gap-2 rounded" aria-label="Medical Academy home">
          <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
          <span className="hidden font-semibold text-brand-800 min-[420px]:inline">Medical Academy</span>
        </Link>
        <div className="ml-auto flex items-center gap-1">
          <LiveBell />
          <AccountMenu onLogout={() => setConfirmingLogout(true)} />
          <button type="button" onClick={() => setConfirmingLogout(true)} className={ICON_BUTTON} aria-label="Logout" title="Logout">
            <LogoutIcon />
          </button>
        </div>
      </div>
      <OfflineBanner />
      <LogoutDialog open={confirmingLogout} onClose={() => setConfirmingLogout(false)} />
    </header>
  );
}

const ICON_BUTTON = 'relative flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900';

/** The bell exists while the session's notifications do (signed in). */
function LiveBell() {
  const notifications = useNotificationsActor();
  return notifications ? <NotificationBell notifications={notifications} /> : null;
}

function NotificationBell({ notifications }: { notifications: NotificationsActor }) {
  const unread = useSelector(notifications, (s) => s.context.unread);
  const navigate = useNavigate();
  // The machine decides where a clicked notification leads; the router is the view's to drive.
  useEffect(() => {
    const subscription = notifications.on('notifications.navigate', ({ to }) => void navigate(to));
    return () => subscription.unsubscribe();
  }, [notifications, navigate]);
  return (
    <>
      <button
        type="button"
        onClick={() => notifications.send({ type: 'notifications.open' })}
        className={ICON_BUTTON}
        aria-label={`Notifications, ${unread} unread`}
        aria-haspopup="dialog"
      >
        <BellIcon />
        {unread > 0 && (
          <span
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
            data-testid="unread-count"
            aria-hidden="true"
          >
            {unread}
          </span>
        )}
      </button>
      <Suspense fallback={null}>
        <NotificationDrawer actor={notifications} />
      </Suspense>
    </>
  );
}

function AccountMenu({ onLogout }: { onLogout: () => void }) {
  const student = useStudent();
  const itemClass = 'block min-h-10 w-full px-4 py-2.5 text-left text-sm data-[focus]:bg-slate-100';
  return (
    <Menu>
      <MenuButton className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-slate-100" aria-label="Account menu">
        <Avatar src={student?.profilePic} name={student?.name ?? ''} size={32} />
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 mt-1 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg focus:outline-none">
        {student && <div className="px-4 py-2 text-sm font-semibold text-slate-800">{student.name}</div>}
        <MenuItem>
          <Link to="/student-profile" className={itemClass}>
            My Profile
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/courses" className={itemClass}>
            My Courses
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/exams" className={itemClass}>
            My Exams
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/my-qa" className={itemClass}>
            Q&amp;A
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={onLogout} className={itemClass}>
            Logout
          </button>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-slate-200" />
        <div className="px-4 py-1 text-xs text-slate-500">{__APP_VERSION__}</div>
      </MenuItems>
    </Menu>
  );
}

function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useSessionActor();
  const signingOut = useSelector(session, (s) => s.hasTag('loading'));
  const inExam = useMatch('/live-exam/:examId/:groupId') !== null;
  const canSignOut = useSelector(session, (s) => s.can({ type: 'session.signOut' }));
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title={MESSAGES.logoutConfirm}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={!canSignOut}
            busy={signingOut}
            onClick={() => {
              session.send({ type: 'session.signOut' });
              onClose();
            }}
          >
            {signingOut ? 'Logging out…' : 'Yes, logout'}
          </Button>
        </>
      }
    >
      {inExam && <p>{MESSAGES.logoutDuringExam}</p>}
    </Modal>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 0 0-4-5.7V5a2 2 0 1 0-4 0v.3A6 6 0 0 0 6 11v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0v1a3 3 0 1 1-6 0v-1m6 0H9" />
    </svg>
  );
}

function LogoutIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d="M15.75 9V5.25A2.25 2.25 0 0 0 13.5 3h-6a2.25 2.25 0 0 0-2.25 2.25v13.5A2.25 2.25 0 0 0 7.5 21h6a2.25 2.25 0 0 0 2.25-2.25V15M12 9l-3 3m0 0 3 3m-3-3h12.75" />
    </svg>
  );
}
