// The teacher desk's week at /staff/week: the exams of the teacher's courses in a week, by day, each
// in its state with what can be done next (mark, publish, see the analysis and the results), and
// Previous week, Next week, This week. Starts and submits heard on the desk's realtime channel reach
// the statechart (staffWeek) as week.activity; this view renders it.
import { useCallback } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { staffWeekMachine } from '../../machines/staffWeek.machine';
import type { ScheduleEntry } from '../../contracts/staffSchedule';
import { EXAM_ACTIVITY_EVENT, type ExamActivity } from '../../domain/staffSchedule';
import { formatClockTime, publishAfterWords } from '../../domain/academyTime';
import { formatWeekDay, formatWeekSpan, weekOfTime } from '../../domain/academyWeek';
import { toMs } from '../../domain/examTiming';
import { staffApi } from '../../services/staff';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { InlineAlert } from '../ui/InlineAlert';
import { Notice } from '../ui/Notice';
import { PageLink } from '../ui/PageLink';
import { Spinner } from '../ui/Spinner';
import { challengesLabel, challengesPath } from './challengesLink';
import { DeskLayout, DeskLoadFailure } from './DeskLayout';
import { useDeskEvent } from './useDeskEvent';

type WeekActor = ReturnType<typeof useWeekActor>;

function useWeekActor() {
  return useActorRef(staffWeekMachine.provide({ actors: { loadWeek: fromPromise(({ input }) => staffApi.schedule(input.weekOf)) } }), {
    input: { thisWeek: weekOfTime(Date.now()).weekOf },
  });
}

export function StaffWeek() {
  return (
    <DeskLayout section="week" title="This week" width="wide">
      <Week />
    </DeskLayout>
  );
}

function Week() {
  const week = useWeekActor();
  const hear = useCallback((activity: ExamActivity) => week.send({ type: 'week.activity', examId: activity.examId, groupId: activity.groupId }), [week]);
  useDeskEvent(EXAM_ACTIVITY_EVENT, hear);
  const weekOf = useSelector(week, (s) => s.context.weekOf);
  const isThisWeek = useSelector(week, (s) => s.context.weekOf === s.context.thisWeek);
  const loading = useSelector(week, (s) => s.hasTag('loading'));
  const failed = useSelector(week, (s) => s.matches('failed'));
  const empty = useSelector(week, (s) => s.matches('empty'));
  const listed = useSelector(week, (s) => s.matches('listed'));
  const problem = useSelector(week, (s) => s.context.problem);
  const canMove = useSelector(week, (s) => s.can({ type: 'week.next' }));
  return (
    <section aria-labelledby="week-title">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <div className="min-w-0 flex-1">
          <h1 id="week-title" className="text-xl font-semibold text-slate-900">
            {isThisWeek ? 'This week' : 'Week'}
          </h1>
          <p className="text-sm text-slate-600">{formatWeekSpan(weekOf)} · times in the academy&apos;s time zone</p>
        </div>
        <nav aria-label="Weeks" className="flex flex-wrap gap-1">
          <Button variant="secondary" disabled={!canMove} onClick={() => week.send({ type: 'week.previous' })}>
            ← Previous week
          </Button>
          {!isThisWeek && (
            <Button variant="secondary" disabled={!canMove} onClick={() => week.send({ type: 'week.current' })}>
              This week
            </Button>
          )}
          <Button variant="secondary" disabled={!canMove} onClick={() => week.send({ type: 'week.next' })}>
            Next week →
          </Button>
        </nav>
      </div>
      {loading && <Spinner label="Loading the week…" showLabel />}
      {failed && (
        <DeskLoadFailure problem={problem} fallback="The week could not be loaded." onRetry={() => week.send({ type: 'week.retry' })} />
      )}
      {empty && <Notice title="No exams this week.">Exams of your courses given to batches show here from the week they start to the week they end.</Notice>}
      {listed && <WeekRows week={week} />}
    </section>
  );
}

function WeekRows({ week }: { week: WeekActor }) {
  const assignments = useSelector(week, (s) => s.context.schedule?.assignments ?? []);
  const now = useSelector(week, (s) => (s.context.schedule ? toMs(s.context.schedule.now) : Date.now()));
  const problem = useSelector(week, (s) => s.context.problem);
  return (
    <>
      {problem && (
        <div className="mb-3">
          <InlineAlert words={problem} />
        </div>
      )}
      <ul aria-label="Exams of the week" className="space-y-2">
        {assignments.map((entry) => (
          <WeekRow key={entry._id} entry={entry} now={now} />
        ))}
      </ul>
    </>
  );
}

const STATE_LABELS: Record<ScheduleEntry['state'], { label: string; look: string }> = {
  upcoming: { label: 'Upcoming', look: 'bg-slate-100 text-slate-800' },
  running: { label: 'Running', look: 'bg-blue-100 text-blue-900' },
  awaitingMarking: { label: 'Awaiting marking', look: 'bg-amber-100 text-amber-900' },
  readyToPublish: { label: 'Ready to publish', look: 'bg-green-100 text-green-900' },
  published: { label: 'Published', look: 'bg-green-700 text-white' },
};

function WeekRow({ entry, now }: { entry: ScheduleEntry; now: number }) {
  const { exam } = entry;
  const name = `${exam.title}, ${entry.groupName}`;
  const state = STATE_LABELS[entry.state];
  const linkLook = 'inline-flex min-h-10 items-center font-semibold text-brand-700 underline';
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" aria-label={name}>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <p className="w-28 shrink-0 text-sm font-semibold text-slate-800">
          {formatWeekDay(entry.startsAt)}
          <span className="block font-normal text-slate-600">
            {formatClockTime(entry.startsAt)} – {formatClockTime(entry.endsAt)}
          </span>
        </p>
        <div className="min-w-0 flex-1">
          <h2 className="break-words font-semibold text-slate-900">{exam.title}</h2>
          <p className="text-sm text-slate-600">
            {entry.groupName}
            {exam.courseName ? ` · ${exam.courseName}` : ''} · {exam.isPracticeExam ? 'Practice' : 'Live'}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-1 text-sm font-semibold ${state.look}`}>{state.label}</span>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        {(entry.state !== 'upcoming' || entry.started > 0) && (
          <span aria-live={entry.state === 'running' ? 'polite' : undefined} className="tabular-nums text-slate-800">
            {entry.started} started · {entry.submitted} submitted
          </span>
        )}
        {entry.state === 'awaitingMarking' && (
          <span className="font-semibold text-amber-900">
            {entry.unmarkedAnswers} written answer{entry.unmarkedAnswers === 1 ? '' : 's'} to mark
          </span>
        )}
        {entry.state === 'readyToPublish' && (
          <span className="font-semibold text-slate-800">{now < toMs(entry.publishableAt) ? publishAfterWords(entry.publishableAt) : 'Every written answer is marked: the results can be published.'}</span>
        )}
        <span className="ml-auto flex flex-wrap gap-x-4">
          {(entry.state === 'awaitingMarking' || entry.state === 'readyToPublish') && (
            <ButtonLink to={`/staff?assignment=${encodeURIComponent(entry._id)}`} variant={entry.state === 'awaitingMarking' ? 'primary' : 'secondary'} aria-label={`${entry.state === 'awaitingMarking' ? 'Mark answers' : 'Publish results'}: ${name}`}>
              {entry.state === 'awaitingMarking' ? 'Mark answers' : 'Publish results'}
            </ButtonLink>
          )}
          {entry.state === 'published' && (
            <>
              <PageLink className={linkLook} to={`/staff/exams/${encodeURIComponent(entry._id)}/results`} aria-label={`Results of ${name}`}>
                Results
              </PageLink>
              <PageLink className={linkLook} to={`/staff/exams/${encodeURIComponent(entry._id)}/analysis`} aria-label={`Item analysis of ${name}`}>
                Item analysis
              </PageLink>
              {entry.challenges > 0 && (
                <PageLink className={linkLook} to={challengesPath(entry._id)} aria-label={`${challengesLabel(entry.challenges)} of ${name}`}>
                  {challengesLabel(entry.challenges)}
                </PageLink>
              )}
            </>
          )}
        </span>
      </div>
    </li>
  );
}
