// The notifications drawer: slides in from the right (80vw), lists the student's notifications with
// unseen ones highlighted, opens one on click and deletes one with its own button.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import type { NotificationsActor } from './RootActors';
import type { StudentNotification } from '../../contracts/notifications';

const TIME_FORMAT = 'DD MMM YYYY | HH:mm a';

export function NotificationDrawer({ actor }: { actor: NotificationsActor }) {
  const open = useSelector(actor, (s) => s.matches({ signedIn: { drawer: 'open' } }));
  const close = () => actor.send({ type: 'notifications.close' });
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-black/30 transition-opacity duration-200 data-[closed]:opacity-0" />
      <DialogPanel
        id="notifications-drawer"
        transition
        className="fixed inset-y-0 right-0 flex w-[80vw] flex-col bg-white shadow-xl transition-transform duration-200 ease-out data-[closed]:translate-x-full"
      >
        <div className="flex items-center justify-between border-b border-slate-200 p-4">
          <DialogTitle className="text-lg font-semibold">Notifications</DialogTitle>
          <button type="button" onClick={close} className="flex h-10 w-10 items-center justify-center rounded text-2xl leading-none text-slate-600 hover:text-slate-900" aria-label="Close notifications">
            ×
          </button>
        </div>
        <div className="flex-1 overflow-y-auto">
          <DrawerBody actor={actor} />
        </div>
      </DialogPanel>
    </Dialog>
  );
}

function DrawerBody({ actor }: { actor: NotificationsActor }) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches({ signedIn: { feed: 'failed' } }));
  const error = useSelector(actor, (s) => s.context.error);
  const canRetry = useSelector(actor, (s) => s.can({ type: 'notifications.retry' }));
  const notifications = useSelector(actor, (s) => s.context.notifications);

  if (loading) {
    return (
      <p role="status" className="p-4 text-slate-600">
        Loading notifications…
      </p>
    );
  }
  if (failed) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 p-4">
        <p className="text-slate-700">Somethink went wrong! Please try again.</p>
        {error && <p className="text-sm text-slate-500">{error}</p>}
        <button
          type="button"
          disabled={!canRetry}
          onClick={() => actor.send({ type: 'notifications.retry' })}
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          Retry
        </button>
      </div>
    );
  }
  if (notifications.length === 0) return <p className="p-4 text-slate-600">No notifications yet</p>;
  return (
    <ul aria-label="Notification list" className="divide-y divide-slate-200">
      {notifications.map((notification) => (
        <NotificationRow key={notification.notificationId._id} actor={actor} notification={notification} />
      ))}
    </ul>
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
            <time dateTime={createdAt} className="mt-1 block text-xs text-slate-500">
              {dayjs(createdAt).format(TIME_FORMAT)}
            </time>
          </span>
        </span>
      </button>
      <button
        type="button"
        disabled={!canDelete}
        onClick={() => actor.send({ type: 'notifications.delete', id })}
        className="m-2 shrink-0 rounded-md p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
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
