// The Ask dialog (src/machines/askQuestion.machine.ts): the Bengali guidelines, then 'Create New
// Question' or 'Reply' with files picked, dropped or photographed (photos cropped and turned in the
// image editor), a voice note from the audio recorder, and each file's upload progress.
import { lazy, Suspense, useEffect, useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { askQuestionMachine } from '../../machines/askQuestion.machine';
import { audioRecorderMachine } from '../../machines/audioRecorder.machine';
import { ASK_GUIDELINES, ASK_GUIDELINES_TITLE, FORUM_MEDIA_TYPES, isHiddenChapter } from '../../domain/forum';
import type { FileUpload } from '../../machines/askQuestion.machine';
import { MESSAGES, postFailureWords, uploadFailedMessage } from '../../domain/messages';
import type { CourseWithChapters } from '../../contracts/content';
import { contentApi } from '../../services/content';
import { forumApi } from '../../services/forum';
import { RECORDING_TYPE, startRecording } from '../../services/recorder';
import { useStudent } from '../app/RootActors';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { toast } from '../ui/toast';
import { useObjectUrl } from '../ui/useObjectUrl';
import { formatCountdown } from '../../domain/academyTime';
import { CameraCapture } from './CameraCapture';
import { askActors } from './forum.implementations';

// cropperjs comes with the editor, when a photo is edited, not with the forum's screens.
const ImageEditor = lazy(() => import('./ImageEditor'));

export type AskActor = ActorRefFrom<typeof askQuestionMachine>;

/** The dialog's actor: a new question leads to its page; a reply calls `onReplied`. */
export function useAskDialog(courseId: string | undefined, onReplied?: (questionId: string) => void): AskActor {
  const navigate = useNavigate();
  const studentId = useStudent()?._id ?? '';
  return useActorRef(
    askQuestionMachine.provide({
      actors: askActors(studentId),
      actions: {
        fileFailed: (_, { name }) => toast.error(uploadFailedMessage(name)),
        submitted: (_, { mode, questionId }) => {
          if (mode === 'create') {
            toast.success(MESSAGES.questionSubmitted);
            navigate(`/question-details/${questionId}`);
          } else {
            toast.success(MESSAGES.replyAdded);
            onReplied?.(questionId);
          }
        },
        submitFailed: (_, { error }) => {
          const { title, description } = postFailureWords(error);
          toast.error(title, description);
        },
      },
    }),
    { input: { courseId } },
  );
}

const selectClass = 'min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm disabled:bg-slate-100';

export function AskDialog({ actor }: { actor: AskActor }) {
  const state = useSelector(actor, (s) => (s.matches('guidelines') ? 'guidelines' : s.matches('closed') ? 'closed' : 'form'));
  const mode = useSelector(actor, (s) => s.context.mode);
  const close = () => actor.send({ type: 'dialog.close' });
  return (
    <>
      <Modal
        open={state === 'guidelines'}
        onClose={close}
        title={ASK_GUIDELINES_TITLE}
        actions={
          <>
            <Button variant="secondary" onClick={close}>Cancel</Button>
            <Button onClick={() => actor.send({ type: 'guidelines.ok' })}>OK</Button>
          </>
        }
      >
        <ol lang="bn" className="list-decimal space-y-2 pl-5 text-sm text-slate-800">
          {ASK_GUIDELINES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </Modal>
      <Modal open={state === 'form'} onClose={close} title={mode === 'reply' ? 'Reply' : 'Create New Question'} size="lg">
        {state === 'form' && <AskForm actor={actor} />}
      </Modal>
    </>
  );
}

function AskForm({ actor }: { actor: AskActor }) {
  const fields = useSelector(actor, (s) => s.context.fields);
  const errors = useSelector(actor, (s) => s.context.errors);
  const files = useSelector(actor, (s) => s.context.files);
  const mode = useSelector(actor, (s) => s.context.mode);
  // While the form is sent it takes no other field, file or Cancel (each would be lost): those wait, disabled.
  const busy = useSelector(actor, (s) => s.hasTag('loading'));
  const canDetails = useSelector(actor, (s) => s.can({ type: 'details.change', details: '' }));
  const [courses, setCourses] = useState<CourseWithChapters[]>([]);
  const [reached, setReached] = useState<Set<string> | null>(null);
  useEffect(() => {
    if (mode !== 'create') return;
    void contentApi.coursesWithChapters().then(setCourses, (error: unknown) => console.warn('Courses could not be loaded', error));
    void forumApi.groupSubjects().then((ids) => setReached(new Set(ids)), (error: unknown) => console.warn('Subjects could not be loaded', error));
  }, [mode]);
  const course = courses.find((c) => c._id === fields.courseId);
  const subjects = (course?.subjects ?? []).filter((s) => !reached || reached.has(s._id));
  const chapters = (subjects.find((s) => s._id === fields.subjectId)?.chapters ?? []).filter((c) => !isHiddenChapter(c.name));
  const addFiles = (list: FileList | null) => list && actor.send({ type: 'files.add', files: [...list] });
  const drop = (event: DragEvent) => {
    event.preventDefault();
    if (!busy) addFiles(event.dataTransfer.files);
  };
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'submit' });
      }}
    >
      {mode === 'create' && (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Course" error={errors.courseId}>
            <select className={selectClass} value={fields.courseId} disabled={busy} onChange={(e) => actor.send({ type: 'course.select', courseId: e.target.value })}>
              <option value="">Select course</option>
              {courses.map((c) => <option key={c._id} value={c._id}>{c.name}</option>)}
            </select>
          </Field>
          <Field label="Subject" error={errors.subjectId}>
            <select className={selectClass} value={fields.subjectId} disabled={busy || !fields.courseId} onChange={(e) => actor.send({ type: 'subject.select', subjectId: e.target.value })}>
              <option value="">Select subject</option>
              {subjects.map((s) => <option key={s._id} value={s._id}>{s.name}</option>)}
            </select>
          </Field>
          <Field label="Chapter" error={errors.chapterId}>
            <select className={selectClass} value={fields.chapterId} disabled={busy || !fields.subjectId} onChange={(e) => actor.send({ type: 'chapter.select', chapterId: e.target.value })}>
              <option value="">Select chapter</option>
              {chapters.map((c) => <option key={c._id} value={c._id}>{c.name}</option>)}
            </select>
          </Field>
        </div>
      )}
      <Field label={mode === 'reply' ? 'Reply' : 'Question details'} error={errors.details}>
        <textarea
          className={`${selectClass} min-h-32`}
          value={fields.details}
          disabled={!canDetails}
          onChange={(e) => actor.send({ type: 'details.change', details: e.target.value })}
        />
      </Field>
      <SimilarQuestions actor={actor} />
      <div onDragOver={(e) => e.preventDefault()} onDrop={drop} className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600" data-testid="drop-zone">
        <label className={`inline-flex min-h-10 items-center font-medium ${busy ? 'cursor-not-allowed text-slate-600' : 'cursor-pointer text-brand-800'}`}>
          Choose files
          <input type="file" multiple accept={FORUM_MEDIA_TYPES.join(',')} className="sr-only" disabled={busy} onChange={(e) => addFiles(e.target.files)} />
        </label>{' '}
        or drop images, PDFs or audio here.
        {files.length > 0 && (
          <ul className="mt-2 space-y-2" aria-label="Files">
            {files.map((file, index) => (
              <FileRow key={`${file.name}-${file.size}-${index}`} actor={actor} file={file} index={index} />
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <CameraCapture disabled={busy} onPhoto={(photo) => actor.send({ type: 'photo.captured', photo })} />
      </div>
      <PhotoEditor actor={actor} />
      <AudioRecorder disabled={busy} onAdd={(file) => actor.send({ type: 'files.add', files: [file] })} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'dialog.close' })}>Cancel</Button>
        <Button type="submit" busy={busy}>Submit</Button>
      </div>
    </form>
  );
}

/** One file of the form: a preview of a photo, its name, Edit (photos) and Remove, and its upload's progress. */
function FileRow({ actor, file, index }: { actor: AskActor; file: File; index: number }) {
  const upload = useSelector(actor, (s) => s.context.uploads[index]);
  const uploading = useSelector(actor, (s) => s.matches({ submitting: 'uploading' }) && s.context.uploading === index);
  const canEdit = useSelector(actor, (s) => s.can({ type: 'photo.edit', index }));
  const canRemove = useSelector(actor, (s) => s.can({ type: 'file.remove', index }));
  const preview = useObjectUrl(file.type.startsWith('image/') ? file : null);
  return (
    <li className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        {preview && <img src={preview} alt={`Preview of ${file.name}`} className="h-12 w-12 rounded object-cover" />}
        <span className="min-w-0 flex-1 break-all">{file.name}</span>
        {canEdit && <Button variant="quiet" onClick={() => actor.send({ type: 'photo.edit', index })} aria-label={`Edit ${file.name}`}>Edit</Button>}
        <Button variant="quiet" disabled={!canRemove} onClick={() => actor.send({ type: 'file.remove', index })}>Remove</Button>
      </div>
      {upload && <UploadProgress name={file.name} upload={upload} uploading={uploading} />}
    </li>
  );
}

/** A file's upload: a bar while it goes (and once it is stored), or that it failed and was skipped. */
function UploadProgress({ name, upload, uploading }: { name: string; upload: FileUpload; uploading: boolean }) {
  if (upload.failed) return <p className="text-xs text-red-700">{uploadFailedMessage(name)}</p>;
  if (!uploading && !upload.media) return null;
  const percent = upload.total > 0 ? Math.min(100, Math.round((upload.sent / upload.total) * 100)) : 100;
  return (
    <div className="flex items-center gap-2 text-xs text-slate-600">
      <progress className="h-2 flex-1 accent-brand-700" max={100} value={percent} aria-label={`Uploading ${name}`} aria-valuetext={upload.media ? 'Uploaded' : `${percent}%`} />
      <span aria-hidden="true">{upload.media ? 'Uploaded' : `${percent}%`}</span>
    </div>
  );
}

/** The image editor over the form, for the photo being edited. */
function PhotoEditor({ actor }: { actor: AskActor }) {
  const photo = useSelector(actor, (s) => (s.context.editing === null ? null : (s.context.files[s.context.editing] ?? null)));
  if (!photo) return null;
  return (
    <Suspense fallback={<Spinner label="Opening the image editor…" showLabel className="my-2" />}>
      <ImageEditor key={`${photo.name}-${photo.lastModified}-${photo.size}`} photo={photo} onDone={(edited) => actor.send({ type: 'photo.edited', photo: edited })} />
    </Suspense>
  );
}

/** Up to five questions of the course like the one being written: opening one may answer it already. */
function SimilarQuestions({ actor }: { actor: AskActor }) {
  const similar = useSelector(actor, (s) => s.context.similar);
  if (!similar.length) return null;
  return (
    <section aria-label="Similar questions" className="rounded-lg bg-slate-50 p-3 text-sm">
      <h3 className="mb-1 font-medium text-slate-800">Similar questions already asked</h3>
      <ul className="space-y-1">
        {similar.map((q) => (
          <li key={q._id}>
            <a href={`/question-details/${q._id}`} target="_blank" rel="noreferrer" className="text-brand-800 underline">
              {q.questionDescription.length > 120 ? `${q.questionDescription.slice(0, 120)}…` : q.questionDescription}
            </a>{' '}
            <span className="text-slate-500">({q.answers} {q.answers === 1 ? 'answer' : 'answers'})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Field({ label, error, children }: { label: string; error?: string; children: React.ReactNode }) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      <span className="mb-1 block">{label}</span>
      {children}
      {error && <span className="mt-1 block text-xs text-red-700" role="alert">{error}</span>}
    </label>
  );
}

/** `disabled`: the form is being sent and cannot take a recording; Add waits (recording goes on). */
function AudioRecorder({ onAdd, disabled = false }: { onAdd: (file: File) => void; disabled?: boolean }) {
  const recorder = useActorRef(
    audioRecorderMachine.provide({
      actors: { startRecording: fromPromise(() => startRecording()) },
      actions: {
        addRecording: (_, { recording }) => onAdd(new File([recording], `voice-note-${Date.now()}.webm`, { type: RECORDING_TYPE })),
        logError: (_, { error }) => console.warn('Recording failed', error),
      },
    }),
  );
  const value = useSelector(recorder, (s) => s.value);
  const elapsed = useSelector(recorder, (s) => s.context.elapsed);
  const recording = useSelector(recorder, (s) => s.context.recording);
  const url = useObjectUrl(recording);
  // The microphone closes with the dialog.
  useEffect(() => () => recorder.getSnapshot().context.handle?.cancel(), [recorder]);
  const time = formatCountdown(elapsed * 1000);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="audio-recorder">
      {value === 'stopped' && <Button variant="secondary" onClick={() => recorder.send({ type: 'recorder.start' })}>Record voice note</Button>}
      {value === 'recording' && (
        <>
          <span aria-live="polite" className="font-mono text-red-700">● {time}</span>
          <Button variant="secondary" onClick={() => recorder.send({ type: 'recorder.stop' })}>Stop</Button>
        </>
      )}
      {value === 'recorded' && (
        <>
          {url && <audio controls src={url} />}
          <Button variant="danger" onClick={() => recorder.send({ type: 'recorder.delete' })}>Delete</Button>
          <Button disabled={disabled} onClick={() => recorder.send({ type: 'recorder.add' })}>Add</Button>
        </>
      )}
    </div>
  );
}
