// /question-details/{id}: the question card, then its replies, with like, bookmark, upvotes, Edit
// where the rules allow it (text and attachments: keep, remove, add) and Reply unless COMPLETED.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { editOutcomeFor, questionDetailMachine, type ChangeOutcome, type EditOutcome, type PostEdit, type ThreadChange } from '../../machines/questionDetail.machine';
import { answerFirst, canReply, FORUM_MEDIA_TYPES, isForumMediaType } from '../../domain/forum';
import { failureWords, uploadFailedMessage } from '../../domain/messages';
import type { ForumMedia, ForumQuestion } from '../../contracts/forum';
import { MAX_ATTACHMENTS } from '../../contracts/limits';
import { forumApi } from '../../services/forum';
import { useIsOnline, useStudent } from '../app/RootActors';
import { SectionTabs } from '../app/SectionTabs';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { showFailure, toast } from '../ui/toast';
import { AskDialog, useAskDialog } from './AskDialog';
import { uploadAttachment } from './forum.implementations';
import { PostCard, attachmentLabel, authorLabel, replyAuthor } from './PostCard';
import { forumPlaceNames, useCoursesWithChapters } from './forumPlace';
import { useBlockedContextMenu } from '../ui/blockContextMenu';

type DetailActor = ActorRefFrom<typeof questionDetailMachine>;

/** The attachments an edit ends with: those kept, then the added files that uploaded (the others are named). */
async function editedMedia(edit: PostEdit): Promise<{ media: ForumMedia[]; failedFiles: string[] }> {
  const media = [...edit.keep];
  const failedFiles: string[] = [];
  for (const file of edit.add) {
    try {
      media.push(await uploadAttachment(file));
    } catch {
      failedFiles.push(file.name);
    }
  }
  return { media, failedFiles };
}

async function sendChange(studentId: string, questionId: string, change: ThreadChange): Promise<ChangeOutcome> {
  switch (change.kind) {
    case 'like':
      await forumApi.like(studentId, questionId);
      return { failedFiles: [] };
    case 'bookmark':
      await forumApi.bookmark(studentId, questionId);
      return { failedFiles: [] };
    case 'upvote':
      await forumApi.upvote(studentId, questionId, change.commentId);
      return { failedFiles: [] };
    case 'editQuestion': {
      const { media, failedFiles } = await editedMedia(change);
      await forumApi.updateQuestion({ questionId, studentId, questionDescription: change.text, media });
      return { failedFiles };
    }
    case 'editReply': {
      const { media, failedFiles } = await editedMedia(change);
      await forumApi.updateComment({ commentId: change.commentId, userId: studentId, userType: 'Student', reply: change.text, media });
      return { failedFiles };
    }
  }
}

export function QuestionDetailScreen() {
  const { id: questionId = '' } = useParams();
  const navigate = useNavigate();
  const studentId = useStudent()?._id ?? '';
  useBlockedContextMenu();
  const detail = useActorRef(
    questionDetailMachine.provide({
      actors: {
        loadThread: fromPromise(async ({ input }) => {
          const [question, comments] = await Promise.all([forumApi.question(input.questionId), forumApi.comments(input.questionId)]);
          return { question, comments };
        }),
        sendChange: fromPromise(({ input }) => sendChange(studentId, input.questionId, input.change)),
      },
      actions: {
        showError: (_, { error }) => showFailure(error),
        fileFailed: (_, { name }) => toast.error(uploadFailedMessage(name)),
      },
    }),
    { input: { studentId, questionId } },
  );
  const ask = useAskDialog(undefined, () => detail.send({ type: 'thread.reload' }));
  // Back online: the thread is read again, since what it shows may be older than a change the link lost.
  const online = useIsOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) detail.send({ type: 'thread.reload' });
    wasOnline.current = online;
  }, [online, detail]);
  const thread = useSelector(detail, (s) => s.context.thread);
  const failed = useSelector(detail, (s) => s.matches('failed'));
  return (
    <section className="space-y-4">
      <SectionTabs />
      <Button variant="secondary" onClick={() => navigate(-1)}>Back</Button>
      {failed && <Notice tone="error" action={<Button onClick={() => detail.send({ type: 'thread.retry' })}>Try again</Button>}>This question could not be loaded.</Notice>}
      {!thread && !failed && <Spinner label="Loading the question…" showLabel />}
      {thread && <QuestionHeading question={thread.question} />}
      {thread && <Thread detail={detail} onReply={() => ask.send({ type: 'reply.open', questionId })} />}
      <AskDialog actor={ask} />
    </section>
  );
}

/** The page's heading, and where the question sits: its course (leading to the course's questions), subject and chapter. */
function QuestionHeading({ question }: { question: ForumQuestion }) {
  const place = forumPlaceNames(useCoursesWithChapters(question.courseId), question);
  return (
    <div>
      <h1 className="text-lg font-semibold text-slate-900">{place.chapter ? `Question on ${place.chapter}` : 'Question'}</h1>
      {place.course && (
        <p className="text-sm text-slate-600" data-testid="question-place">
          <Link to={`/qa-forum-list/${place.courseId}`} className="inline-flex min-h-10 items-center font-medium text-brand-700 underline">
            {place.course}
          </Link>
          {[place.subject, place.chapter].filter(Boolean).map((name) => ` › ${name}`).join('')}
        </p>
      )}
    </div>
  );
}

function Thread({ detail, onReply }: { detail: DetailActor; onReply: () => void }) {
  const thread = useSelector(detail, (s) => s.context.thread)!;
  const busy = useSelector(detail, (s) => s.hasTag('loading'));
  const editQuestion = useSelector(detail, (s) => s.can({ type: 'question.edit', text: 'x', keep: [], add: [] }));
  const editableReply = useSelector(detail, (s) => {
    const last = s.context.thread?.comments.at(-1);
    return last && s.can({ type: 'reply.edit', commentId: last._id, text: 'x', keep: [], add: [] }) ? last._id : null;
  });
  const edit = useSelector(detail, (s) => s.context.edit);
  const canCancel = useSelector(detail, (s) => s.can({ type: 'edit.cancel' }));
  const cancelEdit = () => detail.send({ type: 'edit.cancel' });
  const { question, comments } = thread;
  return (
    <>
      <Editable
        text={question.questionDescription}
        media={question.media}
        editable={editQuestion}
        busy={busy}
        outcome={editOutcomeFor(edit, { kind: 'question' })}
        onSave={(edit) => detail.send({ type: 'question.edit', ...edit })}
        canCancel={canCancel}
        onCancel={cancelEdit}
        render={(editButton) => (
          <PostCard
            author={authorLabel('Student', question.studentId.name)}
            createdAt={question.createdAt}
            text={question.questionDescription}
            media={question.media}
            footer={
              <>
                <Button variant={question.isLiked ? 'primary' : 'secondary'} aria-pressed={question.isLiked} disabled={busy} onClick={() => detail.send({ type: 'question.like' })}>
                  Like {question.likes}
                </Button>
                <Button variant={question.isBookmarked ? 'primary' : 'secondary'} aria-pressed={question.isBookmarked} disabled={busy} onClick={() => detail.send({ type: 'question.bookmark' })}>
                  {question.isBookmarked ? 'Bookmarked' : 'Bookmark'}
                </Button>
                {editButton}
                {question.status === 'COMPLETED' && <span className="text-sm font-medium text-emerald-700">Completed</span>}
              </>
            }
          />
        )}
      />
      {/* While a change is on its way or the thread is read again, its buttons wait: this says why. */}
      <p role="status" className="min-h-5 text-sm text-slate-600">
        {busy ? 'Updating the question…' : ''}
      </p>
      <h2 className="text-base font-semibold text-slate-900">{comments.length === 1 ? '1 reply' : `${comments.length} replies`}</h2>
      {answerFirst(comments).map((comment) => (
        <Editable
          key={comment._id}
          text={comment.reply}
          media={comment.media}
          editable={editableReply === comment._id}
          busy={busy}
          outcome={editOutcomeFor(edit, { kind: 'reply', commentId: comment._id })}
          onSave={(edit) => detail.send({ type: 'reply.edit', commentId: comment._id, ...edit })}
          canCancel={canCancel}
          onCancel={cancelEdit}
          render={(editButton) => (
            <PostCard
              {...replyAuthor(comment)}
              createdAt={comment.createdAt}
              text={comment.reply}
              media={comment.media}
              footer={
                <>
                  <Button variant={comment.isUpvoted ? 'primary' : 'secondary'} aria-pressed={comment.isUpvoted} disabled={busy} onClick={() => detail.send({ type: 'reply.upvote', commentId: comment._id })}>
                    Upvote {comment.upvotes}
                  </Button>
                  {editButton}
                </>
              }
            />
          )}
        />
      ))}
      {canReply(question) && <Button onClick={onReply}>Reply</Button>}
    </>
  );
}

/**
 * A post with an Edit button where allowed; editing swaps it for a text box, its attachments (each
 * with Remove), Add files, Save and Cancel. Added files upload when the edit is saved. The editor
 * closes only when the thread says the edit is done: while it is on its way it waits, read-only, and
 * when it failed it stays open as the student left it, with the reason.
 */
function Editable({
  text,
  media,
  editable,
  busy,
  outcome,
  onSave,
  canCancel,
  onCancel,
  render,
}: {
  text: string;
  media: ForumMedia[];
  editable: boolean;
  /** The thread is loading or sending a change: Save waits, since the thread could not take the edit then and it would be lost. */
  busy: boolean;
  /** Where this post's latest edit stands (the machine's), or null. */
  outcome: EditOutcome | null;
  onSave: (edit: PostEdit) => void;
  /** False while an edit is on its way: it may yet land, and the editor waits for it. */
  canCancel: boolean;
  onCancel: () => void;
  render: (editButton: React.ReactNode) => React.ReactNode;
}) {
  // A failed edit the thread reports is the student's draft, should this editor be drawn afresh.
  const [draft, setDraft] = useState<PostEdit | null>(() => (outcome?.status === 'failed' ? outcome.edit : null));
  const failureId = useId();
  useEffect(() => {
    if (outcome?.status === 'done') setDraft(null);
  }, [outcome]);
  if (draft === null) return <>{render(editable ? <Button variant="quiet" onClick={() => setDraft({ text, keep: media, add: [] })}>Edit</Button> : null)}</>;
  const onItsWay = outcome?.status === 'sending' || outcome?.status === 'saved';
  const room = MAX_ATTACHMENTS - draft.keep.length - draft.add.length;
  const add = (list: FileList | null) => list && setDraft({ ...draft, add: [...draft.add, ...[...list].filter((file) => isForumMediaType(file.type)).slice(0, room)] });
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <textarea aria-label="Edit text" aria-describedby={outcome?.status === 'failed' ? failureId : undefined} readOnly={onItsWay} className="min-h-24 w-full rounded-lg border border-slate-300 px-3 py-2 read-only:bg-slate-50" value={draft.text} onChange={(e) => setDraft({ ...draft, text: e.target.value })} />
      {draft.keep.length + draft.add.length > 0 && (
        <ul aria-label="Attachments" className="space-y-1 text-sm">
          {draft.keep.map((item) => (
            <li key={item.mediaUrl} className="flex items-center justify-between gap-2">
              <span>{attachmentLabel(item, media.indexOf(item))}</span>
              <Button variant="quiet" disabled={onItsWay} aria-label={`Remove ${attachmentLabel(item, media.indexOf(item))}`} onClick={() => setDraft({ ...draft, keep: draft.keep.filter((kept) => kept !== item) })}>Remove</Button>
            </li>
          ))}
          {draft.add.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center justify-between gap-2">
              <span className="break-all">{file.name}</span>
              <Button variant="quiet" disabled={onItsWay} aria-label={`Remove ${file.name}`} onClick={() => setDraft({ ...draft, add: draft.add.filter((_, i) => i !== index) })}>Remove</Button>
            </li>
          ))}
        </ul>
      )}
      {outcome?.status === 'failed' && <EditFailure id={failureId} error={outcome.error} />}
      <div className="flex flex-wrap gap-2">
        {room > 0 && (
          <label className="inline-flex min-h-10 cursor-pointer items-center rounded-lg px-4 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-slate-300 focus-within:ring-2 focus-within:ring-brand-700 has-disabled:cursor-not-allowed has-disabled:text-slate-600">
            Add files
            <input type="file" multiple disabled={onItsWay} accept={FORUM_MEDIA_TYPES.join(',')} className="sr-only" onChange={(e) => add(e.target.files)} />
          </label>
        )}
        <Button disabled={!draft.text.trim() || !editable} busy={busy} onClick={() => onSave(draft)}>Save</Button>
        <Button
          variant="secondary"
          disabled={!canCancel}
          onClick={() => {
            onCancel();
            setDraft(null);
          }}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * Why an edit was not saved, in the words its toast used: the connection in plain words, or the server's
 * reason. The toast announces it; this line stays beside the edit and describes its text box, so a screen
 * reader hears it once when it happens and again on the text box, not twice at once.
 */
function EditFailure({ id, error }: { id: string; error: unknown }) {
  const { title, description } = failureWords(error);
  return (
    <p id={id} className="text-sm text-red-700">
      <span className="font-semibold">Not saved: {title}</span>
      {description && <> {description}</>}
    </p>
  );
}
