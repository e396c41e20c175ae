// What the forum's machines do in the app: the forum API, uploads of the picked files one by one
// (a failed one is skipped), and where a question leads.
import { fromPromise } from 'xstate';
import { forumApi } from '../../services/forum';
import { uploadFile } from '../../services/uploads';
import type { AskResult, AskSubmission } from '../../machines/askQuestion.machine';
import type { ForumMedia } from '../../contracts/forum';

/** Uploads the files, then sends the question or the reply. */
export async function submitAsk(studentId: string, submission: AskSubmission): Promise<AskResult> {
  const media: ForumMedia[] = [];
  const failedFiles: string[] = [];
  for (const file of submission.files) {
    try {
      const uploaded = await uploadFile(file, file.name);
      media.push({ mediaType: uploaded.type, mediaUrl: uploaded.url });
    } catch {
      failedFiles.push(file.name);
    }
  }
  const details = submission.fields.details.trim();
  if (submission.mode === 'reply') {
    const comment = await forumApi.addComment({ questionId: submission.questionId!, userId: studentId, userType: 'Student', reply: details, media });
    return { questionId: comment.questionId, failedFiles };
  }
  const { courseId, subjectId, chapterId } = submission.fields;
  const question = await forumApi.addQuestion({ studentId, courseId, subjectId, chapterId, questionDescription: details, media });
  return { questionId: question._id, failedFiles };
}

export const askActors = (studentId: string) => ({
  submitQuestion: fromPromise(({ input }: { input: AskSubmission }) => submitAsk(studentId, input)),
  findSimilar: fromPromise(({ input }: { input: { text: string; courseId: string; limit: number } }) => forumApi.keyword(input.text, input.courseId, input.limit)),
});
