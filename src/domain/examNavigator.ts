// The exam navigator's truth about each answer of the paper, and the line the Submit confirmation says
// about where the answers are. Pure: the outbox's entries, the drafts and the flags are given.
//
//   sent      the server acknowledged exactly this answer
//   phone     given, kept on this phone and not acknowledged yet (offline, or being sent)
//   draft     a written answer typed and not given with Submit Answer (a draft beside a given answer
//             is a change not given yet: the draft is what the student sees in the box)
//   none      not answered
// Flagged for review is apart from the state: any question may be flagged.

export type AnswerTruth = 'sent' | 'phone' | 'draft' | 'none';

/** What the navigator needs of an outbox entry. */
export interface EntryState {
  delivered: boolean;
  count: number;
}

export interface NavigatorCell {
  questionId: string;
  number: number;
  truth: AnswerTruth;
  flagged: boolean;
}

const TRUTH_WORDS: Record<AnswerTruth, string> = {
  sent: 'Sent',
  phone: 'On this phone',
  draft: 'Draft',
  none: 'Not answered',
};

/** What the legend says of each state, in the order the legend lists them. */
export const TRUTH_LEGEND: [AnswerTruth, string][] = [
  ['sent', 'Sent: the server has it'],
  ['phone', 'On this phone: sent when the connection allows'],
  ['draft', 'Draft: typed, not given with Submit Answer'],
  ['none', 'Not answered'],
];

export function answerTruth(entry: EntryState | undefined, hasDraft: boolean): AnswerTruth {
  if (hasDraft) return 'draft';
  if (!entry || entry.count === 0) return 'none';
  return entry.delivered ? 'sent' : 'phone';
}

/** The paper's questions in order, numbered from 1, with each answer's truth and flag. */
export function navigatorCells(
  questionIds: readonly string[],
  entries: Readonly<Record<string, EntryState>>,
  drafts: ReadonlySet<string>,
  flags: ReadonlySet<string>,
): NavigatorCell[] {
  return questionIds.map((questionId, index) => ({
    questionId,
    number: index + 1,
    truth: answerTruth(entries[questionId], drafts.has(questionId)),
    flagged: flags.has(questionId),
  }));
}

/** The words a cell is read out with: "Question 3: sent, flagged for review". */
export function cellLabel(cell: NavigatorCell): string {
  return `Question ${cell.number}: ${TRUTH_WORDS[cell.truth].toLowerCase()}${cell.flagged ? ', flagged for review' : ''}`;
}

/**
 * The calm line before Submit: every given answer on the server, or how many are still on this phone
 * (they are sent first). Null when nothing is answered (the confirmation says so itself).
 */
export function deliveryLine(entries: Readonly<Record<string, EntryState>>): string | null {
  const given = Object.values(entries).filter((entry) => entry.count > 0);
  if (given.length === 0) return null;
  const onPhone = given.filter((entry) => !entry.delivered).length;
  if (onPhone === 0) return given.length === 1 ? 'Your answer is on the server' : `All ${given.length} answers are on the server`;
  return onPhone === 1 ? '1 answer is still on this phone: it will be sent first' : `${onPhone} answers are still on this phone: they will be sent first`;
}

/** The paper's questions given no answer (numbered as on the paper), for the Submit confirmation. */
export function unansweredCells(questionIds: readonly string[], entries: Readonly<Record<string, EntryState>>): NavigatorCell[] {
  return navigatorCells(questionIds, entries, new Set(), new Set()).filter((cell) => cell.truth === 'none');
}

/** What the Submit confirmation says before the numbers: "1 of 8 questions not answered:". */
export const unansweredWords = (count: number, total: number): string => `${count} of ${total} ${total === 1 ? 'question' : 'questions'} not answered:`;
