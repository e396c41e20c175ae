// The desk's Lectures page (/staff/lectures; admins, and teachers for their courses): put a lecture in
// by uploading its video (the lectureUpload statechart: resumable, progress, speed, time left, cancel),
// and follow each lecture's packaging (the lectureDesk statechart: live events, asked again while any
// is unfinished; cancel, retry, delete). This screen renders the two and gives them the server's calls.
import { useCallback, useMemo, useRef, type ChangeEvent } from 'react';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { lectureDeskMachine } from '../../machines/lectureDesk.machine';
import { lectureUploadMachine, type LectureFile, type LectureUploadEvent } from '../../machines/lectureUpload.machine';
import type { Lecture, LectureDesk } from '../../contracts/lectures';
import { LECTURE_EVENT, LECTURE_FILE_TYPES } from '../../contracts/limits';
import { lecturesApi } from '../../services/lectures';
import { Button } from '../ui/Button';
import { InlineAlert } from '../ui/InlineAlert';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { DeskLayout } from './DeskLayout';
import { useDeskEvent } from './useDeskEvent';

type DeskActor = ActorRefFrom<typeof lectureDeskMachine>;
type UploadActor = ActorRefFrom<typeof lectureUploadMachine>;

export function LecturesScreen() {
  return (
    <DeskLayout section="lectures" title="Lectures">
      <LecturesPage />
    </DeskLayout>
  );
}

function useDeskActor(): DeskActor {
  const actor = useActorRef(lectureDeskMachine.provide({ actors: { loadDesk: fromPromise(() => lecturesApi.desk()), act: fromPromise(({ input }) => lecturesApi.act(input.action, input.id)) } }));
  const hear = useCallback(
    (payload: Lecture | { id: string; deleted: true }) => actor.send('deleted' in payload ? { type: 'lectures.gone', id: payload.id } : { type: 'lectures.heard', lecture: payload }),
    [actor],
  );
  useDeskEvent(LECTURE_EVENT, hear);
  return actor;
}

function useUploadActor(maxBytes: number, onUploaded: () => void): UploadActor {
  const self = useRef<UploadActor | null>(null);
  const actor = useActorRef(
    lectureUploadMachine.provide({
      actors: {
        sendFile: fromCallback<LectureUploadEvent, { file: LectureFile; itemId: string; title: string }>(({ sendBack, input }) =>
          lecturesApi.send(input.file.data, input.file.name, { itemId: input.itemId, title: input.title }, {
            resumed: (from) => sendBack({ type: 'upload.resumed', from }),
            progress: (sent, total) => sendBack({ type: 'upload.progress', sent, total, at: Date.now() }),
            linkDropped: () => sendBack({ type: 'upload.linkDropped' }),
            done: (lectureId) => {
              sendBack({ type: 'upload.done', lectureId });
              onUploaded();
            },
            failed: (error) => sendBack({ type: 'upload.failed', error }),
          }),
        ),
        cancelUpload: fromPromise(({ input }) => lecturesApi.cancel(input.file.data, input.file.name)),
      },
    }),
    { input: { maxBytes } },
  );
  self.current = actor;
  return actor;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
const clock = (seconds: number) => (seconds >= 3600 ? `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min` : seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`);

export function LecturesPage() {
  const desk = useDeskActor();
  const state = useSelector(desk, (s) => s);
  const data = state.context.desk;
  return (
    <section aria-labelledby="lectures-title">
      <h1 id="lectures-title" className="mb-1 text-xl font-semibold text-slate-900">
        Lectures
      </h1>
      <p className="mb-4 text-sm text-slate-600">
        Upload a recorded lecture ({LECTURE_FILE_TYPES.join(', ')}). It is packaged into a protected stream in several qualities; students see it in its chapter once it is ready.
      </p>
      {state.hasTag('loading') && <Spinner label="Opening the lectures…" showLabel />}
      {state.matches('failed') && (
        <Notice tone="error" title={state.context.problem?.title ?? 'The lectures could not be opened.'} action={<Button onClick={() => desk.send({ type: 'lectures.retryLoad' })}>Try again</Button>}>
          {state.context.problem?.description}
        </Notice>
      )}
      {data && state.matches('ready') && (
        <>
          <UploadForm desk={data} onUploaded={() => desk.send({ type: 'lectures.uploaded' })} />
          <LectureList actor={desk} />
        </>
      )}
    </section>
  );
}

function UploadForm({ desk, onUploaded }: { desk: LectureDesk; onUploaded: () => void }) {
  const actor = useUploadActor(desk.maxBytes, onUploaded);
  const state = useSelector(actor, (s) => s);
  const { itemId, title, file, sent, total, bytesPerSecond, secondsLeft, problem, resumedFrom } = state.context;
  const items = useMemo(
    () => desk.places.flatMap((course) => course.subjects.flatMap((subject) => subject.items.map((item) => ({ ...item, label: `${subject.name} / ${item.name}`, course: course.courseName })))),
    [desk.places],
  );
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    if (chosen) actor.send({ type: 'upload.choose', file: { name: chosen.name, size: chosen.size, data: chosen } });
  };
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const sending = state.matches('sending');
  return (
    <div className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="mb-3 font-semibold text-slate-900">Upload a lecture</h2>
      {(state.matches('editing') || state.matches('failed')) && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="lecture-place" className="mb-1 block text-sm font-medium text-slate-800">
              Chapter, lecture or question-solve item
            </label>
            <select id="lecture-place" value={itemId} onChange={(e) => actor.send({ type: 'upload.place', itemId: e.target.value })} className="w-full rounded-lg border border-slate-300 px-3 py-2" disabled={!state.matches('editing')}>
              <option value="">Choose…</option>
              {desk.places.map((course) => (
                <optgroup key={course.courseId} label={course.courseName}>
                  {items
                    .filter((item) => item.course === course.courseName)
                    .map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.label}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="lecture-title" className="mb-1 block text-sm font-medium text-slate-800">
              Title
            </label>
            <input id="lecture-title" value={title} maxLength={200} onChange={(e) => actor.send({ type: 'upload.title', title: e.target.value })} className="w-full rounded-lg border border-slate-300 px-3 py-2" disabled={!state.matches('editing')} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="lecture-file" className="mb-1 block text-sm font-medium text-slate-800">
              Video file (up to {megabytes(desk.maxBytes)})
            </label>
            {state.matches('editing') ? (
              <input id="lecture-file" type="file" accept={`${LECTURE_FILE_TYPES.join(',')},video/*`} onChange={choose} className="block w-full text-sm" />
            ) : (
              <p id="lecture-file" className="text-sm text-slate-700">
                {file?.name}
              </p>
            )}
            <p className="mt-1 text-xs text-slate-600">A dropped link or a reload loses nothing: choose the same file again and the upload continues where it stopped.</p>
          </div>
        </div>
      )}
      <div className="my-3">
        <InlineAlert words={problem} />
      </div>
      {state.matches('editing') && <Button onClick={() => actor.send({ type: 'upload.start' })}>Upload</Button>}
      {state.matches('failed') && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => actor.send({ type: 'upload.start' })}>Try again</Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'upload.cancel' })}>
            Cancel the upload
          </Button>
          <Button variant="quiet" onClick={() => actor.send({ type: 'upload.again' })}>
            Choose another file
          </Button>
        </div>
      )}
      {(sending || state.matches('cancelling')) && (
        <div aria-live="polite">
          <p className="mb-2 font-medium text-slate-800">Uploading {file?.name}</p>
          <progress className="h-2 w-full accent-brand-700" max={100} value={percent} aria-label={`Uploading ${file?.name}`} aria-valuetext={`${percent}%`} />
          <p role="status" className="mt-2 text-sm text-slate-700">
            {state.matches('cancelling')
              ? 'Cancelling…'
              : state.matches({ sending: 'reconnecting' })
                ? `The link dropped. Resuming from the last byte received (${percent}%)…`
                : `${percent}% · ${megabytes(sent)} of ${megabytes(total)}${bytesPerSecond ? ` · ${megabytes(bytesPerSecond)}/s` : ''}${secondsLeft !== null ? ` · about ${clock(secondsLeft)} left` : ''}`}
          </p>
          {resumedFrom > 0 && <p className="text-sm text-slate-600">Resumed from {megabytes(resumedFrom)} sent before.</p>}
          <div className="mt-3">
            <Button variant="secondary" disabled={!state.can({ type: 'upload.cancel' })} onClick={() => actor.send({ type: 'upload.cancel' })}>
              Cancel the upload
            </Button>
          </div>
        </div>
      )}
      {state.matches('uploaded') && (
        <div role="status">
          <p className="mb-3 text-sm text-slate-800">Uploaded {file?.name}. Its packaging is under way in the list below.</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'upload.again' })}>
            Upload another lecture
          </Button>
        </div>
      )}
    </div>
  );
}

/** A lecture's state in the teacher's words. */
function stateWords(lecture: Lecture): string {
  switch (lecture.state) {
    case 'queued':
      return lecture.ahead > 0 ? `Queued, ${lecture.ahead} before it` : 'Queued';
    case 'probing':
      return 'Checking the file';
    case 'transcoding':
      return `Transcoding ${lecture.percent}%${lecture.secondsLeft !== null ? `, about ${clock(lecture.secondsLeft)} left` : ''}`;
    case 'packaging':
      return 'Packaging';
    case 'ready':
      return `Ready · ${clock(Math.round(lecture.durationSeconds ?? 0))} · ${lecture.renditions.filter((r) => r.name !== 'audio').map((r) => r.name).join(', ')}`;
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

function LectureList({ actor }: { actor: DeskActor }) {
  const state = useSelector(actor, (s) => s);
  const lectures = state.context.desk?.lectures ?? [];
  const chosen = lectures.find((lecture) => lecture.id === state.context.chosen);
  const busy = state.hasTag('busy');
  return (
    <div>
      <h2 className="mb-2 font-semibold text-slate-900">Lectures put in</h2>
      <div className="mb-2">
        <InlineAlert words={state.context.problem} />
      </div>
      {lectures.length === 0 ? (
        <p className="text-sm text-slate-600">No lecture has been uploaded yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {lectures.map((lecture) => (
            <li key={lecture.id} className="flex flex-wrap items-center gap-3 p-3" data-lecture={lecture.id}>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{lecture.title}</p>
                <p className="text-sm text-slate-600">
                  {lecture.place} · {lecture.sourceName} ({megabytes(lecture.sourceBytes)})
                </p>
                <p className="text-sm text-slate-800" data-state={lecture.state}>
                  {stateWords(lecture)}
                </p>
                {lecture.state === 'transcoding' && <progress className="h-1.5 w-full max-w-xs accent-brand-700" max={100} value={lecture.percent} aria-label={`Transcoding ${lecture.title}`} />}
                {lecture.failure && <p className="text-sm text-red-800">{lecture.failure}</p>}
              </div>
              <div className="flex gap-2">
                {['queued', 'probing', 'transcoding', 'packaging'].includes(lecture.state) && (
                  <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'lecture.cancel', id: lecture.id })}>
                    Cancel
                  </Button>
                )}
                {(lecture.state === 'failed' || lecture.state === 'cancelled') && (
                  <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'lecture.retry', id: lecture.id })}>
                    Retry
                  </Button>
                )}
                <Button variant="quiet" disabled={busy} onClick={() => actor.send({ type: 'lecture.delete', id: lecture.id })} aria-label={`Delete ${lecture.title}`}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={state.matches({ ready: 'confirming' }) || state.matches({ ready: 'deleting' })}
        onClose={() => actor.send({ type: 'lecture.keep' })}
        title={`Delete ${chosen?.title ?? 'this lecture'}?`}
        size="sm"
        actions={
          <>
            <Button variant="secondary" onClick={() => actor.send({ type: 'lecture.keep' })} disabled={!state.can({ type: 'lecture.keep' })}>
              Keep it
            </Button>
            <Button variant="danger" onClick={() => actor.send({ type: 'lecture.confirm' })} disabled={!state.can({ type: 'lecture.confirm' })}>
              Delete
            </Button>
          </>
        }
      >
        Students will no longer see it, and its video files are removed.
      </Modal>
    </div>
  );
}
