// The teacher desk's forum queue at /staff/forum: the questions (without a teacher's reply first) with
// their filters and counts beside the open question's thread and the reply form. Keyboard first: j/k or
// the arrows move, Enter opens, r writes the reply, Ctrl+Enter sends (and the keyboard leaves the box
// for the sent reply, so the next n or r is a command), n opens the next unanswered, e edits the last
// reply, Escape closes. A teacher's own reply can be removed, after a confirmation. The flow is the staffForum statechart; forum activity heard on
// the realtime channel reaches it as forum.activity.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { staffForumMachine, ownLastReply, ownReply, type FilesReport, type QueueFilters } from '../../machines/staffForum.machine';
import type { StaffForumQuestion, StaffForumStatus } from '../../contracts/staff';
import { COMPLETED, FORUM_ACTIVITY_EVENT, FORUM_MEDIA_TYPES, isForumMediaType, type ForumActivity } from '../../domain/forum';
import { staffApi } from '../../services/staff';
import { useDeskEvent } from './useDeskEvent';
import { uploadAttachment } from '../forum/forum.implementations';
import { PostCard, attachmentLabel, replyAuthor } from '../forum/PostCard';
import { Button } from '../ui/Button';
import { InlineAlert } from '../ui/InlineAlert';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { DeskLayout, DeskLoadFailure } from './DeskLayout';
import { TimeSince } from '../ui/TimeSince';

type ForumActor = ReturnType<typeof useForumActor>;

const QUEUE_LIMIT = 100;

function useForumActor() {
  return useActorRef(
    staffForumMachine.provide({
      actors: {
        loadQueue: fromPromise(async ({ input }) => {
          const { courseId, subjectId, chapterId, search, status } = input;
          const [queue, places] = await Promise.all([
            staffApi.forumQueue({ status, limit: QUEUE_LIMIT, ...(courseId && { courseId }), ...(subjectId && { subjectId }), ...(chapterId && { chapterId }), ...(search.trim() && { search: search.trim() }) }),
            staffApi.forumPlaces(),
          ]);
          return { queue, places };
        }),
        loadThread: fromPromise(({ input }) => staffApi.forumThread(input.questionId)),
        uploadFiles: fromCallback<{ type: string }, { files: File[] }>(({ input, sendBack }) => {
          let stopped = false;
          const report = (event: FilesReport) => !stopped && sendBack(event);
          void (async () => {
            const media = [];
            for (const [index, file] of input.files.entries()) media.push(await uploadAttachment(file, (sent, total) => report({ type: 'files.progress', index, sent, total })));
            return media;
          })().then(
            (media) => report({ type: 'files.done', media }),
            (error: unknown) => report({ type: 'files.failed', error }),
          );
          return () => {
            stopped = true;
          };
        }),
        sendReply: fromPromise(({ input }) => {
          const body = { reply: input.text, media: input.media };
          return input.commentId ? staffApi.forumEditReply(input.questionId, input.commentId, body) : staffApi.forumReply(input.questionId, body);
        }),
        removeReply: fromPromise(({ input }) => staffApi.forumDeleteReply(input.questionId, input.commentId)),
        markAnswer: fromPromise(({ input }) => staffApi.forumMarkAnswer(input.questionId, input.commentId)),
        setStatus: fromPromise(({ input }) => (input.completed ? staffApi.forumComplete(input.questionId) : staffApi.forumReopen(input.questionId))),
      },
    }),
  );
}

/** Forum activity heard on the realtime channel reaches the queue and the thread. */
function useForumActivity(forum: ForumActor) {
  const hear = useCallback((activity: ForumActivity) => forum.send({ type: 'forum.activity', questionId: activity.questionId }), [forum]);
  useDeskEvent(FORUM_ACTIVITY_EVENT, hear);
}

export function StaffForum() {
  return (
    <DeskLayout section="forum" title="Forum questions" width="wide">
      <ForumDesk />
    </DeskLayout>
  );
}

function ForumDesk() {
  const forum = useForumActor();
  useForumActivity(forum);
  const ended = useSelector(forum, (s) => s.matches('signedOut'));
  useKeyboard(forum);
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-slate-900">Forum questions</h1>
      <p id="forum-keys" className="mb-3 text-sm text-slate-600">
        Keys: <Key>j</Key>/<Key>k</Key> or <Key>↓</Key>/<Key>↑</Key> move · <Key>Enter</Key> opens · <Key>r</Key> reply · <Key>Ctrl</Key>+<Key>Enter</Key> sends · <Key>n</Key> next unanswered · <Key>e</Key> edit your last reply · <Key>/</Key> search · <Key>Esc</Key> closes
      </p>
      {/* A 401 ends the desk session: the layout then says so and leads to the sign-in. */}
      {!ended && (
        <div className="grid gap-4 min-[1000px]:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Queue forum={forum} />
          <Thread forum={forum} />
        </div>
      )}
    </>
  );
}

function Key({ children }: { children: string }) {
  return <kbd className="rounded border border-slate-300 bg-white px-1 font-mono text-xs text-slate-800">{children}</kbd>;
}

const typing = (target: EventTarget | null) => target instanceof HTMLElement && (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable);

function useKeyboard(forum: ForumActor) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.metaKey) return;
      if (document.querySelector('[role="dialog"]')) return;
      const snapshot = forum.getSnapshot();
      if (e.key === 'Escape' && typing(e.target)) {
        (e.target as HTMLElement).blur();
        return;
      }
      if (typing(e.target) || e.ctrlKey) return;
      const cursor = snapshot.context.cursor;
      const act = (run: () => void) => {
        e.preventDefault();
        run();
      };
      switch (e.key) {
        case 'j':
        case 'ArrowDown':
          return act(() => forum.send({ type: 'forum.move', by: 1 }));
        case 'k':
        case 'ArrowUp':
          return act(() => forum.send({ type: 'forum.move', by: -1 }));
        case 'Enter':
          // On a button or link Enter presses it (a question's row opens that question).
          if (!cursor || (e.target instanceof HTMLElement && ['BUTTON', 'A'].includes(e.target.tagName))) return;
          return act(() => forum.send({ type: 'forum.open', questionId: cursor }));
        case 'n':
          return act(() => forum.send({ type: 'forum.next' }));
        case 'r':
          return act(() => document.getElementById('staff-reply')?.focus());
        case 'e':
          return act(() => {
            forum.send({ type: 'forum.editLast' });
            document.getElementById('staff-reply')?.focus();
          });
        case '/':
          return act(() => document.getElementById('forum-search')?.focus());
        case 'Escape':
          return act(() => forum.send({ type: 'forum.close' }));
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [forum]);
}

const STATUSES: { id: StaffForumStatus; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'open', label: 'Unanswered' },
  { id: 'answered', label: 'Answered' },
  { id: 'completed', label: 'COMPLETED' },
];

const selectClass = 'min-h-10 w-full rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm';

function Filters({ forum }: { forum: ForumActor }) {
  const filters = useSelector(forum, (s) => s.context.filters);
  const places = useSelector(forum, (s) => s.context.places);
  const counts = useSelector(forum, (s) => s.context.queue?.counts);
  const capped = useSelector(forum, (s) => s.context.queue?.totalCapped ?? false);
  const [search, setSearch] = useState(filters.search);
  const filter = (next: Partial<QueueFilters>) => forum.send({ type: 'forum.filter', filters: next });
  const course = places.find((c) => c._id === filters.courseId);
  const subject = course?.subjects.find((s) => s._id === filters.subjectId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    filter({ search });
  };
  return (
    <div className="mb-3 space-y-2">
      <div role="group" aria-label="Status" className="flex flex-wrap gap-1">
        {STATUSES.map((status) => (
          <button
            key={status.id}
            type="button"
            aria-pressed={filters.status === status.id}
            onClick={() => filter({ status: status.id })}
            className={`min-h-10 rounded-lg border px-3 text-sm font-semibold ${filters.status === status.id ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100'}`}
          >
            {status.label}
            {counts && <span className="ml-1 font-normal">({counts[status.id]}{capped ? '+' : ''})</span>}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-3 gap-2">
        <label className="text-xs font-semibold text-slate-700">
          Course
          <select className={selectClass} value={filters.courseId} onChange={(e) => filter({ courseId: e.target.value })}>
            <option value="">All courses</option>
            {places.map((c) => <option key={c._id} value={c._id}>{c.name} ({c.questions})</option>)}
          </select>
        </label>
        <label className="text-xs font-semibold text-slate-700">
          Subject
          <select className={selectClass} value={filters.subjectId} disabled={!course} onChange={(e) => filter({ subjectId: e.target.value })}>
            <option value="">All subjects</option>
            {course?.subjects.map((s) => <option key={s._id} value={s._id}>{s.name} ({s.questions})</option>)}
          </select>
        </label>
        <label className="text-xs font-semibold text-slate-700">
          Chapter
          <select className={selectClass} value={filters.chapterId} disabled={!subject} onChange={(e) => filter({ chapterId: e.target.value })}>
            <option value="">All chapters</option>
            {subject?.chapters.map((c) => <option key={c._id} value={c._id}>{c.name} ({c.questions})</option>)}
          </select>
        </label>
      </div>
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor="forum-search" className="sr-only">Search the questions</label>
        <input id="forum-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search the questions" className="min-h-10 w-full rounded-lg border border-slate-300 px-3 text-sm" />
        <Button type="submit" variant="secondary">Search</Button>
      </form>
    </div>
  );
}

function Queue({ forum }: { forum: ForumActor }) {
  const loading = useSelector(forum, (s) => s.hasTag('loadingQueue'));
  const failed = useSelector(forum, (s) => s.matches({ desk: { queue: 'failed' } }));
  const empty = useSelector(forum, (s) => s.matches({ desk: { queue: 'empty' } }));
  const problem = useSelector(forum, (s) => s.context.queueProblem);
  const queue = useSelector(forum, (s) => s.context.queue);
  const cursor = useSelector(forum, (s) => s.context.cursor);
  const openId = useSelector(forum, (s) => s.context.openId);
  const canOpen = useSelector(forum, (s) => s.can({ type: 'forum.open', questionId: '' }));
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[data-cursor="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [cursor]);
  return (
    <section aria-labelledby="queue-title" className="min-w-0">
      <h2 id="queue-title" className="sr-only">Questions</h2>
      <Filters forum={forum} />
      <p aria-live="polite" className="mb-2 min-h-5 text-sm text-slate-600">
        {loading ? 'Loading questions…' : queue ? `${queue.totalRecords}${queue.totalCapped ? '+' : ''} questions${queue.totalRecords > queue.questions.length ? `; the first ${queue.questions.length} show: narrow the filters for the rest` : ''}` : ''}
      </p>
      {loading && !queue && <Spinner label="Loading questions…" showLabel />}
      {failed && (
        <DeskLoadFailure problem={problem} fallback="The questions could not be loaded." onRetry={() => forum.send({ type: 'forum.retry' })} className="my-2" />
      )}
      {empty && <Notice className="my-2" title="No questions here.">No question matches these filters. New questions appear here as students ask them.</Notice>}
      {!empty && !failed && queue && queue.questions.length > 0 && (
        <ul ref={list} aria-label="Questions" aria-describedby="forum-keys" className={`max-h-[70vh] space-y-1 overflow-y-auto ${loading ? 'opacity-60' : ''}`}>
          {queue.questions.map((q) => (
            <QueueRow key={q._id} question={q} atCursor={q._id === cursor} isOpen={q._id === openId} disabled={!canOpen} onOpen={() => forum.send({ type: 'forum.open', questionId: q._id })} />
          ))}
        </ul>
      )}
    </section>
  );
}

const statusLabel = (q: { status: string; answeredByTeacher: boolean }) => (q.status === COMPLETED ? 'COMPLETED' : q.answeredByTeacher ? 'Answered' : 'Unanswered');

function QueueRow({ question, atCursor, isOpen, disabled, onOpen }: { question: StaffForumQuestion; atCursor: boolean; isOpen: boolean; disabled: boolean; onOpen: () => void }) {
  const waiting = question.status !== COMPLETED && !question.answeredByTeacher;
  return (
    <li data-cursor={atCursor}>
      <button
        type="button"
        data-question={question._id}
        aria-current={isOpen ? 'true' : undefined}
        disabled={disabled}
        onClick={onOpen}
        className={`w-full rounded-lg border p-2 text-left text-sm ${atCursor ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200'} ${isOpen ? 'bg-brand-50' : 'bg-white'} disabled:cursor-wait`}
      >
        <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
          <span className={`rounded px-1 font-semibold ${waiting ? 'bg-amber-100 text-amber-900' : question.status === COMPLETED ? 'bg-slate-200 text-slate-800' : 'bg-green-100 text-green-900'}`}>{statusLabel(question)}</span>
          <span>{[question.courseName, question.chapterName].filter(Boolean).join(' · ')}</span>
          <TimeSince at={question.lastActivityAt} className="ml-auto" />
        </span>
        <span className="mt-1 line-clamp-2 break-words text-slate-900">{question.questionDescription}</span>
        <span className="text-xs text-slate-600">
          {question.studentId.name || 'Guest'} · {question.answers} {question.answers === 1 ? 'reply' : 'replies'}
          {question.media.length > 0 ? ` · ${question.media.length} attached` : ''}
        </span>
      </button>
    </li>
  );
}

function Thread({ forum }: { forum: ForumActor }) {
  const closed = useSelector(forum, (s) => s.matches({ desk: { thread: 'closed' } }));
  const loading = useSelector(forum, (s) => s.matches({ desk: { thread: 'loading' } }));
  const failed = useSelector(forum, (s) => s.matches({ desk: { thread: 'failed' } }));
  const problem = useSelector(forum, (s) => s.context.threadProblem);
  const thread = useSelector(forum, (s) => s.context.thread);
  const busy = useSelector(forum, (s) => s.hasTag('sending'));
  const canNext = useSelector(forum, (s) => s.can({ type: 'forum.next' }));
  const heading = useRef<HTMLHeadingElement>(null);
  const threadId = thread?.question._id;
  useEffect(() => {
    // A teacher who pressed r before the question arrived is already typing its answer: the heading
    // does not take those keys away (they would act as commands).
    if (threadId && !typing(document.activeElement)) heading.current?.focus({ preventScroll: true });
  }, [threadId]);
  return (
    <section aria-labelledby="thread-title" className="min-w-0">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id="thread-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          {thread ? `${thread.question.studentId.name || 'Guest'}'s question` : 'Question'}
        </h2>
        <Button variant="secondary" className="ml-auto" disabled={!canNext} onClick={() => forum.send({ type: 'forum.next' })}>
          Next unanswered (n)
        </Button>
        {!closed && (
          <Button variant="quiet" disabled={busy} onClick={() => forum.send({ type: 'forum.close' })}>
            Close (Esc)
          </Button>
        )}
      </div>
      {closed && (
        <Notice className="my-2" title="Open a question to answer it.">
          Move with j and k, then press Enter; or press n for the next question without a teacher's reply.
          {problem && <InlineAlert words={problem} />}
        </Notice>
      )}
      {loading && <Spinner label="Loading the question…" showLabel />}
      {failed && (
        <DeskLoadFailure problem={problem} fallback="The question could not be loaded." onRetry={() => forum.send({ type: 'forum.retry' })} className="my-2" />
      )}
      {thread && !loading && !failed && <OpenThread forum={forum} />}
    </section>
  );
}

/** Where the keyboard goes after a send or a removal: off the reply box, so the legend's keys act as commands. */
function useFocusAfterWrites(forum: ForumActor) {
  const sentId = useSelector(forum, (s) => s.context.sentId);
  const removing = useSelector(forum, (s) => s.matches({ desk: { thread: { open: { form: 'removing' } } } }));
  useEffect(() => {
    if (sentId) document.getElementById(`reply-${sentId}`)?.focus();
  }, [sentId]);
  const wasRemoving = useRef(false);
  useEffect(() => {
    if (wasRemoving.current && !removing) document.getElementById('thread-title')?.focus();
    wasRemoving.current = removing;
  }, [removing]);
}

function OpenThread({ forum }: { forum: ForumActor }) {
  const thread = useSelector(forum, (s) => s.context.thread)!;
  const busy = useSelector(forum, (s) => s.hasTag('sending'));
  const editing = useSelector(forum, (s) => s.context.editing);
  const settingStatus = useSelector(forum, (s) => s.matches({ desk: { thread: { open: { form: 'settingStatus' } } } }));
  const removing = useSelector(forum, (s) => s.context.removing);
  useFocusAfterWrites(forum);
  const { question, comments } = thread;
  const completed = question.status === COMPLETED;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {[question.courseName, question.subjectName, question.chapterName].filter(Boolean).join(' · ')} · <strong>{statusLabel(question)}</strong>
      </p>
      <PostCard author={question.studentId.name || 'Guest'} createdAt={question.createdAt} text={question.questionDescription} media={question.media} />
      {comments.length > 0 && (
        <ol aria-label="Replies" className="space-y-2">
          {comments.map((c) => (
            <li key={c._id} id={`reply-${c._id}`} tabIndex={-1} className="rounded-xl focus-visible:outline-2 focus-visible:outline-brand-700">
              <PostCard
                {...replyAuthor(c)}
                createdAt={c.createdAt}
                text={c.reply}
                media={c.media}
                footer={
                  <>
                    <Button variant="quiet" disabled={busy} aria-pressed={c.isAnswer} onClick={() => forum.send({ type: 'forum.markAnswer', commentId: c.isAnswer ? null : c._id })}>
                      {c.isAnswer ? 'Not the answer' : 'Mark as the answer'}
                    </Button>
                    {!editing && ownReply(thread, c._id) && (
                      <Button variant="quiet" disabled={busy} busy={removing === c._id} onClick={() => forum.send({ type: 'forum.removeReply', commentId: c._id })}>
                        Remove your reply
                      </Button>
                    )}
                  </>
                }
              />
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap gap-2">
        {completed ? (
          <Button variant="secondary" busy={settingStatus} disabled={busy && !settingStatus} onClick={() => forum.send({ type: 'forum.reopen' })}>Reopen</Button>
        ) : (
          <Button variant="secondary" busy={settingStatus} disabled={busy && !settingStatus} onClick={() => forum.send({ type: 'forum.complete' })}>Mark COMPLETED</Button>
        )}
      </div>
      {completed ? <p className="text-sm text-slate-700">This question is COMPLETED: it takes no more replies. Reopen it to reply.</p> : <ReplyForm forum={forum} />}
      <RemoveDialog forum={forum} />
    </div>
  );
}

function RemoveDialog({ forum }: { forum: ForumActor }) {
  const open = useSelector(forum, (s) => s.matches({ desk: { thread: { open: { form: 'confirmingRemove' } } } }));
  const asker = useSelector(forum, (s) => s.context.thread?.question.studentId.name || 'The student');
  return (
    <Modal
      open={open}
      onClose={() => forum.send({ type: 'forum.cancelRemove' })}
      title="Remove your reply?"
      actions={
        <>
          <Button variant="secondary" onClick={() => forum.send({ type: 'forum.cancelRemove' })}>Keep it</Button>
          <Button variant="danger" onClick={() => forum.send({ type: 'forum.confirmRemove' })}>Remove the reply</Button>
        </>
      }
    >
      <p>It leaves the question for everyone. {asker} is told that a teacher removed a reply; the words are not repeated.</p>
    </Modal>
  );
}

function ReplyForm({ forum }: { forum: ForumActor }) {
  const draft = useSelector(forum, (s) => s.context.draft);
  const files = useSelector(forum, (s) => s.context.files);
  const kept = useSelector(forum, (s) => s.context.keptMedia);
  const progress = useSelector(forum, (s) => s.context.progress);
  const editing = useSelector(forum, (s) => s.context.editing);
  const problem = useSelector(forum, (s) => s.context.threadProblem);
  const uploading = useSelector(forum, (s) => s.matches({ desk: { thread: { open: { form: 'uploading' } } } }));
  const sending = useSelector(forum, (s) => s.matches({ desk: { thread: { open: { form: 'sending' } } } }));
  const busy = useSelector(forum, (s) => s.hasTag('sending'));
  const canEdit = useSelector(forum, (s) => ownLastReply(s.context.thread) !== null && s.can({ type: 'forum.editLast' }));
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    forum.send({ type: 'forum.send' });
  };
  return (
    <form onSubmit={send} aria-label={editing ? 'Edit your reply' : 'Reply'} className="rounded-xl border border-slate-200 bg-white p-3">
      <label htmlFor="staff-reply" className="mb-1 block text-sm font-semibold text-slate-800">
        {editing ? 'Edit your last reply' : 'Your reply (shown to students as Teacher)'}
      </label>
      <textarea
        id="staff-reply"
        rows={4}
        value={draft}
        readOnly={busy}
        aria-describedby="reply-keys"
        onChange={(e) => forum.send({ type: 'forum.draft', text: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send(e);
        }}
        className="w-full rounded-lg border border-slate-300 p-2 text-sm"
      />
      <p id="reply-keys" className="text-xs text-slate-600">Ctrl+Enter sends · Esc leaves the box</p>
      {kept.length > 0 && (
        <ul aria-label="Attachments kept" className="mt-2 flex flex-wrap gap-2 text-sm">
          {kept.map((m, i) => (
            <li key={m.mediaUrl} className="flex items-center gap-1 rounded border border-slate-200 px-2">
              {attachmentLabel(m, i)}
              <Button variant="quiet" disabled={busy} aria-label={`Remove ${attachmentLabel(m, i)}`} onClick={() => forum.send({ type: 'forum.removeKept', index: i })}>×</Button>
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul aria-label="Files to attach" className="mt-2 space-y-1 text-sm">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex items-center gap-2">
              <span className="truncate">{f.name}</span>
              {uploading && progress[i] && <progress aria-label={`Uploading ${f.name}`} max={progress[i]!.total || 1} value={progress[i]!.sent} className="w-24" />}
              <Button variant="quiet" disabled={busy} aria-label={`Remove ${f.name}`} onClick={() => forum.send({ type: 'forum.removeFile', index: i })}>×</Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2">
        <InlineAlert words={problem} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label className="cursor-pointer rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 focus-within:ring-2 focus-within:ring-brand-700">
          Attach files
          <input
            type="file"
            multiple
            accept={FORUM_MEDIA_TYPES.join(',')}
            disabled={busy}
            className="sr-only"
            onChange={(e) => {
              const chosen = [...(e.target.files ?? [])].filter((f) => isForumMediaType(f.type));
              if (chosen.length) forum.send({ type: 'forum.files', files: chosen });
              e.target.value = '';
            }}
          />
        </label>
        {editing ? (
          <Button variant="quiet" disabled={busy} onClick={() => forum.send({ type: 'forum.cancelEdit' })}>Cancel edit</Button>
        ) : (
          canEdit && <Button variant="quiet" disabled={busy} onClick={() => forum.send({ type: 'forum.editLast' })}>Edit your last reply (e)</Button>
        )}
        <Button type="submit" className="ml-auto" busy={busy && (uploading || sending)} disabled={busy}>
          {uploading ? 'Uploading…' : sending ? 'Sending…' : editing ? 'Save (Ctrl+Enter)' : 'Send (Ctrl+Enter)'}
        </Button>
      </div>
    </form>
  );
}
