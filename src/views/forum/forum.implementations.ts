// What the forum's machines do in the app: the forum API, one file's upload with its progress, and
// sending a question or a reply with the files that uploaded.
import { fromCallback, fromPromise } from 'xstate';
import { forumApi } from '../../services/forum';
import { uploadFile } from '../../services/uploads';
import type { AskSubmission, UploadReport } from '../../machines/askQuestion.machine';
import type { ForumMedia } from '../../contracts/forum';

/** Uploads one file as a forum attachment, telling how far it has got. */
export async function uploadAttachment(file: File, onProgress?: (sent: number, total: number) => void): Promise<ForumMedia> {
  const uploaded = await uploadFile(file, file.name, onProgress);
  return { mediaType: uploaded.type, mediaUrl: uploaded.url };
}

/** Sends the question or the reply; answers the question's id. */
export async function sendPost(studentId: string, submission: AskSubmission): Promise<string> {
  const details = submission.fields.details.trim();
  const media = submission.media;
  if (submission.mode === 'reply') {
    const comment = await forumApi.addComment({ questionId: submission.questionId!, userId: studentId, userType: 'Student', reply: details, media });
    return comment.questionId;
  }
  const { courseId, subjectId, chapterId } = submission.fields;
  return (await forumApi.addQuestion({ studentId, courseId, subjectId, chapterId, questionDescription: details, media }))._id;
}

export const askActors = (studentId: string) => ({
  uploadFile: fromCallback<{ type: string }, { file: File }>(({ input, sendBack }) => {
    let stopped = false;
    const report = (event: UploadReport) => !stopped && sendBack(event);
    uploadAttachment(input.file, (sent, total) => report({ type: 'upload.progress', sent, total })).then(
      (media) => report({ type: 'upload.done', media }),
      (error: unknown) => report({ type: 'upload.failed', error }),
    );
    return () => {
      stopped = true;
    };
  }),
  sendPost: fromPromise(({ input }: { input: AskSubmission }) => sendPost(studentId, input)),
  findSimilar: fromPromise(({ input }: { input: { text: string; courseId: string; limit: number } }) => forumApi.keyword(input.text, input.courseId, input.limit)),
});
