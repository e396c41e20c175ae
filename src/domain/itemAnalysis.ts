// Item analysis of an exam (classical test theory; formulas and sources in docs/decisions.md, "Item
// analysis"). Pure: the server feeds it the submitted attempts' answers and marks, the teacher desk
// shows what it returns, and the sheet export writes the same figures.
//
// Per question, over the submitted attempts that were served it:
//   score          marks earned before negative marking / the question's marks, in [0, 1]
//   facility       mean score (for MCQ and checkbox: the share correct)
//   groups         attempts ranked by total marks (ties: attempt id), the top and bottom 27 % rounded
//                  (Kelley), the same two groups for every question
//   discrimination upper-group facility minus lower-group facility
//   point-biserial Pearson correlation of the score with the total minus the question's own net marks
//                  (the corrected, item-rest correlation: an item does not correlate with itself)
//
// After a key decision: every option an MCQ accepts is a key, and a dropped question (it counts for no
// one) has no figures and no flags.

import type { AnswerValue, QuestionType } from '../contracts/exams';
import type { ItemChoice, ItemFlag, ItemStats } from '../contracts/staff';
import { isAnswered, mcaValue, optionIndex, optionLetter, roundMarks } from './scoring';

/**
 * Fewest submitted attempts analysed: with 10, each 27 % group holds 3 attempts, so one student moves
 * a group's facility by a third; with fewer, by a half or more, and the figures say nothing.
 */
export const ITEM_ANALYSIS_MIN_ATTEMPTS = 10;
/** Share of the attempts in each of the upper and lower groups (Kelley 1939). */
const ITEM_GROUP_SHARE = 0.27;
/** Discrimination below this (and not below 0) is "near zero" (Ebel: below 0.2 is poor, near 0 useless). */
const NEAR_ZERO_DISCRIMINATION = 0.1;

/** What the analysis needs to know about a question. */
export interface AnalysedQuestion {
  id: string;
  title: string;
  type: QuestionType;
  point: number;
  optionCount: number;
  /** The key, in the shape of src/domain/scoring.ts. */
  key: AnswerValue;
  /** MCQ only: every option a key decision accepts (the key among them); absent: the key alone. */
  accepted?: readonly number[] | null;
  /** Dropped by a key decision: it counts for no one, so it has no figures and no flags. */
  dropped?: boolean;
}

/** A student's answer to one question and the marks it earned (as graded: src/domain/scoring.ts). */
export interface AnalysedResponse {
  answer: AnswerValue;
  /** Marks earned before negative marking. */
  marks: number;
  negativeMarks: number;
  /** Files attached to a written answer: an answer of files alone is not "No answer". */
  attachments?: number;
}

/** A submitted attempt: its total marks and its responses; a question it was not served has no entry. */
export interface AnalysedAttempt {
  id: string;
  total: number;
  responses: ReadonlyMap<string, AnalysedResponse>;
}

export interface ItemAnalysisFigures {
  attempts: number;
  groupSize: number;
  /** Empty below ITEM_ANALYSIS_MIN_ATTEMPTS. */
  questions: ItemStats[];
}

const mean = (values: number[]): number | null => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);
const rounded = (value: number | null): number | null => (value === null ? null : roundMarks(value));

/** Pearson's correlation of two equally long series; null when either does not vary. */
export function correlation(xs: number[], ys: number[]): number | null {
  const mx = mean(xs);
  const my = mean(ys);
  if (mx === null || my === null || xs.length < 2) return null;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i += 1) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** Attempts in each 27 % group: 27 % of the attempts rounded, at least 1, at most half. */
export function groupSizeOf(attempts: number): number {
  if (attempts < 2) return 0;
  return Math.min(Math.floor(attempts / 2), Math.max(1, Math.round(attempts * ITEM_GROUP_SHARE)));
}

type Response = Omit<ItemChoice, 'upper' | 'lower' | 'all'>;

/**
 * The responses a question's answers are counted by, and which of them (indexes into `responses`) one
 * answer gives: read once per answer, so a large exam is counted in one pass.
 */
function responsesOf(question: AnalysedQuestion): { responses: Response[]; given: (response: AnalysedResponse) => number[] } {
  const n = question.optionCount;
  const options = Array.from({ length: n }, (_, i) => i);
  const chosen = (answer: AnswerValue) => new Set(answer.map((item) => optionIndex(item, n)).filter((i) => i !== null));
  const blank: Response = { option: null, response: 'blank', key: false };
  switch (question.type) {
    case 'MCQ': {
      // Every accepted option is a key: a decision may accept several, any one of them scoring.
      const key = new Set([optionIndex(question.key[0], n), ...(question.accepted ?? [])]);
      return {
        responses: [...options.map((i): Response => ({ option: i, response: 'chosen', key: key.has(i) })), blank],
        given: (r) => [optionIndex(r.answer[0], n) ?? n],
      };
    }
    case 'checkbox': {
      const key = chosen(question.key);
      return {
        responses: [...options.map((i): Response => ({ option: i, response: 'chosen', key: key.has(i) })), blank],
        given: (r) => {
          const picked = chosen(r.answer);
          return picked.size === 0 ? [n] : [...picked];
        },
      };
    }
    case 'MCA':
      return {
        // Option i answered true is response 2i, false 2i + 1.
        responses: options.flatMap((i) => (['true', 'false'] as const).map((value): Response => ({ option: i, response: value, key: mcaValue(question.key[i]) === value }))),
        given: (r) => options.flatMap((i) => {
          const value = mcaValue(r.answer[i]);
          return value === null ? [] : [2 * i + (value === 'true' ? 0 : 1)];
        }),
      };
    case 'shortAns':
    case 'paragraph':
      return { responses: [blank], given: (r) => (isAnswered(question.type, n, r.answer, r.attachments ?? 0) ? [] : [0]) };
  }
}

/**
 * "Key possibly wrong": the upper group gave a response outside the key more often than the key's.
 * MCQ: a distractor over the keyed option (with several accepted options, over every one of them: a
 * student picks one, so the accepted options share the upper group); checkbox: an option outside the
 * key over the least chosen keyed option (an answer names them all); MCA: for some option, the value
 * opposite the key over the keyed value.
 */
function keyPossiblyWrong(type: QuestionType, choices: ItemChoice[]): boolean {
  const options = choices.filter((c) => c.response !== 'blank');
  if (type === 'MCA') {
    return options.some((c) => !c.key && options.some((k) => k.key && k.option === c.option && c.upper > k.upper));
  }
  const keyed = options.filter((c) => c.key).map((c) => c.upper);
  if (keyed.length === 0) return false;
  const bar = type === 'MCQ' ? Math.max(...keyed) : Math.min(...keyed);
  return options.some((c) => !c.key && c.upper > bar);
}

function flagsOf(type: QuestionType, stats: Pick<ItemStats, 'facility' | 'discrimination' | 'choices'>): ItemFlag[] {
  const flags: ItemFlag[] = [];
  const { facility, discrimination } = stats;
  const extreme = facility === 1 || facility === 0;
  if (discrimination !== null && discrimination < 0) flags.push('negativeDiscrimination');
  else if (discrimination !== null && discrimination < NEAR_ZERO_DISCRIMINATION && !extreme) flags.push('nearZeroDiscrimination');
  if (keyPossiblyWrong(type, stats.choices)) flags.push('keyPossiblyWrong');
  if (facility === 1) flags.push('allCorrect');
  if (facility === 0) flags.push('noneCorrect');
  return flags;
}

/** The item statistics of every question (in the order given) over the submitted attempts. */
export function analyseItems(questions: AnalysedQuestion[], attempts: AnalysedAttempt[]): ItemAnalysisFigures {
  if (attempts.length < ITEM_ANALYSIS_MIN_ATTEMPTS) return { attempts: attempts.length, groupSize: 0, questions: [] };
  const ranked = [...attempts].sort((a, b) => b.total - a.total || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const groupSize = groupSizeOf(ranked.length);
  const upper = new Set(ranked.slice(0, groupSize));
  const lower = new Set(ranked.slice(ranked.length - groupSize));

  const stats = questions.map((question, index): ItemStats => {
    // A loop rather than flatMap: flatMap is many times slower on 10,000 attempts.
    const served: Array<{ attempt: AnalysedAttempt; response: AnalysedResponse; score: number }> = [];
    for (const attempt of ranked) {
      const response = attempt.responses.get(question.id);
      if (response) served.push({ attempt, response, score: question.point > 0 ? response.marks / question.point : 0 });
    }
    // A dropped question scores nothing for anyone: it has no figures (only its responses are counted).
    const dropped = question.dropped === true;
    const facilityOf = (rows: typeof served) => (dropped ? null : rounded(mean(rows.map((row) => row.score))));
    const facility = facilityOf(served);
    const upperFacility = facilityOf(served.filter((row) => upper.has(row.attempt)));
    const lowerFacility = facilityOf(served.filter((row) => lower.has(row.attempt)));
    const discrimination = upperFacility === null || lowerFacility === null ? null : roundMarks(upperFacility - lowerFacility);
    const pointBiserial = dropped
      ? null
      : rounded(
          correlation(
            served.map((row) => row.score),
            served.map((row) => row.attempt.total - (row.response.marks - row.response.negativeMarks)),
          ),
        );
    // One pass over the attempts: counts of each response for the upper group, the lower group and all.
    const { responses, given } = responsesOf(question);
    const choices: ItemChoice[] = responses.map((response) => ({ ...response, upper: 0, lower: 0, all: 0 }));
    for (const row of served) {
      const group = upper.has(row.attempt) ? 'upper' : lower.has(row.attempt) ? 'lower' : null;
      for (const index of given(row.response)) {
        const choice = choices[index]!;
        choice.all += 1;
        if (group) choice[group] += 1;
      }
    }
    const figures = { facility, upperFacility, lowerFacility, discrimination, pointBiserial, choices };
    return {
      questionId: question.id,
      number: index + 1,
      title: question.title,
      type: question.type,
      point: question.point,
      attempts: served.length,
      dropped,
      ...figures,
      flags: dropped ? [] : flagsOf(question.type, figures),
    };
  });
  return { attempts: attempts.length, groupSize, questions: stats };
}

/** What a flag means, in the words the desk and the sheet use. */
export const ITEM_FLAG_TEXT: Record<ItemFlag, string> = {
  negativeDiscrimination: 'Weaker students did better on this question than stronger ones.',
  nearZeroDiscrimination: 'This question hardly separates stronger from weaker students.',
  keyPossiblyWrong: 'The strongest students mostly chose another answer than the key: check the key.',
  allCorrect: 'Everyone got this question fully right.',
  noneCorrect: 'No one got any marks on this question.',
};

/** What the sheet says of a dropped question in place of flags. */
export const ITEM_DROPPED_TEXT = 'Dropped: this question counts for no one.';

/** A response's label: "A", "B true", "No answer". */
export function choiceLabel(choice: Pick<ItemChoice, 'option' | 'response'>): string {
  if (choice.option === null) return 'No answer';
  const letter = optionLetter(choice.option);
  return choice.response === 'chosen' ? letter : `${letter} ${choice.response}`;
}

/** Text of a stored question title without markup, for the desk's table and the sheet. */
export function plainTitle(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A desk sheet's file name from what it is, the exam's title and the batch's name: letters, digits and dashes only. */
export function deskSheetFileName(kind: string, examTitle: string, groupName: string, extension: 'csv' | 'xlsx'): string {
  const part = (text: string, fallback: string) => text.replace(/[^A-Za-z0-9 -]+/g, '').trim().replace(/\s+/g, '-') || fallback;
  return `${kind}-${part(examTitle, 'exam')}-${part(groupName, 'batch')}.${extension}`;
}

export const itemAnalysisFileName = (examTitle: string, groupName: string, extension: 'csv' | 'xlsx'): string => deskSheetFileName('item-analysis', examTitle, groupName, extension);
