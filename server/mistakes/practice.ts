// The rules of mistakes practice (contracts: src/contracts/mistakes.ts). A set is drawn from results the
// student may see the answers of (server/mistakes/queries.ts visibleResults), so a live exam's keys stay
// on the server until its result is published; it is taken like a practice exam (the same answer checks,
// the same scoring module, answers newest-wins by the client's timestamp) and belongs to its student
// alone: another student's set id reads as not found.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { atomically } from '../db/engine/group-commit.js';
import { readJson, writeJson } from '../db/json.js';
import { newId } from '../ids.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { withSignedFigures } from '../media/figures.js';
import { fullMarks, roundMarks, savedAnswerProblem, scoreQuestion, isPassed, type QuestionScore } from '../../src/domain/scoring.js';
import { tallyQuestions } from '../../src/domain/results.js';
import { isLate } from '../../src/domain/examTiming.js';
import { answeredRight, isMistake, mistakesDuration, MISTAKES_WORDS, RIGHT_IN_A_ROW_TO_LEAVE } from '../../src/domain/mistakes.js';
import type { AnswerValue, Attachment, CurrentExam, SavedAnswerReply, SubmitReply } from '../../src/contracts/exams.js';
import type { ResultAnswer, StudentResult } from '../../src/contracts/results.js';
import type { MistakesCount, MistakesResult, MistakesSource, StartedMistakes, SubjectMistakes } from '../../src/contracts/mistakes.js';
import { authorise, examErrors, type AnswerInput, type ExamDeps } from '../exams/attempts.js';
import { courseName, publicQuestion, scorableQuestion, type QuestionRow } from '../exams/queries.js';
import { resultErrors, resultLine, reviewedQuestion } from '../results/projections.js';
import {
  answersOfSet, clearedQuestions, insertSet, markSetSubmitted, questionsByIds, questionsOfExams, runningSet, setOfStudent, storedMistakeAnswer, storeStreak,
  streaksOf, subjectNamesOf, upsertNewerMistakeAnswer, visibleResults, type MistakeSet, type VisibleResult,
} from './queries.js';

export const mistakesErrors = {
  setNotFound: () => notFound('Mistakes practice not found', 'mistakesNotFound', 'No such mistakes practice is yours.'),
  subjectNotFound: () => notFound('Subject not found', 'subjectNotFound', 'None of your results has questions of this subject.'),
  noneInExam: () => conflict(MISTAKES_WORDS.noneInExam, 'noMistakes'),
  noneInSubject: () => conflict(MISTAKES_WORDS.noneInSubject, 'noMistakes'),
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
export async function startMistakes(deps: ExamDeps, studentId: string, source: MistakesSource): Promise<StartedMistakes> {
  const { db, now } = deps;
  let drawn: Drawn;
  let title: string;
  let courseId: string;
  let passMark: number;
  if (source.source === 'exam') {
    const of = await drawOfExam(deps, studentId, source.examId, source.groupId);
    drawn = of.drawn;
    if (drawn.questions.length === 0) throw mistakesErrors.noneInExam();
    title = `My mistakes: ${of.context.exam.title}`;
    courseId = of.context.exam.course_id;
    passMark = Number(of.context.exam.pass_mark);
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
    passMark = Math.round(drawn.results.reduce((sum, r) => sum + r.pass_mark, 0) / drawn.results.length);
  }
  const kind = source.source === 'exam' ? { kind: 'exam' as const, examId: source.examId, groupId: source.groupId } : { kind: 'subject' as const, subjectId: source.subjectId };
  const running = await runningSet(db, studentId, kind, now.toISOString());
  if (running) return { setId: running.id, count: readJson<string[]>(running.question_ids, []).length, duration: running.duration };

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
    pass_mark: passMark,
    started_at: now.toISOString(),
    deadline_at: new Date(now.getTime() + drawn.duration * 60_000).toISOString(),
    submitted_at: null,
    marks_obtained: null,
    negative_marks: null,
    total_marks: null,
    detail: null,
    cleared: null,
  };
  await deps.writes.run((writer) => insertSet(writer, set));
  return { setId: set.id, count: drawn.questions.length, duration: set.duration };
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


/** The set as a practice exam's paper: questions without keys, the saved answers, the server's deadline. */
export async function mistakesPaper(deps: ExamDeps, studentId: string, setId: string, secret: string): Promise<CurrentExam> {
  const { set, questions } = await openSet(deps.db, studentId, setId);
  const names = await subjectNamesOf(deps.db, questions.map((q) => q.subject_id ?? '').filter(Boolean));
  const nameMap = new Map([...names].map(([id, name]) => [id, name ?? '']));
  const answers = await answersOfSet(deps.db, set.id);
  return {
    _id: set.id,
    title: set.title,
    instruction: null,
    subjectId: set.subject_id,
    subjectName: set.subject_id ? (names.get(set.subject_id) ?? null) : null,
    questions: questions.map((q) => withSignedFigures(publicQuestion(q, nameMap), secret, q.exam_id, studentId)),
    totalMarks: fullMarks(questions),
    passMark: set.pass_mark,
    negativeMark: 0,
    gpaFactor: null,
    isPracticeExam: true,
    isSegmentedExam: false,
    segmentedExamDetails: null,
    selectedSubjects: null,
    studentStartsAt: set.started_at,
    deadlineAt: set.deadline_at,
    serverNow: deps.now.toISOString(),
    courseName: await courseName(deps.db, set.course_id),
    courseId: set.course_id,
    groupId: set.group_id ?? '',
    groupName: null,
    startsAt: set.started_at,
    endsAt: set.deadline_at,
    duration: set.duration,
    cutMarks: null,
    multipleTimesSubmission: true,
    submittedAt: set.submitted_at,
    savedAnswers: answers.map((a) => ({
      questionId: a.question_id,
      answer: readJson<AnswerValue>(a.answer, []),
      extra: readJson<Attachment[]>(a.extra, []),
      answerIndex: a.answer_index,
      timestamp: Number(a.client_timestamp),
    })),
  };
}

/** Saves one answer of a running set: the same shape checks as an exam's, newest (by the client's time) wins. */
export async function saveMistakeAnswer(deps: ExamDeps, studentId: string, setId: string, input: AnswerInput): Promise<SavedAnswerReply> {
  const { set, questions } = await openSet(deps.db, studentId, setId);
  if (set.submitted_at !== null) throw examErrors.submitted();
  if (isLate(deps.now, set.deadline_at, deps.graceSeconds)) throw examErrors.timeOver();
  const question = questions.find((q) => q.id === input.questionId);
  if (!question) throw examErrors.unknownQuestion();
  const optionCount = readJson<unknown[]>(question.options, []).length;
  const problem = savedAnswerProblem(question.type, optionCount, input.answer, input.answerIndex);
  if (problem) throw badRequest(problem, 'invalidAnswer');
  const savedAt = deps.now.toISOString();
  return deps.writes.run(async (db) => {
    const applied = await upsertNewerMistakeAnswer(db, {
      set_id: set.id,
      question_id: question.id,
      answer: writeJson(input.answer),
      // Written questions are never practised here: a set carries no attachments.
      extra: writeJson([]),
      answer_index: input.answerIndex ?? null,
      client_timestamp: input.timestamp,
      saved_at: savedAt,
      offline: input.offline ? 1 : 0,
    });
    if (applied) return { questionId: question.id, applied: true, savedAt };
    return { questionId: question.id, applied: false, savedAt: (await storedMistakeAnswer(db, set.id, question.id))?.saved_at ?? savedAt };
  });
}

/**
 * Scores the set once with the shared scoring module (each question with its own exam's negative mark)
 * and moves each question's streak: a right answer adds one, anything else starts again from 0; a
 * question at two right in a row leaves the student's mistakes. A submit after the grace period is
 * recorded at the deadline; a repeated submit changes nothing.
 */
async function finishSet(deps: ExamDeps, studentId: string, opened: Awaited<ReturnType<typeof openSet>>): Promise<void> {
  const { set, questions, resultOf } = opened;
  if (set.submitted_at !== null) return;
  const submittedAt = isLate(deps.now, set.deadline_at, deps.graceSeconds) ? set.deadline_at : deps.now.toISOString();
  await deps.writes.run((db) =>
    atomically(db, async (trx) => {
      const answers = new Map((await answersOfSet(trx, set.id)).map((a) => [a.question_id, readJson<AnswerValue>(a.answer, [])]));
      const scores = questions.map((q) => scoreQuestion(scorableQuestion(q), answers.get(q.id), resultOf(q).negative_mark));
      const sum = (pick: (s: QuestionScore) => number) => roundMarks(scores.reduce((total, s) => total + pick(s), 0));
      const streaks = await streaksOf(trx, studentId, questions.map((q) => q.id));
      const next = scores.map((score) => ({ questionId: score.questionId, streak: answeredRight(score) ? (streaks.get(score.questionId) ?? 0) + 1 : 0 }));
      const written = await markSetSubmitted(trx, set.id, {
        submitted_at: submittedAt,
        marks_obtained: roundMarks(sum((s) => s.marks) - sum((s) => s.negativeMarks)),
        negative_marks: sum((s) => s.negativeMarks),
        total_marks: sum((s) => s.total),
        detail: writeJson(scores),
        cleared: writeJson(next.filter((n) => n.streak >= RIGHT_IN_A_ROW_TO_LEAVE).map((n) => n.questionId)),
      });
      // A repeated submit moves no streak.
      if (!written) return;
      const at = deps.now.toISOString();
      for (const { questionId, streak } of next) await storeStreak(trx, studentId, questionId, streak, at);
    }),
  );
}

export async function submitMistakes(deps: ExamDeps, studentId: string, setId: string): Promise<SubmitReply> {
  await finishSet(deps, studentId, await openSet(deps.db, studentId, setId));
  return { status: '200', resultId: setId, isPracticeExam: true };
}

/** The submitted set's result, as practice results show theirs; a set whose time and grace ran out is finished first. */
export async function mistakesResult(deps: ExamDeps, studentId: string, setId: string, secret: string): Promise<MistakesResult> {
  let opened = await openSet(deps.db, studentId, setId);
  if (opened.set.submitted_at === null) {
    if (!isLate(deps.now, opened.set.deadline_at, deps.graceSeconds)) throw resultErrors.notSubmitted();
    await finishSet(deps, studentId, opened);
    opened = await openSet(deps.db, studentId, setId);
  }
  const { set, questions, resultOf } = opened;
  const names = await subjectNamesOf(deps.db, [set.subject_id ?? '', ...questions.map((q) => q.subject_id ?? '')].filter(Boolean));
  const nameMap = new Map([...names].map(([id, name]) => [id, name ?? '']));
  const answers = new Map((await answersOfSet(deps.db, set.id)).map((a) => [a.question_id, a]));
  const stored = new Map(readJson<QuestionScore[]>(set.detail, []).map((s) => [s.questionId, s]));
  const scores: QuestionScore[] = [];
  const answerViews: ResultAnswer[] = questions.map((q) => {
    // Each question with its own exam's negative mark, as the set was graded.
    const { score, line } = resultLine(q, answers.get(q.id), stored.get(q.id), resultOf(q).negative_mark);
    scores.push(score);
    return { questionId: withSignedFigures(reviewedQuestion(q, nameMap), secret, q.exam_id, studentId), ...line };
  });
  const marksObtained = Number(set.marks_obtained ?? 0);
  const totalMarks = Number(set.total_marks ?? 0);
  const sum = (pick: (s: QuestionScore) => number) => roundMarks(scores.reduce((total, s) => total + pick(s), 0));
  const subjectIds = [...new Set(questions.map((q) => q.subject_id).filter((id): id is string => Boolean(id)))];
  const result: StudentResult = {
    code: null,
    _id: set.id,
    studentId,
    examId: set.exam_id ?? set.id,
    groupId: set.group_id ?? '',
    groupName: null,
    title: set.title,
    subjectName: set.subject_id ? (names.get(set.subject_id) ?? null) : subjectIds.map((id) => names.get(id)).filter(Boolean).join(', ') || null,
    courseId: set.course_id,
    courseName: await courseName(deps.db, set.course_id),
    isPracticeExam: true,
    isSegmentedExam: false,
    passed: isPassed(marksObtained, totalMarks, set.pass_mark),
    passMark: set.pass_mark,
    cutMarks: null,
    marksObtained,
    totalMarks,
    negativeMarks: Number(set.negative_marks ?? 0),
    gpaFactor: null,
    gpaMarks: null,
    examMarks: marksObtained,
    marksWithGpa: null,
    totalWithGpa: null,
    correct: sum((s) => s.correct),
    incorrect: sum((s) => s.incorrect),
    skipped: sum((s) => s.skipped),
    questionTally: tallyQuestions(scores),
    rank: null,
    pendingReview: false,
    startsAt: set.started_at,
    submittedAt: set.submitted_at!,
    completionSeconds: Math.max(0, Math.floor((Date.parse(set.submitted_at!) - Date.parse(set.started_at)) / 1000)),
    examStartsAt: set.started_at,
    examEndsAt: set.deadline_at,
    duration: set.duration,
    subjectStats: [],
    answers: answerViews,
    regraded: null,
  };
  const source: MistakesSource = set.kind === 'exam' ? { source: 'exam', examId: set.exam_id!, groupId: set.group_id! } : { source: 'subject', subjectId: set.subject_id! };
  const remaining = set.kind === 'exam'
    ? (await draw(deps.db, studentId, await visibleResults(deps.db, studentId, { examId: set.exam_id!, groupId: set.group_id! }))).questions.length
    : (await draw(deps.db, studentId, await visibleResults(deps.db, studentId, {}), set.subject_id!)).questions.length;
  return { setId: set.id, result, cleared: readJson<string[]>(set.cleared, []).length, remaining, source };
}
