// The shared frame of every content list screen: its statechart, and what each non-list state shows
// (skeleton rows in the list's shape, no-batch notice, nothing-added notice, failure with retry), in
// the UI kit's parts. A list that failed asks again by itself when the connection returns.
import { useEffect, useRef, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { contentListMachine, type ContentPage, type KeptPage } from '../../machines/contentList.machine';
import { formatSince } from '../../domain/academyTime';
import { useIsOnline, useStudent } from '../app/RootActors';
import { Button } from '../ui/Button';
import { BackButton } from '../app/BackButton';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { Skeleton } from '../ui/Skeleton';

/** The academy's name as the no-batch notice names it. */
const PROVIDER_NAME = 'Medical Academy';
export const NO_BATCH_MESSAGE = `You are not added to a batch yet, To view contents you must be added to a student batch. Please ask ${PROVIDER_NAME} Administration to add you to a batch.`;
export const NOTHING_ADDED_MESSAGE = "Nothing added yet. You'll see contents immediately after contents will be updated.";

export type ContentListActor = ActorRefFrom<typeof contentListMachine>;

/** A list the phone keeps (My Courses): the page kept from the last answer, and how to keep a fresh one. */
export interface ListKeeping<TItem, THeading> {
  kept: KeptPage | null;
  keep: (page: ContentPage<TItem, THeading>) => void;
}

/**
 * Starts a list machine for this screen. `fetchPage` is read once: screens remount (by key) when
 * their route parameters change. With `keeping`, the kept page shows until the fresh one arrives.
 */
export function useContentList<TItem, THeading>(fetchPage: () => Promise<ContentPage<TItem, THeading>>, keeping?: ListKeeping<TItem, THeading>) {
  const student = useStudent();
  const actor = useActorRef(
    contentListMachine.provide({
      actors: { fetchPage: fromPromise<ContentPage, void>(() => fetchPage()) },
      actions: { keepPage: (_, page) => keeping?.keep(page as ContentPage<TItem, THeading>) },
    }),
    { input: { hasBatch: (student?.groups.length ?? 0) > 0, kept: keeping?.kept ?? null } },
  );
  useOnlineAgain(() => actor.send({ type: 'connection.online' }));
  const page = useSelector(actor, (s) => s.context.page) as ContentPage<TItem, THeading> | null;
  const loaded = useSelector(actor, (s) => s.matches('loaded'));
  const kept = useSelector(actor, (s) => (s.hasTag('loading') || s.matches('kept') ? s.context.kept : null));
  const keptPage = kept?.page as ContentPage<TItem, THeading> | undefined;
  return { actor, items: loaded && page ? page.items : (keptPage?.items ?? []), heading: (page ?? keptPage)?.heading ?? null, loaded };
}

/** Calls `back` each time the app's connection returns after a drop. */
function useOnlineAgain(back: () => void): void {
  const online = useIsOnline();
  const was = useRef(online);
  const callback = useRef(back);
  callback.current = back;
  useEffect(() => {
    if (online && !was.current) callback.current();
    was.current = online;
  }, [online]);
}

/**
 * Shows the loading skeleton (`skeleton`: the list's own shape, else a spinner), notices or failure for
 * states other than `loaded`; renders nothing when loaded.
 */
export function ContentListStatus({ actor, emptyText = NOTHING_ADDED_MESSAGE, skeleton }: { actor: ContentListActor; emptyText?: ReactNode; skeleton?: 'cards' | 'table' }) {
  const view = useSelector(actor, (s) =>
    s.hasTag('loading') ? 'loading' : s.matches('noBatch') ? 'noBatch' : s.matches('empty') ? 'empty' : s.matches('failed') ? 'failed' : s.matches('kept') ? 'kept' : 'loaded',
  );
  const error = useSelector(actor, (s) => s.context.error);
  const canRetry = useSelector(actor, (s) => s.can({ type: 'content.retry' }));
  const keptAt = useSelector(actor, (s) => s.context.kept?.at ?? null);
  if (keptAt !== null && (view === 'loading' || view === 'kept')) {
    // The kept list shows meanwhile: only when it was updated, and Retry when no answer came.
    return (
      <p className="mb-3 flex items-center gap-2 text-xs text-slate-600" role="status" data-testid="list-updated">
        {view === 'loading' && <Spinner label="Updating" size="sm" />}
        Updated {formatSince(keptAt, Date.now())}
        {view === 'kept' && (
          <Button variant="secondary" disabled={!canRetry} onClick={() => actor.send({ type: 'content.retry' })}>
            Retry
          </Button>
        )}
      </p>
    );
  }
  switch (view) {
    case 'loading':
      return skeleton ? <Skeleton shape={skeleton} /> : <Spinner label="Loading" />;
    case 'noBatch':
      return <Notice>{NO_BATCH_MESSAGE}</Notice>;
    case 'empty':
      return <Notice>{emptyText}</Notice>;
    case 'failed':
      return (
        <Notice
          tone="error"
          title="The contents could not be loaded."
          action={
            <>
              <BackButton />
              <Button disabled={!canRetry} onClick={() => actor.send({ type: 'content.retry' })}>
                Retry
              </Button>
            </>
          }
        >
          {error}
        </Notice>
      );
    default:
      return null;
  }
}
