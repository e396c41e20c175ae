// The numbers a contract bounds that the app also shows or counts against (a forum post's attachments and
// length). Like paths.ts this file imports nothing, so the app takes them at run time without the schemas.
/** Attachments a forum question or reply may carry. */
export const MAX_ATTACHMENTS = 10;
/** The longest forum question, in characters. */
export const QUESTION_MAX_CHARS = 10_000;
