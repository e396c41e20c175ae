// One written answer on the teacher desk: the question (with its figures, files and model answer),
// the student's text and files, and the marks and comment form with previous and next.
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { WrittenAnswer } from '../../contracts/staff';
import { fileNameOf, mediaUrl } from '../ui/media';
import { TimeSince } from '../ui/TimeSince';
import { Button } from '../ui/Button';
import { InlineAlert } from '../ui/InlineAlert';
import type { staffDeskMachine } from '../../machines/staffDesk.machine';

/** The desk's Marking actor (StaffDesk.tsx makes it): imported as its machine's type, so the screen and this part import no cycle. */
type DeskActor = ActorRefFrom<typeof staffDeskMachine>;

export function AnswerMarking({ desk }: { desk: DeskActor }) {
  const answer = useSelector(desk, (s) => s.context.answers[s.context.index]);
  const index = useSelector(desk, (s) => s.context.index);
  const count = useSelector(desk, (s) => s.context.answers.length);
  const marked = useSelector(desk, (s) => s.context.answers.filter((a) => a.marks !== null).length);
  if (!answer) return null;
  const number = index + 1;
  return (
    <article aria-label={`Answer ${number} of ${count}`} className="rounded-xl border border-slate-200 bg-white p-3 sm:p-5">
      <p className="text-sm font-semibold text-slate-600">
        Answer {number} of {count} · {marked} marked
      </p>
      <Question answer={answer} />
      <StudentAnswer answer={answer} />
      {/* A fresh form per answer: its fields start from that answer's saved marks and comment. */}
      <MarkForm key={`${answer.attemptId}:${answer.questionId}`} desk={desk} answer={answer} />
    </article>
  );
}

function Question({ answer }: { answer: WrittenAnswer }) {
  const { question } = answer;
  const model = answer.question.modelAnswer.filter((item) => item !== null && String(item).trim() !== '').map(String);
  return (
    <section aria-label="Question" className="mt-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 flex-1 break-words font-semibold text-slate-900">{question.title}</h2>
        <span className="shrink-0 rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {question.type === 'paragraph' ? 'Paragraph' : 'Short answer'} · Marks: {question.point}
        </span>
      </div>
      {question.image.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">
          {question.image.map((src, i) => (
            <img key={src} src={mediaUrl(src)} alt={`Figure ${i + 1} of the question`} className="max-h-60 max-w-full rounded border border-slate-200" />
          ))}
        </div>
      )}
      <FileLinks files={question.file.map((file) => ({ name: fileNameOf(file), href: mediaUrl(file) }))} label="Question files" />
      {(model.length > 0 || question.explanation) && (
        <details className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-slate-800">Model answer and explanation</summary>
          {model.length > 0 && <p className="mt-1 whitespace-pre-wrap">Model answer: {model.join(' / ')}</p>}
          {question.explanation && <p className="mt-1 whitespace-pre-wrap">{question.explanation}</p>}
        </details>
      )}
    </section>
  );
}

function StudentAnswer({ answer }: { answer: WrittenAnswer }) {
  const text = answer.answer.filter((item) => item !== null).map(String).join('\n').trim();
  return (
    <section aria-label="Student's answer" className="mt-4 border-t border-slate-200 pt-3">
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-slate-800">{answer.student.name}</span> ({answer.student.sid}) · submitted <TimeSince at={answer.submittedAt} />
      </p>
      {text ? (
        <p className="mt-2 whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-900">{text}</p>
      ) : (
        <p className="mt-2 text-sm italic text-slate-600">No text: the answer is in the attached files.</p>
      )}
      {answer.extra.filter((file) => file.type.startsWith('image/')).length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">
          {answer.extra
            .filter((file) => file.type.startsWith('image/'))
            .map((file) => (
              <a key={file.key} href={mediaUrl(file.key)} target="_blank" rel="noreferrer">
                <img src={mediaUrl(file.key)} alt={`Attached image: ${file.name}`} className="max-h-60 max-w-full rounded border border-slate-200" />
              </a>
            ))}
        </div>
      )}
      <FileLinks files={answer.extra.map((file) => ({ name: file.name, href: mediaUrl(file.key) }))} label="Attached files" />
    </section>
  );
}

function FileLinks({ files, label }: { files: Array<{ name: string; href: string }>; label: string }) {
  if (files.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-2 text-sm">
      {files.map((file) => (
        <li key={file.href}>
          <a href={file.href} target="_blank" rel="noreferrer" className="inline-flex min-h-10 items-center rounded bg-slate-100 px-3 text-brand-800 underline">
            {file.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

function MarkForm({ desk, answer }: { desk: DeskActor; answer: WrittenAnswer }) {
  const saving = useSelector(desk, (s) => s.matches({ signedIn: { queue: { marking: 'saving' } } }));
  const problem = useSelector(desk, (s) => s.context.problem);
  const canPrevious = useSelector(desk, (s) => s.can({ type: 'desk.previous' }));
  const canNext = useSelector(desk, (s) => s.can({ type: 'desk.next' }));
  const editable = useSelector(desk, (s) => s.can({ type: 'desk.save', marks: 0, comment: '' }) && s.context.assignment?.resultPublished !== true);
  const [marks, setMarks] = useState(answer.marks === null ? '' : String(answer.marks));
  const [comment, setComment] = useState(answer.comment ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = marks.trim() === '' ? null : Number(marks);
    desk.send({ type: 'desk.save', marks: value !== null && Number.isFinite(value) ? value : null, comment });
  };
  const { point } = answer.question;
  return (
    <form onSubmit={submit} noValidate aria-label="Marks" className="mt-4 border-t border-slate-200 pt-3">
      {answer.marks !== null && (
        <p role="status" className="mb-2 text-sm font-semibold text-green-800">
          Marked: {answer.marks} of {point}
          {answer.reviewedAt && (
            <>
              {' · '}
              <TimeSince at={answer.reviewedAt} />
            </>
          )}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="desk-marks" className="mb-1 block text-sm font-medium text-slate-700">
            Marks (0 to {point})
          </label>
          <input
            id="desk-marks"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={marks}
            disabled={!editable && !saving}
            onChange={(e) => setMarks(e.target.value.replace(/[^\d.]/g, ''))}
            aria-describedby={problem ? 'desk-mark-problem' : undefined}
            aria-invalid={problem ? true : undefined}
            className="block w-28 rounded-lg border border-slate-300 px-3 py-2.5 text-base outline-none focus:ring-2 focus:ring-brand-500"
          />
        </div>
        <p className="pb-3 text-sm text-slate-600">out of {point}</p>
      </div>
      <label htmlFor="desk-comment" className="mb-1 mt-3 block text-sm font-medium text-slate-700">
        Comment for the student (optional)
      </label>
      <textarea
        id="desk-comment"
        rows={3}
        maxLength={4000}
        value={comment}
        disabled={!editable && !saving}
        onChange={(e) => setComment(e.target.value)}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base outline-none focus:ring-2 focus:ring-brand-500"
      />
      <div className="mt-3">
        <InlineAlert words={problem} id="desk-mark-problem" />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button variant="secondary" disabled={!canPrevious} onClick={() => desk.send({ type: 'desk.previous' })}>
          Previous
        </Button>
        <Button variant="secondary" disabled={!canNext} onClick={() => desk.send({ type: 'desk.next' })}>
          Next
        </Button>
        <Button type="submit" className="ml-auto" busy={saving} disabled={!editable}>
          Save marks
        </Button>
      </div>
    </form>
  );
}
