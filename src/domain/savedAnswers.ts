// An exam's answers as a device keeps them, question by question, until the server has acknowledged
// them, and the rule that joins them with the server's saved answers when the exam opens: the newer one
// wins, as on the server. Kept on the device by src/services/answerStore.ts; joined by the exam attempt's
// statechart (src/machines/examAttempt.machine.ts).
import type { AnswerValue, Attachment, QuestionType, SavedAnswer } from '../contracts/exams';

/** A file chosen while offline, kept as a data URL so it can be uploaded after a reload. */
export interface PendingFile {
  name: string;
  type: string;
  dataUrl: string;
}

/** The value the server last acknowledged for a question; restored when a later change is refused. */
export interface ConfirmedAnswer {
  answer: AnswerValue;
  extra: Attachment[];
  answerIndex?: number;
  timestamp: number;
}

export interface LocalSavedAnswer {
  answer: AnswerValue;
  extra: Attachment[];
  /** Files not yet uploaded; uploaded before the answer itself is sent. */
  files: PendingFile[];
  answerIndex?: number;
  /** True while the answer waits for the connection to come back. */
  offline: boolean;
  /** True once the server acknowledged exactly this answer. */
  delivered: boolean;
  timestamp: number;
  type: QuestionType;
  /** MCA: options with a value; other types: 1 when answered. */
  count: number;
  confirmed: ConfirmedAnswer | null;
}

export type SavedAnswers = Record<string, LocalSavedAnswer>;

/**
 * Joins the device's answers with the server's: the newer one wins (the server keeps the newest by
 * client timestamp too). Local answers newer than the server's stay undelivered and are sent again.
 */
export function mergeSavedAnswers(
  local: SavedAnswers,
  server: SavedAnswer[],
  questionTypes: Record<string, { type: QuestionType; count: (answer: AnswerValue, attachments: number) => number }>,
): SavedAnswers {
  const merged: SavedAnswers = { ...local };
  for (const saved of server) {
    const question = questionTypes[saved.questionId];
    if (!question) continue;
    const mine = merged[saved.questionId];
    if (mine && mine.timestamp > saved.timestamp) {
      merged[saved.questionId] = { ...mine, confirmed: mine.confirmed ?? { answer: saved.answer, extra: saved.extra, answerIndex: saved.answerIndex ?? undefined, timestamp: saved.timestamp } };
      continue;
    }
    const confirmed: ConfirmedAnswer = { answer: saved.answer, extra: saved.extra ?? [], answerIndex: saved.answerIndex ?? undefined, timestamp: saved.timestamp };
    merged[saved.questionId] = {
      ...confirmed,
      files: [],
      offline: false,
      delivered: true,
      type: question.type,
      count: question.count(saved.answer, confirmed.extra.length),
      confirmed,
    };
  }
  return merged;
}
