// The shared frame of every content list screen: its statechart, and what each non-list state shows
// (spinner, no-batch notice, nothing-added notice, failure with retry).
import type { ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { contentListMachine, type ContentPage } from '../../machines/contentList.machine';
import { useStudent } from '../app/RootActors';

/** The academy's name as the no-batch notice names it. */
export const PROVIDER_NAME = 'Medical Academy';
export const NO_BATCH_MESSAGE = `You are not added to a batch yet, To view contents you must be added to a student batch. Please ask ${PROVIDER_NAME} Administration to add you to a batch.`;
export const NOTHING_ADDED_MESSAGE = "Nothing added yet. You'll see contents immediately after contents will be updated.";

export type ContentListActor = ActorRefFrom<typeof contentListMachine>;

/**
 * Starts a list machine for this screen. `fetchPage` is read once: screens remount (by key) when
 * their route parameters change.
 */
export function useContentList<TItem, THeading>(fetchPage: () => Promise<ContentPage<TItem, THeading>>) {
  const student = useStudent();
  const actor = useActorRef(contentListMachine.provide({ actors: { fetchPage: fromPromise<ContentPage, void>(() => fetchPage()) } }), {
    input: { hasBatch: (student?.groups.length ?? 0) > 0 },
  });
  const page = useSelector(actor, (s) => s.context.page) as ContentPage<TItem, THeading> | null;
  const loaded = useSelector(actor, (s) => s.matches('loaded'));
  return { actor, items: loaded && page ? page.items : [], heading: page?.heading ?? null, loaded };
}

/** Shows the spinner, notices or failure for states other than `loaded`; renders nothing when loaded. */
export function ContentListStatus({ actor, emptyText = NOTHING_ADDED_MESSAGE }: { actor: ContentListActor; emptyText?: ReactNode }) {
  const view = useSelector(actor, (s) =>
    s.hasTag('loading') ? 'loading' : s.matches('noBatch') ? 'noBatch' : s.matches('empty') ? 'empty' : s.matches('failed') ? 'failed' : 'loaded',
  );
  const error = useSelector(actor, (s) => s.context.error);
  const canRetry = useSelector(actor, (s) => s.can({ type: 'content.retry' }));
  switch (view) {
    case 'loading':
      return <Spinner label="Loading" />;
    case 'noBatch':
      return <Notice>{NO_BATCH_MESSAGE}</Notice>;
    case 'empty':
      return <Notice>{emptyText}</Notice>;
    case 'failed':
      return (
        <div role="alert" className="mx-auto my-8 max-w-lg rounded-xl border border-red-200 bg-red-50 p-5 text-center">
          <p className="font-semibold text-red-800">The contents could not be loaded.</p>
          {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
          <button
            type="button"
            disabled={!canRetry}
            onClick={() => actor.send({ type: 'content.retry' })}
            className="mt-4 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Try again
          </button>
        </div>
      );
    default:
      return null;
  }
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mx-auto my-8 max-w-xl rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-700">
      {children}
    </p>
  );
}

export function Spinner({ label, className = 'my-10' }: { label: string; className?: string }) {
  return (
    <div role="status" aria-label={label} className={`flex justify-center ${className}`}>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden="true" />
    </div>
  );
}
