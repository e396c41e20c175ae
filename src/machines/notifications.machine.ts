// The bell's notifications while a student is signed in (the session invokes this machine in its
// signedIn state, so a new sign-in starts a fresh feed): the list (loaded, then kept current by live
// pushes), the unread count, the drawer, and what clicking or deleting one does.
import { assign, enqueueActions, fromCallback, fromPromise, setup, spawnChild } from 'xstate';
import { plainFailure } from '../domain/messages';
import { notificationTarget, type NotificationTarget } from '../domain/notificationTarget';
import type { StudentNotification } from '../contracts/notifications';

export interface NotificationsContext {
  notifications: StudentNotification[];
  unread: number;
  error: string | null;
}

export type NotificationsEvent =
  | { type: 'notifications.received'; notification: StudentNotification }
  | { type: 'notifications.retry' }
  | { type: 'notifications.open' }
  | { type: 'notifications.close' }
  | { type: 'notifications.click'; id: string }
  | { type: 'notifications.delete'; id: string }
  | { type: 'notifications.markAllSeen' };

/** Sent to the app when a click should open a page; the view navigates with the router. */
export type NotificationsEmitted = { type: 'notifications.navigate' } & NotificationTarget;

const listState = (notifications: StudentNotification[]) => ({
  notifications,
  unread: notifications.filter((n) => !n.isSeen).length,
});

const find = (context: NotificationsContext, id: string) => context.notifications.find((n) => n.notificationId._id === id);

const idOf = (event: NotificationsEvent) => ('id' in event ? event.id : '');

export const notificationsMachine = setup({
  types: {} as { context: NotificationsContext; events: NotificationsEvent; emitted: NotificationsEmitted },
  actors: {
    loadNotifications: fromPromise<StudentNotification[]>(async () => {
      throw new Error('provide loadNotifications');
    }),
    markSeen: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('provide markSeen');
    }),
    markAllSeen: fromPromise<unknown, void>(async () => {
      throw new Error('provide markAllSeen');
    }),
    deleteNotification: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('provide deleteNotification');
    }),
    /** Sends notifications.received for every 'notification' event of the realtime socket. */
    listenForNotifications: fromCallback<NotificationsEvent>(() => () => {}),
  },
  guards: {
    isNew: ({ context, event }) => event.type === 'notifications.received' && !find(context, event.notification.notificationId._id),
    isListed: ({ context, event }) => find(context, idOf(event)) !== undefined,
    isUnseen: ({ context, event }) => find(context, idOf(event))?.isSeen === false,
    anyUnseen: ({ context }) => context.unread > 0,
    leadsSomewhere: ({ context, event }) => notificationTarget(find(context, idOf(event))?.notificationId.info) !== null,
  },
  actions: {
    addAtTop: assign(({ context, event }) =>
      event.type === 'notifications.received' ? listState([{ ...event.notification }, ...context.notifications]) : {},
    ),
    markSeenInList: assign(({ context, event }) =>
      listState(context.notifications.map((n) => (n.notificationId._id === idOf(event) ? { ...n, isSeen: true } : n))),
    ),
    removeFromList: assign(({ context, event }) => listState(context.notifications.filter((n) => n.notificationId._id !== idOf(event)))),
    requestMarkSeen: spawnChild('markSeen', { id: ({ event }) => `seen-${idOf(event)}`, input: ({ event }) => ({ id: idOf(event) }) }),
    markAllSeenInList: assign(({ context }) => listState(context.notifications.map((n) => (n.isSeen ? n : { ...n, isSeen: true })))),
    requestMarkAllSeen: spawnChild('markAllSeen'),
    requestDelete: spawnChild('deleteNotification', { id: ({ event }) => `delete-${idOf(event)}`, input: ({ event }) => ({ id: idOf(event) }) }),
    openTarget: enqueueActions(({ context, event, enqueue }) => {
      const target = notificationTarget(find(context, idOf(event))?.notificationId.info);
      if (target) enqueue.emit({ type: 'notifications.navigate', ...target });
    }),
  },
}).createMachine({
  id: 'notifications',
  description: 'Notifications: the bell with its unread-count badge and the side drawer; unseen becomes seen when clicked or opened; a notification can be deleted.',
  meta: { spec: '§4 States and transitions — Notification; §2 Shell' },
  context: { notifications: [], unread: 0, error: null },
  type: 'parallel',
  invoke: { src: 'listenForNotifications' },
  on: {
    'notifications.received': {
      guard: 'isNew',
      actions: 'addAtTop',
      description: 'A live notification goes to the top unless one with the same id is already listed.',
    },
  },
  states: {
    feed: {
      description: 'The list of notifications.',
      initial: 'loading',
      states: {
        loading: {
          description: 'The notifications are loading.',
          tags: ['loading'],
          invoke: {
            src: 'loadNotifications',
            onDone: {
              target: 'ready',
              description: 'Live ones that arrived while loading stay on top of the loaded list.',
              actions: assign(({ context, event }) => ({
                error: null,
                ...listState([
                  ...context.notifications.filter((live) => !event.output.some((n) => n.notificationId._id === live.notificationId._id)),
                  ...event.output,
                ]),
              })),
            },
            onError: {
              target: 'failed',
              description: 'The list could not be loaded',
              actions: assign({ error: ({ event }) => plainFailure(event.error) }),
            },
          },
        },
        failed: {
          description: 'Why the list could not be loaded, with a retry.',
          on: {
            'notifications.retry': { target: 'loading', description: 'The student presses retry' },
            'notifications.open': { target: 'loading', description: 'Opening the drawer tries the list again.' },
          },
        },
        ready: {
          description: 'The notifications, newest first; the badge counts the unseen ones.',
          on: {
            'notifications.click': [
              {
                guard: 'isUnseen',
                actions: ['markSeenInList', 'requestMarkSeen', 'openTarget'],
                description: 'Opening an unseen notification makes it seen, here and on the server.',
              },
              { guard: 'isListed', description: 'Opening a seen notification goes to its page.', actions: 'openTarget' },
            ],
            'notifications.markAllSeen': {
              guard: 'anyUnseen',
              actions: ['markAllSeenInList', 'requestMarkAllSeen'],
              description: 'Mark all read: every unseen notification becomes seen, here and on the server, with the badge gone.',
            },
            'notifications.delete': { guard: 'isListed', description: 'The student deletes a notification: it leaves the list and the server.', actions: ['removeFromList', 'requestDelete'] },
            // Spawned calls fail as xstate.error.actor.<child id>: a valid wildcard the event types do not list.
            ...({
              'xstate.error.actor.*': {
                target: 'loading',
                description: 'A seen, mark-all-read or delete call failed: load the list again so it shows what the server holds.',
              },
            } as object),
          },
        },
      },
    },
    drawer: {
      description: 'The side drawer (width 80vw) that lists the notifications.',
      initial: 'closed',
      states: {
        closed: { description: 'The drawer is closed; the bell shows the unread count.', on: { 'notifications.open': { target: 'open', description: 'The student clicks the bell' } } },
        open: {
          description: 'The drawer lists the notifications.',
          on: {
            'notifications.close': { target: 'closed', description: 'The student closes the drawer' },
            'notifications.click': { guard: 'leadsSomewhere', target: 'closed', description: 'The notification opens its page.' },
          },
        },
      },
    },
  },
});
