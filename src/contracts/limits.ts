// The numbers a contract bounds that the app also shows or counts against (a forum post's attachments and
// length, a lecture's file types). Like paths.ts this file imports nothing, so the app takes them at run time without the schemas.
/** Attachments a forum question or reply may carry. */
export const MAX_ATTACHMENTS = 10;
/** The longest forum question, in characters. */
export const QUESTION_MAX_CHARS = 10_000;

/** The lectures the desk lists (newest first). */
export const LECTURES_LISTED = 100;
/** The endings a lecture's upload takes. */
export const LECTURE_FILE_TYPES = ['.mp4', '.mov', '.mkv', '.webm'] as const;
/** The live event of a lecture that changed (to the desks of its course and administrators). */
export const LECTURE_EVENT = 'lecture';
