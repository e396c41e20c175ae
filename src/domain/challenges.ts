// Answer-key challenges, the rules both sides share: when a published live exam's challenge window
// closes, what a challenge may propose and say, which questions can be challenged, the key a teacher's
// decision gives a question, and the words of the regrade notification. Pure.
import type { AnswerValue, QuestionType } from '../contracts/exams';
import { mcaValue, optionIndex, roundMarks } from './scoring';

/** The academy's answer-key challenge window unless CHALLENGE_WINDOW_HOURS says otherwise. */
export const DEFAULT_CHALLENGE_WINDOW_HOURS = 48;

/** Reasons are required and hold at most this many characters (Bengali or English). */
export const CHALLENGE_REASON_MAX = 2000;
/** A teacher's reply to every challenger of a question. */
export const DECISION_REPLY_MAX = 2000;
/** The longest explanation a decision may give its question (the contract's bound). */
export const DECISION_EXPLANATION_MAX = 20_000;

/** Questions whose key a student may challenge: those with options. Written answers are marked by a teacher. */
const CHALLENGEABLE_TYPES: readonly QuestionType[] = ['MCQ', 'checkbox', 'MCA'];
export const isChallengeable = (type: QuestionType) => CHALLENGEABLE_TYPES.includes(type);

/** When the window of an assignment published at `publishedAt` closes. */
export function challengeClosesAt(publishedAt: string, hours: number): string {
  return new Date(Date.parse(publishedAt) + hours * 3_600_000).toISOString();
}

export function challengeWindowOpen(closesAt: string | null, nowMs: number): boolean {
  return closesAt !== null && nowMs < Date.parse(closesAt);
}

/** The reason as stored: trimmed; null when it is empty or too long. */
export function challengeReason(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length >= 1 && [...trimmed].length <= CHALLENGE_REASON_MAX ? trimmed : null;
}

/**
 * What is wrong with a proposal (options believed right, or the question flawed), or null. An MCQ
 * proposal names one option; checkbox and MCA proposals name the options believed right (for MCA:
 * true; the others false). A flawed question names no option.
 */
export function proposalProblem(type: QuestionType, optionCount: number, options: readonly number[], flawed: boolean): string | null {
  if (flawed) return options.length ? 'A flawed question names no option.' : null;
  if (options.length === 0) return 'Choose the option you believe is right, or say that the question is flawed.';
  if (options.some((o) => !Number.isInteger(o) || o < 0 || o >= optionCount)) return 'The chosen option does not exist.';
  if (new Set(options).size !== options.length) return 'An option is chosen twice.';
  if (type === 'MCQ' && options.length > 1 && !flawed) return 'An MCQ challenge names one option.';
  return null;
}

/** What a key decision asks for: a new key (one or several accepted options) or that the question is dropped. */
export type KeyDecisionKind = 'keep' | 'change' | 'drop';

/** A question's key columns: the key, the options an MCQ accepts besides it, and whether it is dropped. */
export interface KeyState {
  answer: AnswerValue;
  accepted: readonly number[] | null;
  dropped: boolean;
}

/** A decision's reply as stored: trimmed; null when it is empty or longer than DECISION_REPLY_MAX (the reply is required). */
export function decisionReply(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length >= 1 && [...trimmed].length <= DECISION_REPLY_MAX ? trimmed : null;
}

/** The status a decision gives every open challenge of its question: a kept key rejects them, a change or a drop accepts them. */
export const challengeStatusAfter = (kind: KeyDecisionKind): 'accepted' | 'rejected' => (kind === 'keep' ? 'rejected' : 'accepted');

/** What is wrong with a "change the key" decision's options, or null. MCQ: one or more accepted options. */
export function decisionProblem(type: QuestionType, optionCount: number, options: readonly number[]): string | null {
  if (!isChallengeable(type)) return 'Only questions with options have a key to change.';
  if (options.length === 0) return 'Choose the option or options the key accepts.';
  if (options.some((o) => !Number.isInteger(o) || o < 0 || o >= optionCount)) return 'The chosen option does not exist.';
  if (new Set(options).size !== options.length) return 'An option is chosen twice.';
  return null;
}

/**
 * The key a decision gives a question. Change: an MCQ keeps its first chosen option as the key and
 * accepts every chosen option; a checkbox's key becomes the chosen set; an MCA's key says true for the
 * chosen options and false for the others. Drop: the key stays as it was, the question counts for no one.
 */
export function keyAfter(type: QuestionType, optionCount: number, current: KeyState, kind: KeyDecisionKind, options: readonly number[]): KeyState {
  if (kind === 'keep') return current;
  if (kind === 'drop') return { ...current, dropped: true };
  const sorted = [...options].sort((a, b) => a - b);
  switch (type) {
    case 'MCQ':
      return { answer: [sorted[0]!], accepted: sorted.length > 1 ? sorted : null, dropped: false };
    case 'checkbox':
      return { answer: sorted, accepted: null, dropped: false };
    default:
      return { answer: Array.from({ length: optionCount }, (_, i) => (sorted.includes(i) ? 'true' : 'false')), accepted: null, dropped: false };
  }
}

/** The options a key accepts: MCQ (the key and any accepted), checkbox (the set), MCA (the options keyed true). */
export function acceptedOptions(type: QuestionType, optionCount: number, key: KeyState): number[] {
  if (type === 'MCQ') {
    const first = optionIndex(key.answer[0], optionCount);
    return [...new Set([...(first === null ? [] : [first]), ...(key.accepted ?? [])])].sort((a, b) => a - b);
  }
  if (type === 'checkbox') return key.answer.map((item) => optionIndex(item, optionCount)).filter((i): i is number => i !== null).sort((a, b) => a - b);
  if (type === 'MCA') return Array.from({ length: optionCount }, (_, i) => i).filter((i) => mcaValue(key.answer[i]) === 'true');
  return [];
}

/** Whether two key states score alike (a decision that would not change the key changes nothing). */
export function sameKey(type: QuestionType, optionCount: number, a: KeyState, b: KeyState): boolean {
  if (a.dropped !== b.dropped) return false;
  const left = acceptedOptions(type, optionCount, a);
  const right = acceptedOptions(type, optionCount, b);
  return left.length === right.length && left.every((o, i) => o === right[i]);
}

const marksText = (marks: number) => String(roundMarks(marks));

/**
 * The words of a regrade notification: "Question 7's key was corrected: your marks 41.5 → 42.75,
 * rank 130 → 97". A figure that did not move says so ("your marks stay 41.5").
 */
export function regradeMessage(input: { number: number; kind: 'change' | 'drop'; oldMarks: number; newMarks: number; oldRank: number | null; newRank: number | null }): string {
  const what = input.kind === 'drop' ? `Question ${input.number} was dropped` : `Question ${input.number}'s key was corrected`;
  const marks = input.oldMarks === input.newMarks ? `your marks stay ${marksText(input.newMarks)}` : `your marks ${marksText(input.oldMarks)} → ${marksText(input.newMarks)}`;
  if (input.newRank === null) return `${what}: ${marks}`;
  const rank = input.oldRank === input.newRank ? `rank stays ${input.newRank}` : `rank ${input.oldRank ?? '–'} → ${input.newRank}`;
  return `${what}: ${marks}, ${rank}`;
}
