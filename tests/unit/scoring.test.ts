import { describe, expect, it } from 'vitest';
import {
  answerChangeAllowed, answerShapeProblem, fullMarks, gpaTotals, isAnswered, isPassed, optionLetter, responseCount, savedAnswerProblem, scoreExam, scoreQuestion, totalResponseCount,
  type ScorableQuestion,
} from '../../src/domain/scoring.js';

const mcq: ScorableQuestion = { id: 'q1', type: 'MCQ', point: 2, optionCount: 4, answer: [2] };
const checkbox: ScorableQuestion = { id: 'q2', type: 'checkbox', point: 3, optionCount: 5, answer: [0, 3] };
const mca: ScorableQuestion = { id: 'q3', type: 'MCA', point: 1, optionCount: 5, answer: ['true', 'false', 'true', 'true', 'false'] };
const shortAns: ScorableQuestion = { id: 'q4', type: 'shortAns', point: 2, optionCount: 0, answer: ['Insulin'] };
const paragraph: ScorableQuestion = { id: 'q5', type: 'paragraph', point: 5, optionCount: 0, answer: [] };

describe('scoring of each question type', () => {
  it('MCQ: the single right index earns the point; a wrong one costs the negative mark', () => {
    expect(scoreQuestion(mcq, [2], 0.5)).toMatchObject({ marks: 2, negativeMarks: 0, correct: 1, incorrect: 0, skipped: 0, answered: true });
    expect(scoreQuestion(mcq, ['2'], 0.5)).toMatchObject({ marks: 2, correct: 1 });
    expect(scoreQuestion(mcq, [1], 0.5)).toMatchObject({ marks: 0, negativeMarks: 0.5, correct: 0, incorrect: 1, answered: true });
    expect(scoreQuestion(mcq, [], 0.5)).toMatchObject({ marks: 0, negativeMarks: 0, skipped: 1, answered: false });
    expect(scoreQuestion(mcq, undefined, 0.5)).toMatchObject({ skipped: 1, answered: false });
  });

  it('checkbox: only the exact set scores; a partial or larger set is wrong', () => {
    expect(scoreQuestion(checkbox, [3, 0], 1)).toMatchObject({ marks: 3, negativeMarks: 0, correct: 1 });
    expect(scoreQuestion(checkbox, [0], 1)).toMatchObject({ marks: 0, negativeMarks: 1, incorrect: 1 });
    expect(scoreQuestion(checkbox, [0, 3, 4], 1)).toMatchObject({ marks: 0, negativeMarks: 1, incorrect: 1 });
    expect(scoreQuestion(checkbox, [], 1)).toMatchObject({ marks: 0, negativeMarks: 0, skipped: 1 });
  });

  it('MCA: each option is a share of value / option count for correct, incorrect and skipped', () => {
    // 3 right (0, 1, 2), 1 wrong (3), 1 skipped (4) of 5 options; point 1, negative mark 0.5.
    const score = scoreQuestion(mca, ['true', 'false', 'true', 'false', null], 0.5);
    expect(score).toMatchObject({ marks: 0.6, negativeMarks: 0.1, correct: 0.6, incorrect: 0.2, skipped: 0.2, answered: true });
    expect(scoreQuestion(mca, ['true', 'false', 'true', 'true', 'false'], 0.5)).toMatchObject({ marks: 1, negativeMarks: 0, correct: 1 });
    expect(scoreQuestion(mca, [true, false], 0)).toMatchObject({ marks: 0.4, correct: 0.4, skipped: 0.6 });
    expect(scoreQuestion(mca, [], 0.5)).toMatchObject({ marks: 0, skipped: 1, answered: false });
  });

  it('shortAns and paragraph wait for review and score 0; unanswered ones are skipped', () => {
    expect(scoreQuestion(shortAns, ['Insulin'], 1)).toMatchObject({ marks: 0, negativeMarks: 0, pendingReview: true, answered: true, skipped: 0 });
    expect(scoreQuestion(paragraph, [''], 1)).toMatchObject({ pendingReview: false, answered: false, skipped: 1 });
    expect(scoreQuestion(paragraph, [], 1, 1)).toMatchObject({ pendingReview: true, answered: true });
  });

  it("a teacher's marks score a written answer, counted whole (never shares), never with negative marks", () => {
    // 3 of 5: partly correct, neither a correct nor a wrong answer; its credit is its marks.
    expect(scoreQuestion(paragraph, ['The heart pumps'], 1, 0, 3)).toMatchObject({ marks: 3, negativeMarks: 0, correct: 0, incorrect: 0, skipped: 0, pendingReview: false });
    expect(scoreQuestion(paragraph, ['The heart pumps blood'], 1, 0, 5)).toMatchObject({ marks: 5, correct: 1, incorrect: 0 });
    expect(scoreQuestion(shortAns, ['Insulin'], 1, 0, 2)).toMatchObject({ marks: 2, correct: 1, incorrect: 0, pendingReview: false });
    expect(scoreQuestion(shortAns, ['Glucagon'], 1, 0, 0)).toMatchObject({ marks: 0, correct: 0, incorrect: 1, pendingReview: false });
    // Marks outside 0..point are never counted: the answer still waits for a valid mark.
    expect(scoreQuestion(shortAns, ['Insulin'], 1, 0, 2.5)).toMatchObject({ marks: 0, pendingReview: true });
    expect(scoreQuestion(shortAns, [''], 1, 0, 2)).toMatchObject({ marks: 0, skipped: 1, answered: false });
  });
});

describe('whole exam', () => {
  it('totals, negative marks and pass follow hand-computed figures', () => {
    const score = scoreExam({
      questions: [mcq, checkbox, mca, shortAns, paragraph],
      answers: { q1: [2], q2: [0], q3: ['true', 'false', 'true', 'false', null], q4: ['Glucagon'] },
      negativeMark: 0.5,
      passMark: 40,
    });
    // marks 2 + 0 + 0.6 = 2.6; negative 0.5 (checkbox) + 0.1 (MCA) = 0.6; net 2.0 of 13.
    expect(score.marksObtained).toBe(2);
    expect(score.negativeMarks).toBe(0.6);
    expect(score.totalMarks).toBe(13);
    expect(score.correct).toBe(1.6);
    expect(score.incorrect).toBe(1.2);
    expect(score.skipped).toBe(1.2);
    expect(score.passed).toBe(false);
    expect(score.pendingReview).toBe(true);
  });

  it("counts a teacher's marks and passes once the written answers are marked", () => {
    const score = scoreExam({
      questions: [mcq, shortAns, paragraph],
      answers: { q1: [2], q4: ['Insulin'], q5: ['Long answer'] },
      reviews: new Map([['q4', 2], ['q5', 2.5]]),
      negativeMark: 0.5,
      passMark: 70,
    });
    // The paragraph's 2.5 of 5 is partly correct: neither a correct nor a wrong answer.
    expect(score).toMatchObject({ marksObtained: 6.5, totalMarks: 9, correct: 2, incorrect: 0, passed: true, pendingReview: false });
  });

  it('pass is marksObtained / totalMarks x 100 at least passMark', () => {
    expect(isPassed(40, 100, 40)).toBe(true);
    expect(isPassed(39.99, 100, 40)).toBe(false);
    expect(isPassed(3, 0, 0)).toBe(false);
  });

  it('GPA total adds 5 x hsc and 5 x ssc factor', () => {
    expect(gpaTotals({ marksObtained: 50, totalMarks: 100, gpaFactor: { hsc: 2, ssc: 3 }, hscGpa: 4.5, sscGpa: 5 })).toEqual({
      gpaMarks: 24,
      examMarks: 50,
      marksWithGpa: 74,
      totalWithGpa: 125,
    });
  });

  it('response counts: MCA options each, every other question once', () => {
    const questions = [
      { type: 'MCA' as const, options: ['a', 'b', 'c', 'd', 'e'] },
      { type: 'MCQ' as const, options: ['a', 'b'] },
      { type: 'shortAns' as const, options: [] },
    ];
    expect(totalResponseCount(questions)).toBe(7);
    expect(responseCount('MCA', 5, ['true', null, 'false'])).toBe(2);
    expect(responseCount('MCQ', 2, [1])).toBe(1);
    expect(responseCount('shortAns', 0, [' '])).toBe(0);
  });
});

describe('answer rules', () => {
  it('refuses answers of the wrong shape', () => {
    expect(answerShapeProblem('MCQ', 4, [4])).not.toBeNull();
    expect(answerShapeProblem('MCQ', 4, [1, 2])).not.toBeNull();
    expect(answerShapeProblem('MCQ', 4, [3])).toBeNull();
    expect(answerShapeProblem('checkbox', 4, [1, 1])).not.toBeNull();
    expect(answerShapeProblem('MCA', 2, ['true', 'false', 'true'])).not.toBeNull();
    expect(answerShapeProblem('MCA', 3, ['maybe'])).not.toBeNull();
    expect(answerShapeProblem('MCA', 3, ['true', null, 'false'])).toBeNull();
    expect(answerShapeProblem('paragraph', 0, [3])).not.toBeNull();
  });

  it('with one submission only, an answered question keeps its answer; identical saves pass', () => {
    expect(answerChangeAllowed('MCQ', 4, [1], [2])).toBe(false);
    expect(answerChangeAllowed('MCQ', 4, [1], ['1'])).toBe(true);
    expect(answerChangeAllowed('MCQ', 4, [], [2])).toBe(true);
    expect(answerChangeAllowed('checkbox', 4, [1, 2], [2, 1])).toBe(true);
    expect(answerChangeAllowed('checkbox', 4, [1, 2], [1])).toBe(false);
    expect(answerChangeAllowed('shortAns', 0, ['a'], ['b'])).toBe(false);
  });

  it('MCA with one submission only: empty options may be filled, answered options never change', () => {
    expect(answerChangeAllowed('MCA', 3, ['true', null, null], ['true', 'false', null])).toBe(true);
    expect(answerChangeAllowed('MCA', 3, ['true', null, null], ['false', 'false', null])).toBe(false);
    expect(answerChangeAllowed('MCA', 3, ['true', null, null], [null, 'false', null])).toBe(false);
  });

  it('counts an answer as given per type', () => {
    expect(isAnswered('MCQ', 3, [null])).toBe(false);
    expect(isAnswered('checkbox', 3, [2])).toBe(true);
    expect(isAnswered('paragraph', 0, ['  '], 0)).toBe(false);
  });
});

describe('full marks of a paper', () => {
  it('adds the points, rounded as marks are', () => {
    expect(fullMarks([{ point: 0.1 }, { point: 0.2 }])).toBe(0.3);
    expect(fullMarks([])).toBe(0);
  });

  it('leaves out a dropped question, whether stored (1) or read (true), as its score gives it no full marks', () => {
    expect(fullMarks([{ point: 2, dropped: 1 }, { point: 3, dropped: 0 }, { point: 1.5, dropped: true }])).toBe(3);
    expect(fullMarks([{ ...mcq, dropped: true }, checkbox])).toBe(scoreExam({ questions: [{ ...mcq, dropped: true }, checkbox], answers: {}, negativeMark: 0, passMark: 40 }).totalMarks);
  });
});

describe('a saved answer\'s checks', () => {
  it('refuses a wrong shape with the shape\'s words', () => {
    expect(savedAnswerProblem('MCQ', 4, [0, 1])).toBe('An MCQ answer holds one option.');
    expect(savedAnswerProblem('MCQ', 4, [2])).toBeNull();
  });

  it('takes an answerIndex only for an option of an MCA question', () => {
    expect(savedAnswerProblem('MCA', 3, ['true'], 2)).toBeNull();
    expect(savedAnswerProblem('MCA', 3, ['true'], 3)).toBe('answerIndex names an option this question does not have.');
    expect(savedAnswerProblem('MCQ', 3, [1], 0)).toBe('answerIndex names an option this question does not have.');
    expect(savedAnswerProblem('MCQ', 3, [1], null)).toBeNull();
  });
});

describe('option letters', () => {
  it('names option 0 A, and an option past the letters by its number', () => {
    expect(optionLetter(0)).toBe('A');
    expect(optionLetter(10)).toBe('K');
    expect(optionLetter(11)).toBe('12');
  });
});
