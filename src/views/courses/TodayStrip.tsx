// The Today strip above My Courses (src/machines/today.machine.ts): a running exam to resume, an exam
// open now, a teacher's new answer, the next exam, a video to continue, a result just published; each
// line one tap away, nothing shown when there is nothing to say. Offline it shows what the phone kept,
// with when it was last updated. Its implementations: the Today call and the phone's store.
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { todayMachine } from '../../machines/today.machine';
import { serverNowOf, todayItems, type TodayKind } from '../../domain/today';
import { formatSince } from '../../domain/academyTime';
import { todayApi, todayStore } from '../../services/today';
import { useIsOnline, useNotificationsActor } from '../app/RootActors';
import { Button } from '../ui/Button';
import type { StudentNotification } from '../../contracts/notifications';

const NO_NOTIFICATIONS: StudentNotification[] = [];

const MARKS: Record<TodayKind, { sign: string; looks: string }> = {
  running: { sign: '▶', looks: 'bg-red-100 text-red-800' },
  open: { sign: '●', looks: 'bg-red-50 text-red-800' },
  answer: { sign: '✉', looks: 'bg-emerald-50 text-emerald-800' },
  upcoming: { sign: '◷', looks: 'bg-sky-50 text-sky-800' },
  video: { sign: '▷', looks: 'bg-violet-50 text-violet-800' },
  published: { sign: '★', looks: 'bg-amber-50 text-amber-800' },
};

export function TodayStrip({ studentId }: { studentId: string }) {
  const actor = useActorRef(
    todayMachine.provide({
      actors: { loadToday: fromPromise(() => todayApi.load()) },
      actions: { keepToday: (_, { kept }) => todayStore.keep(studentId, kept) },
    }),
    { input: { kept: todayStore.read(studentId), watched: todayStore.watched(studentId), deviceNow: () => Date.now() } },
  );
  const online = useIsOnline();
  useEffect(() => {
    if (online) actor.send({ type: 'connection.online' });
  }, [online, actor]);

  const state = useSelector(actor, (s) => (s.hasTag('loading') ? 'loading' : (s.matches('current') ? 'current' : (s.value as 'kept' | 'failed'))));
  const kept = useSelector(actor, (s) => s.context.kept);
  const watched = useSelector(actor, (s) => s.context.watched);
  const now = useSelector(actor, (s) => s.context.now);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notificationsActor = useNotificationsActor();
  const notifications = useSelector(notificationsActor, (s) => s?.context.notifications) ?? NO_NOTIFICATIONS;
  const items = useMemo(
    () => todayItems(kept?.today ?? null, kept ? serverNowOf(kept.today, kept.receivedAt, now) : now, notifications, watched),
    [kept, now, notifications, watched],
  );

  if (state === 'failed')
    return (
      <section aria-label="Today" className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm">
        <p className="text-slate-700">
          Today could not be loaded{problem ? `: ${problem.replace(/\.$/, '')}` : ''}.
        </p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'today.retry' })}>
          Try again
        </Button>
      </section>
    );
  if (state === 'loading' && !kept)
    return (
      <div role="status" aria-label="Loading Today" className="mb-4 h-14 animate-pulse rounded-xl border border-slate-200 bg-slate-100" />
    );
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="today-heading" className="mb-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-2">
        <h2 id="today-heading" className="text-base font-semibold text-slate-900">
          Today
        </h2>
        {state === 'kept' && kept && (
          <p className="flex items-center gap-2 text-xs text-slate-600" data-testid="today-updated">
            Updated {formatSince(kept.receivedAt, now)}
            <Button variant="quiet" onClick={() => actor.send({ type: 'today.retry' })}>
              Try again
            </Button>
          </p>
        )}
      </div>
      <ul className="divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.to} className="flex min-h-11 items-center gap-3 rounded-lg px-1 py-1.5 hover:bg-slate-50 focus:outline-2 focus:outline-brand-600" data-kind={item.kind}>
              <span aria-hidden="true" className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm ${MARKS[item.kind].looks}`}>
                {MARKS[item.kind].sign}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900">{item.title}</span>
                <span className="block truncate text-sm text-slate-600">{item.detail}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
