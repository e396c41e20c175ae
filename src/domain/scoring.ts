// Marks for every question type, totals, pass and GPA rules. Pure: the server grades submissions
// with it and the app uses it for counts shown during the exam, so both agree to the decimal.
//
// Answer shapes (the key stored on the server and the student's answer use the same shape):
//   MCQ       [optionIndex]                      one index
//   checkbox  [optionIndex, ...]                 a set of indexes; exact set match scores
//   MCA       ['true' | 'false' | null, ...]     one value per option, by option position
//   shortAns  [text]                              reviewed by a teacher; 0 until marked
//   paragraph [text]                              reviewed by a teacher; 0 until marked
//
// A teacher's marks on a written answer (0 to the question's point) count as its marks; correct and
// incorrect stay whole there (full marks: correct; none: incorrect; between: partly correct, neither).
// Only MCA counts shares (the spec's rule): 3 of 5 options right is 0.6 correct.

import type { AnswerItem, AnswerValue, GpaFactor, QuestionType } from '../contracts/exams';

/** Option letters as the exam, the result, the desk and the staff's sheets print them (option 0 is A). */
export const OPTION_LETTERS = 'ABCDEFGHIJK';

/** An option's letter: A for option 0; past the letters (a question of more than 11 options), its number. */
export function optionLetter(option: number): string {
  return OPTION_LETTERS[option] ?? String(option + 1);
}

/** What grading needs to know about a question. */
export interface ScorableQuestion {
  id: string;
  type: QuestionType;
  point: number;
  /** Number of options (MCQ, checkbox, MCA); ignored for text questions. */
  optionCount: number;
  /** The key, in the shape described at the top of this file. */
  answer: AnswerValue;
  /** MCQ only: the options accepted after a key decision (any one scores full marks); absent: the key alone. */
  accepted?: readonly number[] | null;
  /** Dropped by a key decision: the question counts for no one, in neither marks nor full marks. */
  dropped?: boolean;
}

export interface QuestionScore {
  questionId: string;
  /** Marks earned before negative marking. */
  marks: number;
  negativeMarks: number;
  /** Question's full marks. */
  total: number;
  /** Shares in [0, 1]: whole numbers except for MCA, where each option counts 1 / option count. */
  correct: number;
  incorrect: number;
  skipped: number;
  answered: boolean;
  /** shortAns/paragraph answers wait for a teacher: they score 0 until marked. */
  pendingReview: boolean;
}

export interface ExamScore {
  questions: QuestionScore[];
  /** Net marks: marks earned minus negative marks (may go below zero). */
  marksObtained: number;
  negativeMarks: number;
  totalMarks: number;
  correct: number;
  incorrect: number;
  skipped: number;
  passed: boolean;
  pendingReview: boolean;
}

/** Rounds away binary noise such as 0.30000000000000004 without losing real precision. */
export function roundMarks(value: number): number {
  return Math.round(value * 10_000) / 10_000 + 0;
}

/** A question as full marks read it: its point, and its dropped flag as stored (1) or read (true). */
export interface PointedQuestion {
  point: number;
  dropped?: boolean | number | null;
}

/**
 * A paper's full marks: the points of its questions, rounded as marks are. A dropped question counts for
 * no one, so it adds nothing (as scoreQuestion gives it no full marks): every student is judged on the
 * same remaining questions.
 */
export function fullMarks(questions: readonly PointedQuestion[]): number {
  return roundMarks(questions.reduce((sum, q) => sum + (q.dropped === true || Number(q.dropped) === 1 ? 0 : Number(q.point)), 0));
}

/** An option index from a number or a numeric string; null when it is not a valid index. */
export function optionIndex(item: AnswerItem | undefined, optionCount: number): number | null {
  let n: number;
  if (typeof item === 'number') n = item;
  else if (typeof item === 'string' && /^\d+$/.test(item.trim())) n = Number(item.trim());
  else return null;
  return Number.isInteger(n) && n >= 0 && n < optionCount ? n : null;
}

/** An MCA option value: 'true', 'false', or null when the option is not answered. */
export function mcaValue(item: AnswerItem | undefined): 'true' | 'false' | null {
  if (item === true || item === 'true') return 'true';
  if (item === false || item === 'false') return 'false';
  return null;
}

function textOf(answer: AnswerValue): string {
  return answer
    .filter((item) => typeof item === 'string')
    .join('')
    .trim();
}

/**
 * Whether a student's answer counts as answered. Text questions also count as answered when the
 * student attached at least one file (`attachmentCount`).
 */
export function isAnswered(type: QuestionType, optionCount: number, answer: AnswerValue | null | undefined, attachmentCount = 0): boolean {
  const value = answer ?? [];
  switch (type) {
    case 'MCQ':
      return optionIndex(value[0], optionCount) !== null;
    case 'checkbox':
      return value.some((item) => optionIndex(item, optionCount) !== null);
    case 'MCA':
      return value.slice(0, optionCount).some((item) => mcaValue(item) !== null);
    case 'shortAns':
    case 'paragraph':
      return textOf(value).length > 0 || attachmentCount > 0;
  }
}

/**
 * Checks that an answer has the right shape for its question. Returns a message for the student,
 * or null when the answer is acceptable. An empty answer is acceptable (it clears nothing; it is
 * stored as unanswered).
 */
export function answerShapeProblem(type: QuestionType, optionCount: number, answer: AnswerValue): string | null {
  switch (type) {
    case 'MCQ':
      if (answer.length > 1) return 'An MCQ answer holds one option.';
      if (answer.length === 1 && optionIndex(answer[0], optionCount) === null) return 'The chosen option does not exist.';
      return null;
    case 'checkbox': {
      const indexes = answer.map((item) => optionIndex(item, optionCount));
      if (indexes.some((index) => index === null)) return 'The chosen option does not exist.';
      if (new Set(indexes).size !== indexes.length) return 'An option is chosen twice.';
      return null;
    }
    case 'MCA':
      if (answer.length > optionCount) return 'The answer has more values than the question has options.';
      if (answer.some((item) => item !== null && item !== '' && mcaValue(item) === null)) return "Each option's answer must be true or false.";
      return null;
    case 'shortAns':
    case 'paragraph':
      if (answer.some((item) => item !== null && typeof item !== 'string')) return 'A written answer must be text.';
      if (textOf(answer).length > 20_000) return 'The answer is too long.';
      return null;
  }
}

/**
 * What is wrong with an answer a student saves, or null: its shape for the question, and an answerIndex
 * (the MCA option last touched) that names an option of an MCA question. The same checks for an exam
 * and a mistakes set.
 */
export function savedAnswerProblem(type: QuestionType, optionCount: number, answer: AnswerValue, answerIndex?: number | null): string | null {
  const shape = answerShapeProblem(type, optionCount, answer);
  if (shape) return shape;
  if (answerIndex !== undefined && answerIndex !== null && (type !== 'MCA' || answerIndex >= optionCount)) return 'answerIndex names an option this question does not have.';
  return null;
}

/**
 * When a question allows one submission only (multipleTimesSubmission false), whether a new answer
 * may replace the stored one. Saving the identical answer again is allowed. For MCA, options still
 * without a value may be filled in, but an option that already has a value cannot change.
 */
export function answerChangeAllowed(type: QuestionType, optionCount: number, previous: AnswerValue | null | undefined, next: AnswerValue): boolean {
  if (!previous || !isAnswered(type, optionCount, previous)) return true;
  switch (type) {
    case 'MCQ':
      return optionIndex(previous[0], optionCount) === optionIndex(next[0], optionCount);
    case 'checkbox': {
      const before = new Set(previous.map((item) => optionIndex(item, optionCount)));
      const after = new Set(next.map((item) => optionIndex(item, optionCount)));
      return before.size === after.size && [...before].every((index) => after.has(index));
    }
    case 'MCA':
      for (let i = 0; i < optionCount; i += 1) {
        const before = mcaValue(previous[i]);
        if (before !== null && mcaValue(next[i]) !== before) return false;
      }
      return true;
    case 'shortAns':
    case 'paragraph':
      return textOf(previous) === textOf(next);
  }
}

/** An answer already given on the device: its value and how many responses it counts (0: none). */
export interface GivenAnswer {
  answer: AnswerValue;
  count: number;
}

const isWritten = (type: QuestionType) => type === 'shortAns' || type === 'paragraph';

/**
 * The answer-lock rule of the exam screen (spec §4, Live exam), in one place: a submitted written
 * answer is final ('Answer Submitted'); any other given answer is locked when the exam allows one
 * submission only; for MCA, per option (`mcaOption`): an option with a value is locked.
 */
export function answerLocked(type: QuestionType, multipleTimesSubmission: boolean, given: GivenAnswer | undefined, mcaOption?: number): boolean {
  if (!given || given.count <= 0) return false;
  if (isWritten(type)) return true;
  if (multipleTimesSubmission) return false;
  if (mcaOption !== undefined) return mcaValue(given.answer[mcaOption]) !== null;
  return true;
}

/** Whether a new answer is taken over the given one under the same rule (the identical answer, or MCA options still empty, always are). */
export function answerAccepted(type: QuestionType, optionCount: number, multipleTimesSubmission: boolean, given: GivenAnswer | undefined, next: AnswerValue): boolean {
  if (!given || given.count <= 0) return true;
  if (isWritten(type)) return false;
  return multipleTimesSubmission || answerChangeAllowed(type, optionCount, given.answer, next);
}

/** Whether a teacher's marks fit the question: a finite number from 0 to the question's point. */
export function marksInRange(marks: number, point: number): boolean {
  return Number.isFinite(marks) && marks >= 0 && marks <= point;
}

/**
 * Scores one question. `negativeMark` is the exam's negative_mark; `reviewMarks` a teacher's marks
 * for a written answer (null or absent while it waits for marking).
 */
export function scoreQuestion(
  question: ScorableQuestion,
  answer: AnswerValue | null | undefined,
  negativeMark: number,
  attachmentCount = 0,
  reviewMarks: number | null = null,
): QuestionScore {
  const value = answer ?? [];
  const base = { questionId: question.id, total: question.point, pendingReview: false };
  const answered = isAnswered(question.type, question.optionCount, value, attachmentCount);
  const none = { ...base, marks: 0, negativeMarks: 0, correct: 0, incorrect: 0, skipped: 1, answered: false };
  // A dropped question is taken out of the exam for everyone: no marks, no negative marks, no full marks.
  if (question.dropped) return { ...base, total: 0, marks: 0, negativeMarks: 0, correct: 0, incorrect: 0, skipped: 0, answered };

  switch (question.type) {
    case 'MCQ': {
      if (!answered) return none;
      const right = optionIndex(question.answer[0], question.optionCount);
      const given = optionIndex(value[0], question.optionCount);
      return given === right || (given !== null && (question.accepted ?? []).includes(given))
        ? { ...base, marks: question.point, negativeMarks: 0, correct: 1, incorrect: 0, skipped: 0, answered }
        : { ...base, marks: 0, negativeMarks: negativeMark, correct: 0, incorrect: 1, skipped: 0, answered };
    }
    case 'checkbox': {
      if (!answered) return none;
      const key = new Set(question.answer.map((item) => optionIndex(item, question.optionCount)).filter((i) => i !== null));
      const given = new Set(value.map((item) => optionIndex(item, question.optionCount)).filter((i) => i !== null));
      const exact = key.size === given.size && [...key].every((index) => given.has(index));
      return exact
        ? { ...base, marks: question.point, negativeMarks: 0, correct: 1, incorrect: 0, skipped: 0, answered }
        : { ...base, marks: 0, negativeMarks: negativeMark, correct: 0, incorrect: 1, skipped: 0, answered };
    }
    case 'MCA': {
      const n = question.optionCount;
      if (n === 0) return none;
      let right = 0;
      let wrong = 0;
      let blank = 0;
      for (let i = 0; i < n; i += 1) {
        const given = mcaValue(value[i]);
        if (given === null) blank += 1;
        else if (given === mcaValue(question.answer[i])) right += 1;
        else wrong += 1;
      }
      return {
        ...base,
        marks: roundMarks((question.point * right) / n),
        negativeMarks: roundMarks((negativeMark * wrong) / n),
        correct: roundMarks(right / n),
        incorrect: roundMarks(wrong / n),
        skipped: roundMarks(blank / n),
        answered,
      };
    }
    case 'shortAns':
    case 'paragraph': {
      if (!answered) return none;
      if (reviewMarks === null || !marksInRange(reviewMarks, question.point)) {
        return { ...base, marks: 0, negativeMarks: 0, correct: 0, incorrect: 0, skipped: 0, answered, pendingReview: true };
      }
      // Whole, never shares: full marks is one correct answer, no marks one wrong answer, anything between
      // neither (a partly correct answer, whose credit is its marks), so the merit list's wrong answers
      // count teacher-marked answers whole.
      const full = reviewMarks >= question.point;
      const nothing = reviewMarks <= 0 && question.point > 0;
      return { ...base, marks: roundMarks(reviewMarks), negativeMarks: 0, correct: full ? 1 : 0, incorrect: nothing ? 1 : 0, skipped: 0, answered };
    }
  }
}

/** Pass rule of the spec: marksObtained / totalMarks x 100 at least passMark. */
export function isPassed(marksObtained: number, totalMarks: number, passMark: number): boolean {
  if (totalMarks <= 0) return false;
  return (marksObtained / totalMarks) * 100 >= passMark;
}

/**
 * Scores a whole attempt. `answers` maps question id to the student's answer; questions without an
 * entry are unanswered. `attachments` maps question id to the number of attached files, `reviews`
 * to a teacher's marks for a written answer.
 */
export function scoreExam(input: {
  questions: ScorableQuestion[];
  answers: ReadonlyMap<string, AnswerValue> | Record<string, AnswerValue>;
  negativeMark: number;
  passMark: number;
  attachments?: ReadonlyMap<string, number> | Record<string, number>;
  reviews?: ReadonlyMap<string, number> | Record<string, number>;
}): ExamScore {
  const lookup = <T>(source: ReadonlyMap<string, T> | Record<string, T> | undefined, id: string): T | undefined =>
    source === undefined ? undefined : source instanceof Map ? source.get(id) : (source as Record<string, T>)[id];
  const questions = input.questions.map((question) =>
    scoreQuestion(question, lookup(input.answers, question.id), input.negativeMark, lookup(input.attachments, question.id) ?? 0, lookup(input.reviews, question.id) ?? null),
  );
  const sum = (pick: (q: QuestionScore) => number) => roundMarks(questions.reduce((total, q) => total + pick(q), 0));
  const gross = sum((q) => q.marks);
  const negativeMarks = sum((q) => q.negativeMarks);
  const totalMarks = sum((q) => q.total);
  const marksObtained = roundMarks(gross - negativeMarks);
  return {
    questions,
    marksObtained,
    negativeMarks,
    totalMarks,
    correct: sum((q) => q.correct),
    incorrect: sum((q) => q.incorrect),
    skipped: sum((q) => q.skipped),
    passed: isPassed(marksObtained, totalMarks, input.passMark),
    pendingReview: questions.some((q) => q.pendingReview),
  };
}

/** The sums of an exam score that a result stores. */
export type ScoreTotals = Pick<ExamScore, 'marksObtained' | 'negativeMarks' | 'totalMarks' | 'correct' | 'incorrect' | 'skipped'>;

/**
 * Whether the scores of an exam's questions add up exactly, in any order: every figure of a question's
 * score is then a multiple of 0.0001 (a point, the negative mark, 0 or 1, or a share rounded so), and
 * sums of such figures round to the same number however they are added.
 */
export function sumsExactly(points: readonly number[], negativeMark: number): boolean {
  const fourDecimals = (value: number) => roundMarks(value) === value;
  return fourDecimals(negativeMark) && points.every(fourDecimals);
}

/**
 * An exam score's sums with one question's score replaced (`old` by `next`, as after a key decision),
 * equal to scoreExam's sums over the new scores when sumsExactly holds: earned and negative marks
 * apart (the earned marks are the net plus the negative marks), then the net of the two.
 */
export function replaceQuestionScore(totals: ScoreTotals, old: QuestionScore, next: QuestionScore, passMark: number): ScoreTotals & { passed: boolean } {
  const gross = roundMarks(roundMarks(totals.marksObtained + totals.negativeMarks) - old.marks + next.marks);
  const negativeMarks = roundMarks(totals.negativeMarks - old.negativeMarks + next.negativeMarks);
  const marksObtained = roundMarks(gross - negativeMarks);
  const totalMarks = roundMarks(totals.totalMarks - old.total + next.total);
  return {
    marksObtained,
    negativeMarks,
    totalMarks,
    correct: roundMarks(totals.correct - old.correct + next.correct),
    incorrect: roundMarks(totals.incorrect - old.incorrect + next.incorrect),
    skipped: roundMarks(totals.skipped - old.skipped + next.skipped),
    passed: isPassed(marksObtained, totalMarks, passMark),
  };
}

/**
 * GPA-weighted totals: the total adds 5 x hsc and 5 x ssc factor (GPA is out of 5); the student's
 * GPA marks are HSCGPA x hsc + SSCGPA x ssc (a missing GPA counts as 0).
 */
export function gpaTotals(input: { marksObtained: number; totalMarks: number; gpaFactor: GpaFactor; hscGpa: number | null; sscGpa: number | null }): {
  gpaMarks: number;
  examMarks: number;
  marksWithGpa: number;
  totalWithGpa: number;
} {
  const gpaMarks = roundMarks((input.hscGpa ?? 0) * input.gpaFactor.hsc + (input.sscGpa ?? 0) * input.gpaFactor.ssc);
  return {
    gpaMarks,
    examMarks: input.marksObtained,
    marksWithGpa: roundMarks(input.marksObtained + gpaMarks),
    totalWithGpa: roundMarks(input.totalMarks + 5 * input.gpaFactor.hsc + 5 * input.gpaFactor.ssc),
  };
}

/** Total responses of an exam: every MCA option counts once, every other question once. */
export function totalResponseCount(questions: ReadonlyArray<{ type: QuestionType; options: readonly unknown[] }>): number {
  return questions.reduce((total, q) => total + (q.type === 'MCA' ? q.options.length : 1), 0);
}

/** Responses given in one answer: MCA options with a value, otherwise 1 when answered. */
export function responseCount(type: QuestionType, optionCount: number, answer: AnswerValue | null | undefined, attachmentCount = 0): number {
  if (type === 'MCA') return (answer ?? []).slice(0, optionCount).filter((item) => mcaValue(item) !== null).length;
  return isAnswered(type, optionCount, answer, attachmentCount) ? 1 : 0;
}
