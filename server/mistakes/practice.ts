// The rules of mistakes practice (contracts: src/contracts/mistakes.ts). A set is drawn from results the
// student may see the answers of (server/mistakes/queries.ts visibleResults), so a live exam's keys stay
// on the server until its result is published. It is a review, not an exam: each answer is checked when
// given (the same shape checks and scoring module as an exam's, without negative marks), told right or
// wrong with its key and explanation, and moves the question's streak at once; the first answer to a
// question stands. Untimed unless the student asked for the time. A set belongs to its student alone:
// another student's set id reads as not found.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { atomically } from '../db/engine/group-commit.js';
import { readJson, writeJson } from '../db/json.js';
import { newId } from '../ids.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { withSignedFigures } from '../media/figures.js';
import { answerShapeProblem, isAnswered, scoreQuestion, type QuestionScore } from '../../src/domain/scoring.js';
import { isLate } from '../../src/domain/examTiming.js';
import { answeredRight, isMistake, mistakesDuration, MISTAKES_WORDS, RIGHT_IN_A_ROW_TO_LEAVE, UNTIMED_OPEN_DAYS } from '../../src/domain/mistakes.js';
import type { AnswerValue } from '../../src/contracts/exams.js';
import type { CheckBody, CheckedAnswer, CheckReply, MistakesCount, MistakesProgress, MistakesReview, MistakesSource, StartMistakesBody, StartedMistakes, SubjectMistakes } from '../../src/contracts/mistakes.js';
import { authorise, examErrors, type ExamDeps } from '../exams/attempts.js';
import { publicQuestion, scorableQuestion, type QuestionRow } from '../exams/queries.js';
import { resultErrors, reviewedQuestion } from '../results/projections.js';
import {
  answersOfSet, clearedQuestions, insertFirstMistakeAnswer, insertSet, markSetSubmitted, questionsByIds, questionsOfExams, runningSet, setOfStudent, storeSetCleared,
  storeStreak, streaksOf, subjectNamesOf, visibleResults, type MistakeAnswer, type MistakeSet, type VisibleResult,
} from './queries.js';

export const mistakesErrors = {
  setNotFound: () => notFound('Mistakes practice not found', 'mistakesNotFound', 'No such mistakes practice is yours.'),
  subjectNotFound: () => notFound('Subject not found', 'subjectNotFound', 'None of your results has questions of this subject.'),
  noneInExam: () => conflict(MISTAKES_WORDS.noneInExam, 'noMistakes'),
  noneInSubject: () => conflict(MISTAKES_WORDS.noneInSubject, 'noMistakes'),
  finished: () => conflict('This practice is finished.', 'mistakesFinished', 'Start a new practice to go on.'),
  notAnswered: () => badRequest('Choose an answer before checking it.', 'notAnswered'),
};

/** The questions of one result or subject that are still mistakes, in paper order, with the time they get. */
interface Drawn {
  questions: QuestionRow[];
  duration: number;
  results: VisibleResult[];
}

/** The subject a question counts for: its own, or its exam's. */
const subjectOf = (q: QuestionRow, result: VisibleResult): string | null => q.subject_id ?? result.subject_id;

/** A question still to practise, with the result it was a mistake in. */
interface Picked {
  question: QuestionRow;
  result: VisibleResult;
}

/** Every mistake of these results (of one subject when given), leaving out questions answered right twice in a row. */
async function pick(db: Kysely<Database>, studentId: string, results: VisibleResult[], subjectId?: string): Promise<Picked[]> {
  const questions = await questionsOfExams(db, [...new Set(results.map((r) => r.exam_id))]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const picked: Picked[] = [];
  const seen = new Set<string>();
  for (const result of results) {
    for (const score of readJson<QuestionScore[]>(result.detail, [])) {
      const question = byId.get(score.questionId);
      if (!question || seen.has(question.id)) continue;
      if (subjectId && subjectOf(question, result) !== subjectId) continue;
      if (!isMistake(question.type, Number(question.dropped) === 1, score)) continue;
      seen.add(question.id);
      picked.push({ question, result });
    }
  }
  const cleared = await clearedQuestions(db, studentId, picked.map((p) => p.question.id), RIGHT_IN_A_ROW_TO_LEAVE);
  return picked.filter((p) => !cleared.has(p.question.id));
}

/** The picked questions in paper order with their time: each exam's duration in proportion to the questions taken from it. */
function drawn(picked: Picked[]): Drawn {
  const taken = new Map<VisibleResult, number>();
  for (const p of picked) taken.set(p.result, (taken.get(p.result) ?? 0) + 1);
  const results = [...taken.keys()];
  const duration = mistakesDuration(results.map((r) => ({ duration: r.duration, questions: readJson<unknown[]>(r.detail, []).length, taken: taken.get(r)! })));
  return { questions: picked.map((p) => p.question), duration, results };
}

async function draw(db: Kysely<Database>, studentId: string, results: VisibleResult[], subjectId?: string): Promise<Drawn> {
  return drawn(await pick(db, studentId, results, subjectId));
}

/** One result's visible mistakes: the student's own submitted attempt, a practice exam or a published live one. */
async function drawOfExam(deps: ExamDeps, studentId: string, examId: string, groupId: string) {
  const context = await authorise(deps.db, studentId, examId, groupId, 404);
  const attempt = context.attempt;
  if (!attempt || attempt.submitted_at === null) throw resultErrors.notSubmitted();
  if (context.exam.is_practice !== 1 && context.assignment.result_published !== 1) throw resultErrors.notPublished();
  const results = await visibleResults(deps.db, studentId, { examId, groupId });
  return { context, drawn: await draw(deps.db, studentId, results) };
}

export async function examMistakes(deps: ExamDeps, studentId: string, examId: string, groupId: string): Promise<MistakesCount> {
  const { drawn } = await drawOfExam(deps, studentId, examId, groupId);
  return { count: drawn.questions.length, duration: drawn.duration };
}

/** Per subject, the mistakes across the student's visible results (of one course when given); subjects with none are left out. */
export async function subjectMistakes(deps: ExamDeps, studentId: string, courseId: string | undefined): Promise<SubjectMistakes[]> {
  const picked = await pick(deps.db, studentId, await visibleResults(deps.db, studentId, { courseId }));
  const bySubject = new Map<string, Picked[]>();
  for (const p of picked) {
    const subject = subjectOf(p.question, p.result);
    if (!subject) continue;
    const list = bySubject.get(subject) ?? [];
    list.push(p);
    bySubject.set(subject, list);
  }
  const names = await subjectNamesOf(deps.db, [...bySubject.keys()]);
  const list = [...bySubject].map(([subjectId, items]): SubjectMistakes => {
    const { questions, duration } = drawn(items);
    return { subjectId, subjectName: names.get(subjectId) ?? null, courseId: items[0]!.result.course_id, count: questions.length, duration };
  });
  return list.sort((a, b) => (a.subjectName ?? '').localeCompare(b.subjectName ?? ''));
}

/** Starts a set from one result or subject, or returns the one already running from the same source. */
export async function startMistakes(deps: ExamDeps, studentId: string, body: StartMistakesBody): Promise<StartedMistakes> {
  const { db, now } = deps;
  const timed = body.timed === true;
  const source: MistakesSource = body.source === 'exam' ? { source: 'exam', examId: body.examId, groupId: body.groupId } : { source: 'subject', subjectId: body.subjectId };
  let drawn: Drawn;
  let title: string;
  let courseId: string;
  if (source.source === 'exam') {
    const of = await drawOfExam(deps, studentId, source.examId, source.groupId);
    drawn = of.drawn;
    if (drawn.questions.length === 0) throw mistakesErrors.noneInExam();
    title = `My mistakes: ${of.context.exam.title}`;
    courseId = of.context.exam.course_id;
  } else {
    const results = await visibleResults(db, studentId, {});
    const questions = await questionsOfExams(db, [...new Set(results.map((r) => r.exam_id))]);
    const resultOf = new Map(results.map((r) => [r.exam_id, r]));
    if (!questions.some((q) => subjectOf(q, resultOf.get(q.exam_id)!) === source.subjectId)) throw mistakesErrors.subjectNotFound();
    drawn = await draw(db, studentId, results, source.subjectId);
    if (drawn.questions.length === 0) throw mistakesErrors.noneInSubject();
    const name = (await subjectNamesOf(db, [source.subjectId])).get(source.subjectId) || 'this subject';
    title = `My mistakes in ${name}`;
    courseId = drawn.results[0]!.course_id;
  }
  const kind = source.source === 'exam' ? { kind: 'exam' as const, examId: source.examId, groupId: source.groupId } : { kind: 'subject' as const, subjectId: source.subjectId };
  const running = await runningSet(db, studentId, kind, now.toISOString());
  if (running) return { setId: running.id, count: readJson<string[]>(running.question_ids, []).length, duration: running.duration, timed: running.timed === 1 };

  const set: MistakeSet = {
    id: newId(),
    student_id: studentId,
    kind: kind.kind,
    exam_id: source.source === 'exam' ? source.examId : null,
    group_id: source.source === 'exam' ? source.groupId : null,
    subject_id: source.source === 'subject' ? source.subjectId : null,
    course_id: courseId,
    title,
    question_ids: writeJson(drawn.questions.map((q) => q.id)),
    exam_ids: writeJson([...new Set(drawn.questions.map((q) => q.exam_id))]),
    duration: drawn.duration,
    // A review has no pass mark.
    pass_mark: 0,
    timed: timed ? 1 : 0,
    started_at: now.toISOString(),
    // Timed: the time asked for; untimed: the review stays open for a week.
    deadline_at: new Date(now.getTime() + (timed ? drawn.duration * 60_000 : UNTIMED_OPEN_DAYS * 86_400_000)).toISOString(),
    submitted_at: null,
    marks_obtained: null,
    negative_marks: null,
    total_marks: null,
    detail: null,
    cleared: null,
  };
  await deps.writes.run((writer) => insertSet(writer, set));
  return { setId: set.id, count: drawn.questions.length, duration: set.duration, timed };
}

/**
 * The student's own set with its questions, each question's exam, and the check that every exam is still
 * one whose answers the student may see (in a batch they belong to, not removed): otherwise not found.
 */
async function openSet(db: Kysely<Database>, studentId: string, setId: string) {
  const set = await setOfStudent(db, setId, studentId);
  if (!set) throw mistakesErrors.setNotFound();
  const examIds = readJson<string[]>(set.exam_ids, []);
  const visible = await visibleResults(db, studentId, set.kind === 'exam' ? { examId: set.exam_id!, groupId: set.group_id! } : { examIds });
  const byExam = new Map(visible.map((r) => [r.exam_id, r]));
  if (!examIds.every((id) => byExam.has(id))) throw mistakesErrors.setNotFound();
  const order = readJson<string[]>(set.question_ids, []);
  const rows = new Map((await questionsByIds(db, order)).map((q) => [q.id, q]));
  const questions = order.map((id) => rows.get(id)).filter((q): q is QuestionRow => q !== undefined);
  return { set, questions, resultOf: (q: QuestionRow) => byExam.get(q.exam_id)! };
}

/** Whether an answer to a question is right: all its marks (no negative marks in a review). */
const isRight = (q: QuestionRow, answer: AnswerValue) => answeredRight(scoreQuestion(scorableQuestion(q), answer, 0));

type OpenedSet = Awaited<ReturnType<typeof openSet>>;

/** A checked answer as the review tells it: right or wrong, the question with its key, whether it left the mistakes. */
function checkedAnswer(q: QuestionRow, row: MistakeAnswer, cleared: ReadonlySet<string>, names: Map<string, string>, secret: string, studentId: string): CheckedAnswer {
  const given = readJson<AnswerValue>(row.answer, []);
  return {
    questionId: q.id,
    given,
    right: isRight(q, given),
    question: withSignedFigures(reviewedQuestion(q, names), secret, q.exam_id, studentId),
    leftMistakes: cleared.has(q.id),
  };
}

function progressOf(questions: QuestionRow[], answers: MistakeAnswer[]): MistakesProgress {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const checked = answers.filter((a) => byId.has(a.question_id));
  return { mastered: checked.filter((a) => isRight(byId.get(a.question_id)!, readJson<AnswerValue>(a.answer, []))).length, checked: checked.length, total: questions.length };
}

async function subjectNameMap(db: Kysely<Database>, questions: QuestionRow[], extra: Array<string | null> = []): Promise<Map<string, string>> {
  const names = await subjectNamesOf(db, [...questions.map((q) => q.subject_id ?? ''), ...extra.map((id) => id ?? '')].filter(Boolean));
  return new Map([...names].map(([id, name]) => [id, name ?? '']));
}

/** Mistakes still to practise from the set's source. */
async function remainingOf(deps: ExamDeps, studentId: string, set: MistakeSet): Promise<number> {
  return set.kind === 'exam'
    ? (await draw(deps.db, studentId, await visibleResults(deps.db, studentId, { examId: set.exam_id!, groupId: set.group_id! }))).questions.length
    : (await draw(deps.db, studentId, await visibleResults(deps.db, studentId, {}), set.subject_id!)).questions.length;
}

/** Ends a review once: the checked answers' scores are kept; a set ended after its time and grace is recorded at its deadline. */
async function finishSet(deps: ExamDeps, opened: OpenedSet): Promise<void> {
  const { set, questions } = opened;
  if (set.submitted_at !== null) return;
  const finishedAt = isLate(deps.now, set.deadline_at, deps.graceSeconds) ? set.deadline_at : deps.now.toISOString();
  await deps.writes.run(async (db) => {
    const answers = new Map((await answersOfSet(db, set.id)).map((a) => [a.question_id, readJson<AnswerValue>(a.answer, [])]));
    const scores: QuestionScore[] = questions.map((q) => scoreQuestion(scorableQuestion(q), answers.get(q.id), 0));
    await markSetSubmitted(db, set.id, { submitted_at: finishedAt, detail: writeJson(scores) });
  });
}

/** The set as the review shows it; a timed set whose time and grace ran out is finished first. */
export async function mistakesReview(deps: ExamDeps, studentId: string, setId: string, secret: string): Promise<MistakesReview> {
  let opened = await openSet(deps.db, studentId, setId);
  if (opened.set.submitted_at === null && isLate(deps.now, opened.set.deadline_at, deps.graceSeconds)) {
    await finishSet(deps, opened);
    opened = await openSet(deps.db, studentId, setId);
  }
  const { set, questions } = opened;
  const names = await subjectNameMap(deps.db, questions);
  const answers = await answersOfSet(deps.db, set.id);
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  const cleared = new Set(readJson<string[]>(set.cleared ?? '[]', []));
  const timed = set.timed === 1;
  return {
    setId: set.id,
    title: set.title,
    source: set.kind === 'exam' ? { source: 'exam', examId: set.exam_id!, groupId: set.group_id! } : { source: 'subject', subjectId: set.subject_id! },
    timed,
    duration: set.duration,
    startedAt: set.started_at,
    deadlineAt: timed ? set.deadline_at : null,
    serverNow: deps.now.toISOString(),
    finishedAt: set.submitted_at,
    questions: questions.map((q) => {
      const row = byQuestion.get(q.id);
      return { question: withSignedFigures(publicQuestion(q, names), secret, q.exam_id, studentId), check: row ? checkedAnswer(q, row, cleared, names, secret, studentId) : null };
    }),
    progress: progressOf(questions, answers),
    cleared: cleared.size,
    remaining: await remainingOf(deps, studentId, set),
  };
}

/**
 * Checks one answer of a running review: the same shape checks as an exam's; the first answer to a
 * question stands (a second tap, or a retried request, gets the same verdict). A new answer moves the
 * question's streak (right adds one, wrong starts again from 0); at two in a row it leaves the mistakes.
 */
export async function checkMistake(deps: ExamDeps, studentId: string, setId: string, body: CheckBody, secret: string): Promise<CheckReply> {
  const { set, questions } = await openSet(deps.db, studentId, setId);
  if (set.submitted_at !== null) throw mistakesErrors.finished();
  if (isLate(deps.now, set.deadline_at, deps.graceSeconds)) throw examErrors.timeOver();
  const question = questions.find((q) => q.id === body.questionId);
  if (!question) throw examErrors.unknownQuestion();
  const optionCount = readJson<unknown[]>(question.options, []).length;
  const problem = answerShapeProblem(question.type, optionCount, body.answer);
  if (problem) throw badRequest(problem, 'invalidAnswer');
  if (!isAnswered(question.type, optionCount, body.answer)) throw mistakesErrors.notAnswered();
  const at = deps.now.toISOString();
  await deps.writes.run((db) =>
    atomically(db, async (trx) => {
      const first = await insertFirstMistakeAnswer(trx, {
        set_id: set.id,
        question_id: question.id,
        answer: writeJson(body.answer),
        // Written questions are never practised here: a set carries no attachments.
        extra: writeJson([]),
        answer_index: null,
        client_timestamp: deps.now.getTime(),
        saved_at: at,
      });
      if (!first) return;
      const streak = isRight(question, body.answer) ? ((await streaksOf(trx, studentId, [question.id])).get(question.id) ?? 0) + 1 : 0;
      await storeStreak(trx, studentId, question.id, streak, at);
      if (streak >= RIGHT_IN_A_ROW_TO_LEAVE) {
        const cleared = new Set(readJson<string[]>(set.cleared ?? '[]', []));
        cleared.add(question.id);
        await storeSetCleared(trx, set.id, writeJson([...cleared]));
      }
    }),
  );
  const fresh = (await setOfStudent(deps.db, set.id, studentId))!;
  const answers = await answersOfSet(deps.db, set.id);
  const row = answers.find((a) => a.question_id === question.id)!;
  const names = await subjectNameMap(deps.db, [question]);
  return {
    check: checkedAnswer(question, row, new Set(readJson<string[]>(fresh.cleared ?? '[]', [])), names, secret, studentId),
    progress: progressOf(questions, answers),
  };
}

/** Ends the review (the student pressed Finish): what was not answered stays a mistake, its streak untouched. */
export async function finishMistakes(deps: ExamDeps, studentId: string, setId: string, secret: string): Promise<MistakesReview> {
  await finishSet(deps, await openSet(deps.db, studentId, setId));
  return mistakesReview(deps, studentId, setId, secret);
}
