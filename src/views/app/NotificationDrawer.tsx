// The notifications drawer: slides in from the right (80vw), lists the student's notifications with
// unseen ones highlighted, opens one on click, deletes one with its own button, and marks all read at once.
import { useSelector } from '@xstate/react';
import type { NotificationsActor } from './rootActorsStart';
import type { StudentNotification } from '../../contracts/notifications';
import { TimeSince } from '../ui/TimeSince';
import { MESSAGES } from '../../domain/messages';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';

export function NotificationDrawer({ actor }: { actor: NotificationsActor }) {
  const open = useSelector(actor, (s) => s.matches({ drawer: 'open' }));
  return (
    <Modal open={open} onClose={() => actor.send({ type: 'notifications.close' })} placement="drawer" title="Notifications" closeLabel="Close notifications" panelId="notifications-drawer">
      <DrawerBody actor={actor} />
    </Modal>
  );
}

function DrawerBody({ actor }: { actor: NotificationsActor }) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches({ feed: 'failed' }));
  const error = useSelector(actor, (s) => s.context.error);
  const canRetry = useSelector(actor, (s) => s.can({ type: 'notifications.retry' }));
  const notifications = useSelector(actor, (s) => s.context.notifications);

  if (loading) return <Spinner label="Loading notifications…" showLabel />;
  if (failed) {
    return (
      <Notice
        tone="error"
        title={MESSAGES.somethingWentWrong}
        className="m-4"
        action={
          <Button disabled={!canRetry} onClick={() => actor.send({ type: 'notifications.retry' })}>
            Retry
          </Button>
        }
      >
        {error}
      </Notice>
    );
  }
  if (notifications.length === 0) return <Notice className="m-4">No notifications yet</Notice>;
  return (
    <>
      <MarkAllRead actor={actor} />
      <ul aria-label="Notification list" className="divide-y divide-slate-200">
        {notifications.map((notification) => (
          <NotificationRow key={notification.notificationId._id} actor={actor} notification={notification} />
        ))}
      </ul>
    </>
  );
}

/** "Mark all read" while any is unread; afterwards the line says so (announced). */
function MarkAllRead({ actor }: { actor: NotificationsActor }) {
  const unread = useSelector(actor, (s) => s.context.unread);
  const canMark = useSelector(actor, (s) => s.can({ type: 'notifications.markAllSeen' }));
  return (
    <div className="flex min-h-14 items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 text-sm">
      <p role="status" className="text-slate-700">
        {unread === 0 ? 'All read' : `${unread} unread`}
      </p>
      {canMark && (
        <Button variant="secondary" onClick={() => actor.send({ type: 'notifications.markAllSeen' })}>
          Mark all read
        </Button>
      )}
    </div>
  );
}

function NotificationRow({ actor, notification }: { actor: NotificationsActor; notification: StudentNotification }) {
  const { _id: id, message, createdAt, info } = notification.notificationId;
  const canOpen = useSelector(actor, (s) => s.can({ type: 'notifications.click', id }));
  const canDelete = useSelector(actor, (s) => s.can({ type: 'notifications.delete', id }));
  const unseen = !notification.isSeen;
  return (
    <li data-testid="notification" data-unseen={unseen} className={`flex items-start gap-1 ${unseen ? 'bg-brand-50' : 'bg-white'}`}>
      <button
        type="button"
        disabled={!canOpen}
        onClick={() => actor.send({ type: 'notifications.click', id })}
        className="min-w-0 flex-1 px-4 py-3 text-left hover:bg-slate-100 focus-visible:bg-slate-100"
      >
        <span className="flex items-start gap-2">
          {unseen && <span className="mt-2 h-2 w-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />}
          <span className="min-w-0">
            {unseen && <span className="sr-only">Unread: </span>}
            {info.title && <span className="block text-xs font-semibold uppercase tracking-wide text-slate-500">{info.title}</span>}
            <span className={`block break-words ${unseen ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>{message}</span>
            <TimeSince at={createdAt} className="mt-1 block text-xs text-slate-500" />
          </span>
        </span>
      </button>
      <button
        type="button"
        disabled={!canDelete}
        onClick={() => actor.send({ type: 'notifications.delete', id })}
        className="m-2 flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700"
        aria-label={`Delete notification: ${message}`}
        title="Delete"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
        </svg>
      </button>
    </li>
  );
}
