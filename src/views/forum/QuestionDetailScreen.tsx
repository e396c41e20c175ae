// /question-details/{id}: the question card, then its replies, with like, bookmark, upvotes, Edit
// where the rules allow it and Reply unless the question is COMPLETED.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { questionDetailMachine, type ThreadChange } from '../../machines/questionDetail.machine';
import { canReply } from '../../domain/forum';
import { forumApi } from '../../services/forum';
import { useStudent } from '../app/RootActors';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { showFailure } from '../ui/toast';
import { AskDialog, useAskDialog } from './AskDialog';
import { PostCard, authorLabel } from './QuestionCard';

type DetailActor = ActorRefFrom<typeof questionDetailMachine>;

async function sendChange(studentId: string, questionId: string, change: ThreadChange): Promise<unknown> {
  switch (change.kind) {
    case 'like':
      return forumApi.like(studentId, questionId);
    case 'bookmark':
      return forumApi.bookmark(studentId, questionId);
    case 'upvote':
      return forumApi.upvote(studentId, questionId, change.commentId);
    case 'editQuestion':
      return forumApi.updateQuestion({ questionId, studentId, questionDescription: change.text });
    case 'editReply':
      return forumApi.updateComment({ commentId: change.commentId, userId: studentId, userType: 'Student', reply: change.text });
  }
}

export function QuestionDetailScreen() {
  const { id: questionId = '' } = useParams();
  const navigate = useNavigate();
  const studentId = useStudent()?._id ?? '';
  const detail = useActorRef(
    questionDetailMachine.provide({
      actors: {
        loadThread: fromPromise(async ({ input }) => {
          const [question, comments] = await Promise.all([forumApi.question(input.questionId), forumApi.comments(input.questionId)]);
          return { question, comments };
        }),
        sendChange: fromPromise(({ input }) => sendChange(studentId, input.questionId, input.change)),
      },
      actions: { showError: (_, { error }) => showFailure(error) },
    }),
    { input: { studentId, questionId } },
  );
  const ask = useAskDialog(undefined, () => detail.send({ type: 'thread.reload' }));
  const thread = useSelector(detail, (s) => s.context.thread);
  const failed = useSelector(detail, (s) => s.matches('failed'));
  return (
    <section className="space-y-4">
      <Button variant="secondary" onClick={() => navigate(-1)}>Back</Button>
      {failed && <Notice tone="error" action={<Button onClick={() => detail.send({ type: 'retry' })}>Try again</Button>}>This question could not be loaded.</Notice>}
      {!thread && !failed && <Spinner label="Loading the question…" showLabel />}
      {thread && <Thread detail={detail} onReply={() => ask.send({ type: 'reply.open', questionId })} />}
      <AskDialog actor={ask} />
    </section>
  );
}

function Thread({ detail, onReply }: { detail: DetailActor; onReply: () => void }) {
  const thread = useSelector(detail, (s) => s.context.thread)!;
  const busy = useSelector(detail, (s) => s.hasTag('loading'));
  const editQuestion = useSelector(detail, (s) => s.can({ type: 'question.edit', text: 'x' }));
  const editableReply = useSelector(detail, (s) => {
    const last = s.context.thread?.comments.at(-1);
    return last && s.can({ type: 'reply.edit', commentId: last._id, text: 'x' }) ? last._id : null;
  });
  const { question, comments } = thread;
  return (
    <>
      <Editable
        text={question.questionDescription}
        editable={editQuestion}
        onSave={(text) => detail.send({ type: 'question.edit', text })}
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
      <h2 className="text-base font-semibold text-slate-900">{comments.length === 1 ? '1 reply' : `${comments.length} replies`}</h2>
      {comments.map((comment) => (
        <Editable
          key={comment._id}
          text={comment.reply}
          editable={editableReply === comment._id}
          onSave={(text) => detail.send({ type: 'reply.edit', commentId: comment._id, text })}
          render={(editButton) => (
            <PostCard
              author={authorLabel(comment.userType, comment.userId.name)}
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

/** A post with an Edit button where allowed; editing swaps it for a text box with Save and Cancel. */
function Editable({ text, editable, onSave, render }: { text: string; editable: boolean; onSave: (text: string) => void; render: (editButton: React.ReactNode) => React.ReactNode }) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) return <>{render(editable ? <Button variant="quiet" onClick={() => setDraft(text)}>Edit</Button> : null)}</>;
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <textarea aria-label="Edit text" className="min-h-24 w-full rounded-lg border border-slate-300 px-3 py-2" value={draft} onChange={(e) => setDraft(e.target.value)} />
      <div className="flex gap-2">
        <Button disabled={!draft.trim()} onClick={() => { onSave(draft); setDraft(null); }}>Save</Button>
        <Button variant="secondary" onClick={() => setDraft(null)}>Cancel</Button>
      </div>
    </div>
  );
}
