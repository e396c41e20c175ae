// The forum's rules, shared by the app and the server: who may edit what, the sort options, which
// attachments a thread takes and which chapters the ask form offers.

export const FORUM_SORTS = ['None', 'Date', 'Popularity', 'My Questions', 'My Bookmarks'] as const;
export type ForumSort = (typeof FORUM_SORTS)[number];

/** Clicking the active sort option clears it (spec: the filter becomes empty). */
export const nextSort = (active: ForumSort | '', clicked: ForumSort): ForumSort | '' => (active === clicked ? '' : clicked);

export const FORUM_PAGE_SIZES = [10, 40, 100] as const;
export const FORUM_DEFAULT_PAGE_SIZE = 10;
/**
 * A text search counts its matches up to this many and then says "more" (totalCapped): counting a
 * common word exactly would read every one of its matches, which is what made such searches slow.
 */
export const FORUM_SEARCH_COUNT_CAP = 1000;
export const FORUM_SEARCH_DEBOUNCE_MS = 800;
/** Question text on a card is cut here, with 'See more'. */
export const QUESTION_PREVIEW_CHARS = 400;
/** Similar questions shown while a student types a new one. */
export const SIMILAR_QUESTIONS = 5;
export const KEYWORD_SUGGESTIONS = 10;

export const COMPLETED = 'COMPLETED';

/** What the ask form and the reply box accept; anything else is dropped (audio/webm is the recorder's own format). */
export const FORUM_MEDIA_TYPES = ['image/jpeg', 'image/png', 'application/pdf', 'audio/mpeg', 'audio/wav', 'audio/webm'] as const;
export const isForumMediaType = (type: string): boolean => (FORUM_MEDIA_TYPES as readonly string[]).includes(type.split(';')[0]!.trim().toLowerCase());

/** Photos the image editor crops and turns (JPEG and PNG); it always gives a JPEG back. */
export const isEditablePhoto = (type: string): boolean => type === 'image/jpeg' || type === 'image/png';

/** Chapters whose name starts with P, B, Z or C are not offered in the ask form. */
export const isHiddenChapter = (name: string): boolean => /^[PBZC]/.test(name.trim());

interface QuestionState {
  status: string;
  answers: number;
  studentId: { _id: string };
}

/** A question may be edited by its author while it has no replies and is not COMPLETED. */
export const canEditQuestion = (question: QuestionState, studentId: string): boolean =>
  question.status !== COMPLETED && question.answers === 0 && question.studentId._id === studentId;

/** A reply may be edited by its student author while it is the question's last reply and the question is not COMPLETED. */
export const canEditReply = (
  question: { status: string },
  replies: readonly { _id: string; userType: string; userId: { _id: string } | null }[],
  replyId: string,
  studentId: string,
): boolean => {
  const last = replies[replies.length - 1];
  return question.status !== COMPLETED && last?._id === replyId && last.userType === 'Student' && last.userId?._id === studentId;
};

/** Replies are taken until the question is COMPLETED. */
export const canReply = (question: { status: string }): boolean => question.status !== COMPLETED;

/** Where a stored file is served; a thread's mediaUrl names one of the student's own uploads this way. */
const FORUM_MEDIA_URL = /^(?:\/api)?\/media\/files\/([0-9a-f]{32})$/;
export const mediaKeyOf = (mediaUrl: string): string | null => FORUM_MEDIA_URL.exec(mediaUrl)?.[1] ?? null;

/** The words of a search: split on spaces, at most 8, each at most 100 characters. */
export const searchWords = (text: string): string[] =>
  [...new Set(text.trim().toLowerCase().split(/\s+/u).filter(Boolean))].slice(0, 8).map((w) => w.slice(0, 100));

/** 'Guidelines for Asking Questions': the five rules, in Bengali, shown before every new question or reply. */
export const ASK_GUIDELINES_TITLE = 'Guidelines for Asking Questions';
export const ASK_GUIDELINES = [
  'আপনার প্রশ্নটি বিস্তারিতভাবে লিখুন, যাতে শিক্ষক সহজে বুঝতে পারেন আপনি কী জানতে চান।',
  'একবারে একটি মাত্র প্রশ্ন করুন।',
  'প্রশ্নের সাথে সম্পর্কহীন কোনো উদ্দেশ্যে ছবি বা পিডিএফ যুক্ত করবেন না।',
  'আপনি কী ধরনের উত্তর চান (ব্যাখ্যা, সংক্ষিপ্ত উত্তর, রেফারেন্স) তা স্পষ্ট করে লিখুন।',
  'সম্পূর্ণ বাংলায় অথবা সম্পূর্ণ ইংরেজিতে লিখুন; ইংরেজি অক্ষরে বাংলা (বাংলিশ) লিখবেন না।',
] as const;

/** A recording of this many bytes or fewer is empty (a WAV header alone): the recorder starts again. */
export const EMPTY_RECORDING_BYTES = 44;

/** The realtime event the desk's sockets receive when a forum question is asked, replied to, edited, completed or reopened. */
/** The replies as students read them: the one a teacher marked as the answer first, then the rest in their order. */
export const answerFirst = <T extends { isAnswer: boolean }>(replies: readonly T[]): T[] => [...replies.filter((r) => r.isAnswer), ...replies.filter((r) => !r.isAnswer)];

export const FORUM_ACTIVITY_EVENT = 'forumActivity';
export interface ForumActivity {
  questionId: string;
  kind: 'question' | 'reply' | 'edit' | 'removed' | 'completed' | 'reopened';
}
