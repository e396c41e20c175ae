// Item analysis for the teacher desk (contract: src/contracts/staff.ts): reads one exam assignment's
// submitted attempts (their graded marks per question and their answers), hands them to the pure
// computation in src/domain/itemAnalysis.ts, and writes the figures as a CSV or XLSX sheet.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readJson } from '../db/json.js';
import { conflict } from '../errors.js';
import { deskSheet, type SheetFile } from '../sheets.js';
import type { AnswerValue } from '../../src/contracts/exams.js';
import type { ItemAnalysis, ItemStats } from '../../src/contracts/staff.js';
import type { QuestionScore } from '../../src/domain/scoring.js';
import {
  analyseItems, choiceLabel, itemAnalysisFileName, ITEM_ANALYSIS_MIN_ATTEMPTS, ITEM_DROPPED_TEXT, ITEM_FLAG_TEXT, plainTitle, type AnalysedAttempt, type AnalysedQuestion, type AnalysedResponse,
} from '../../src/domain/itemAnalysis.js';
import { finalizeExpiredAttempts, type ExamDeps } from '../exams/attempts.js';
import { questionsOfExam, scorableQuestion } from '../exams/queries.js';
import { staffAssignment } from './marking.js';
import { batchChallenges } from './challengeCounts.js';

export const itemAnalysisErrors = {
  notPublished: () =>
    conflict('The results of this exam are not published yet.', 'resultsNotPublished', 'Item analysis shows the answer keys, so it opens once the results of this exam are published.'),
};

/** The submitted, graded attempts of an exam in one batch (the newest round of each student), with every stored answer. */
async function gradedAttempts(db: Kysely<Database>, examId: string, groupId: string): Promise<AnalysedAttempt[]> {
  const rows = await db
    .selectFrom('results as r')
    .innerJoin('attempts as a', 'a.id', 'r.attempt_id')
    .leftJoin('answers as an', 'an.attempt_id', 'r.attempt_id')
    .select(['r.attempt_id', 'r.marks_obtained', 'r.detail', 'an.question_id', 'an.answer', 'an.extra'])
    .where('r.exam_id', '=', examId)
    .where('r.group_id', '=', groupId)
    .where('a.submitted_at', 'is not', null)
    .where('a.superseded_at', 'is', null)
    .execute();
  const attempts = new Map<string, { total: number; detail: string; answers: Map<string, { answer: AnswerValue; attachments: number }> }>();
  for (const row of rows) {
    let attempt = attempts.get(row.attempt_id);
    if (!attempt) attempts.set(row.attempt_id, (attempt = { total: Number(row.marks_obtained), detail: row.detail, answers: new Map() }));
    if (row.question_id !== null && row.answer !== null) {
      attempt.answers.set(row.question_id, { answer: readJson<AnswerValue>(row.answer, []), attachments: readJson<unknown[]>(row.extra, []).length });
    }
  }
  return [...attempts].map(([id, attempt]) => {
    const responses = new Map<string, AnalysedResponse>();
    for (const score of readJson<QuestionScore[]>(attempt.detail, [])) {
      const given = attempt.answers.get(score.questionId);
      responses.set(score.questionId, { answer: given?.answer ?? [], attachments: given?.attachments ?? 0, marks: Number(score.marks), negativeMarks: Number(score.negativeMarks) });
    }
    return { id, total: attempt.total, responses };
  });
}

/**
 * The item analysis of an assignment's submitted attempts. 404 for an unknown assignment; 409 for a
 * live exam whose results are not published (the figures show the keys). Below the minimum number of
 * attempts the questions are left out (the desk says why).
 */
export async function itemAnalysisOf(deps: ExamDeps, assignmentId: string): Promise<ItemAnalysis> {
  const { db } = deps;
  let assignment = await staffAssignment(db, assignmentId, deps.graceSeconds);
  if (!assignment.exam.isPracticeExam && !assignment.resultPublished) throw itemAnalysisErrors.notPublished();
  if (await finalizeExpiredAttempts(db, { examId: assignment.exam._id }, deps.now, deps.graceSeconds)) assignment = await staffAssignment(db, assignmentId, deps.graceSeconds);
  const questions: AnalysedQuestion[] = (await questionsOfExam(db, assignment.exam._id)).map((row) => {
    const { id, type, point, optionCount, answer, accepted, dropped } = scorableQuestion(row);
    return { id, type, point, optionCount, key: answer, accepted, dropped, title: plainTitle(row.title) };
  });
  const figures = analyseItems(questions, await gradedAttempts(db, assignment.exam._id, assignment.groupId));
  return { assignment, minimumAttempts: ITEM_ANALYSIS_MIN_ATTEMPTS, ...figures, challenges: await batchChallenges(db, assignment.exam._id, assignment.groupId) };
}

const SHEET_COLUMNS = ['No.', 'Question', 'Type', 'Marks', 'Attempts', 'Facility', 'Upper 27 % facility', 'Lower 27 % facility', 'Discrimination', 'Point-biserial (item-rest)', 'Flags'];
const RESPONSE_COLUMNS = ['No.', 'Response', 'Key', 'Upper 27 %', 'Lower 27 %', 'All'];

const questionRow = (q: ItemStats) => [
  q.number, q.title, q.type, q.point, q.attempts, q.facility, q.upperFacility, q.lowerFacility, q.discrimination, q.pointBiserial,
  q.dropped ? ITEM_DROPPED_TEXT : q.flags.map((flag) => ITEM_FLAG_TEXT[flag]).join(' '),
];

/**
 * The analysis as a sheet: CSV holds the questions table followed by the responses table; XLSX holds
 * them as two worksheets. Below the minimum number of attempts both tables are empty.
 */
export function itemAnalysisSheet(analysis: ItemAnalysis, format: 'csv' | 'xlsx'): Promise<SheetFile> {
  const questions = analysis.questions.map(questionRow);
  const responses = analysis.questions.flatMap((q) => q.choices.map((c) => [q.number, choiceLabel(c), c.key ? 'yes' : '', c.upper, c.lower, c.all]));
  return deskSheet(
    [{ name: 'Questions', columns: SHEET_COLUMNS, rows: questions }, { name: 'Responses', columns: RESPONSE_COLUMNS, rows: responses }],
    format,
    itemAnalysisFileName(analysis.assignment.exam.title, analysis.assignment.groupName, format),
  );
}
