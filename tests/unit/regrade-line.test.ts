// A regrade re-scores only the decided question's line of each result (server/exams/regrading.ts): the
// result's sums become old − old line + new line, and its detail has the old line replaced by the new.
// Checked here against scoring the whole paper afresh, over many generated exams: negative marking,
// MCA shares, written answers marked or waiting, key changes to one or several options, and drops.
import { describe, expect, it } from 'vitest';
import { replaceQuestionScore, scoreExam, scoreQuestion, sumsExactly, type ScorableQuestion } from '../../src/domain/scoring.js';
import { keyAfter, type KeyDecisionKind } from '../../src/domain/challenges.js';
import type { AnswerValue, QuestionType } from '../../src/contracts/exams.js';
import { seeded } from '../support/route-fuzz.js';

/** The seeded generator of the route fuzz, so a failure is the same on every run. */
function generator(seed: number) {
  const random = seeded(seed);
  return { ...random, int: (n: number) => Math.floor(random.next() * n) };
}

const TYPES: QuestionType[] = ['MCQ', 'MCQ', 'checkbox', 'MCA', 'shortAns', 'paragraph'];
const POINTS = [0.5, 1, 1, 1.25, 2, 3];
const NEGATIVE = [0, 0.25, 0.5, 0.2];

function paper(seed: number) {
  const g = generator(seed);
  const negativeMark = g.pick(NEGATIVE);
  const questions: ScorableQuestion[] = Array.from({ length: 4 + g.int(12) }, (_, i) => {
    const type = g.pick(TYPES);
    const optionCount = type === 'shortAns' || type === 'paragraph' ? 0 : 2 + g.int(4);
    const options = Array.from({ length: optionCount }, (_, o) => o);
    const answer: AnswerValue =
      type === 'MCQ' ? [g.int(optionCount)] : type === 'checkbox' ? options.filter(() => g.next() < 0.5) : type === 'MCA' ? options.map(() => (g.next() < 0.5 ? 'true' : 'false')) : ['text'];
    return { id: `q${i}`, type, point: g.pick(POINTS), optionCount, answer };
  });
  const answers = new Map<string, AnswerValue>();
  const reviews = new Map<string, number>();
  for (const q of questions) {
    if (g.next() < 0.15) continue;
    const options = Array.from({ length: q.optionCount }, (_, o) => o);
    if (q.type === 'MCQ') answers.set(q.id, [g.int(q.optionCount)]);
    if (q.type === 'checkbox') answers.set(q.id, options.filter(() => g.next() < 0.5));
    if (q.type === 'MCA') answers.set(q.id, options.map(() => g.pick(['true', 'false', null] as const)));
    if (q.type === 'shortAns' || q.type === 'paragraph') {
      answers.set(q.id, ['an answer']);
      // Most written answers are marked (quarter marks), some wait for a teacher.
      if (g.next() < 0.8) reviews.set(q.id, Math.round(g.next() * q.point * 4) / 4);
    }
  }
  return { g, negativeMark, questions, answers, reviews, passMark: g.pick([0, 40, 50]) };
}

describe('a regrade by the decided question\'s line', () => {
  it('equals scoring the whole paper afresh, for 1,000 generated papers and decisions', () => {
    let checked = 0;
    for (let seed = 1; seed <= 1000; seed += 1) {
      const { g, negativeMark, questions, answers, reviews, passMark } = paper(seed);
      const decided = questions.filter((q) => q.type === 'MCQ' || q.type === 'checkbox' || q.type === 'MCA');
      if (decided.length === 0) continue;
      const question = g.pick(decided);
      const kind: KeyDecisionKind = g.next() < 0.25 ? 'drop' : 'change';
      // MCQ: one option or several accepted; checkbox and MCA: any set.
      const options = [...new Set(Array.from({ length: 1 + g.int(question.type === 'MCQ' ? 2 : question.optionCount) }, () => g.int(question.optionCount)))];
      const key = keyAfter(question.type, question.optionCount, { answer: question.answer, accepted: null, dropped: false }, kind, options);
      const after = questions.map((q) => (q.id === question.id ? { ...q, answer: key.answer, accepted: key.accepted, dropped: key.dropped } : q));

      expect(sumsExactly(questions.map((q) => q.point), negativeMark)).toBe(true);
      const before = scoreExam({ questions, answers, reviews, negativeMark, passMark });
      const afresh = scoreExam({ questions: after, answers, reviews, negativeMark, passMark });
      const index = questions.indexOf(question);
      const old = scoreQuestion(question, answers.get(question.id), negativeMark);
      const next = scoreQuestion(after[index]!, answers.get(question.id), negativeMark);
      // The lines the regrade computes are the lines the whole scoring stores.
      expect(before.questions[index]).toEqual(old);
      expect(afresh.questions[index]).toEqual(next);

      const { questions: _b, passed: _p, pendingReview: _r, ...expected } = afresh;
      expect(replaceQuestionScore(before, old, next, passMark)).toEqual({ ...expected, passed: afresh.passed });
      // The detail with its old line replaced is the detail scored afresh, character for character.
      expect(JSON.stringify(before.questions).replace(JSON.stringify(old), JSON.stringify(next))).toBe(JSON.stringify(afresh.questions));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(750);
  });

  it('sums exactly only when every point and the negative mark are multiples of 0.0001', () => {
    expect(sumsExactly([1, 2, 0.25, 1.3333], 0.25)).toBe(true);
    expect(sumsExactly([1, 1 / 3], 0)).toBe(false);
    expect(sumsExactly([1, 2], 1 / 3)).toBe(false);
  });
});
