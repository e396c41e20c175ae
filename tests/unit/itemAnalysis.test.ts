import { describe, expect, it } from 'vitest';
import {
  analyseItems, choiceLabel, correlation, groupSizeOf, ITEM_ANALYSIS_MIN_ATTEMPTS, plainTitle,
  type AnalysedAttempt, type AnalysedQuestion, type AnalysedResponse,
} from '../../src/domain/itemAnalysis.js';
import { scoreQuestion, type ScorableQuestion } from '../../src/domain/scoring.js';
import type { AnswerValue } from '../../src/contracts/exams.js';

// The hand-computed example: 10 submitted attempts, 3 questions, no negative marking.
//   Q1 MCQ, options A-D, key A, 1 mark
//   Q2 MCQ, options A-D, key B, 1 mark (the strong students answer C: a wrong key)
//   Q3 MCA, 2 options, key [true, false], 2 marks (1 mark per option right)
//
//   student  Q1  Q2  Q3        marks Q1 Q2 Q3  total
//   s01      A   C   [T, F]          1  0  2    3
//   s02      A   C   [T, F]          1  0  2    3
//   s03      A   B   [T, F]          1  1  2    4
//   s04      A   B   [T, T]          1  1  1    3
//   s05      B   C   [T, F]          0  0  2    2
//   s06      A   D   [F, F]          1  0  1    2
//   s07      C   B   [T, -]          0  1  1    2
//   s08      B   A   [F, T]          0  0  0    0
//   s09      -   B   [F, T]          0  1  0    1
//   s10      D   A   [-, -]          0  0  0    0
//
// Ranked by total, ties by attempt id: s03 4 | s01 3, s02 3, s04 3 | s05 2, s06 2, s07 2 | s09 1 | s08 0, s10 0.
// Group size: round(0.27 x 10) = round(2.7) = 3. Upper: s03, s01, s02. Lower: s09, s08, s10.
const Q1: AnalysedQuestion = { id: 'q1', title: '<p>Q1</p>', type: 'MCQ', point: 1, optionCount: 4, key: [0] };
const Q2: AnalysedQuestion = { id: 'q2', title: 'Q2', type: 'MCQ', point: 1, optionCount: 4, key: [1] };
const Q3: AnalysedQuestion = { id: 'q3', title: 'Q3', type: 'MCA', point: 2, optionCount: 2, key: ['true', 'false'] };
const A = 0, B = 1, C = 2, D = 3;
const T = 'true', F = 'false';
const sheet: Array<[string, AnswerValue, AnswerValue, AnswerValue]> = [
  ['s01', [A], [C], [T, F]],
  ['s02', [A], [C], [T, F]],
  ['s03', [A], [B], [T, F]],
  ['s04', [A], [B], [T, T]],
  ['s05', [B], [C], [T, F]],
  ['s06', [A], [D], [F, F]],
  ['s07', [C], [B], [T, null]],
  ['s08', [B], [A], [F, T]],
  ['s09', [], [B], [F, T]],
  ['s10', [D], [A], [null, null]],
];

/** Attempts graded by the shared scoring rules, as the server grades them. */
function attemptsOf(questions: AnalysedQuestion[], rows: Array<[string, ...AnswerValue[]]>, negativeMark = 0): AnalysedAttempt[] {
  return rows.map(([id, ...answers]) => {
    const responses = new Map<string, AnalysedResponse>();
    let total = 0;
    questions.forEach((question, i) => {
      const answer = answers[i];
      if (answer === undefined) return; // not served
      const scorable: ScorableQuestion = {
        id: question.id, type: question.type, point: question.point, optionCount: question.optionCount, answer: question.key, accepted: question.accepted, dropped: question.dropped,
      };
      const score = scoreQuestion(scorable, answer, negativeMark);
      responses.set(question.id, { answer, marks: score.marks, negativeMarks: score.negativeMarks });
      total += score.marks - score.negativeMarks;
    });
    return { id, total, responses };
  });
}

describe('item analysis of the hand-computed example', () => {
  const result = analyseItems([Q1, Q2, Q3], attemptsOf([Q1, Q2, Q3], sheet));
  const [q1, q2, q3] = result.questions;

  it('groups: 3 attempts each (27 % of 10, rounded)', () => {
    expect(result.attempts).toBe(10);
    expect(result.groupSize).toBe(3);
  });

  it('Q1: a good question', () => {
    // Facility: s01 s02 s03 s04 s06 right = 5 / 10 = 0.5.
    // Upper s03 s01 s02: 3/3 = 1; lower s09 s08 s10: 0/3 = 0; discrimination 1 - 0 = 1.
    // Point-biserial, x = score, y = total - Q1 marks (rest):
    //   x = 1 1 1 1 0 1 0 0 0 0 (mean 0.5); y = 2 2 3 2 2 1 2 0 1 0 (mean 1.5)
    //   Sxy = 0.5 x (0.5+0.5+1.5+0.5-0.5) - 0.5 x (0.5+0.5-1.5-0.5-1.5) = 1.25 + 1.25 = 2.5
    //   Sxx = 10 x 0.25 = 2.5; Syy = 7 x 0.25 + 3 x 2.25 = 8.5
    //   r = 2.5 / sqrt(2.5 x 8.5) = 2.5 / 4.60977 = 0.5423
    expect(q1).toMatchObject({ number: 1, title: '<p>Q1</p>', attempts: 10, facility: 0.5, upperFacility: 1, lowerFacility: 0, discrimination: 1, pointBiserial: 0.5423, flags: [] });
    // Choices: A by s01-s04, s06; B by s05, s08; C by s07; D by s10; no answer s09.
    expect(q1!.choices).toEqual([
      { option: 0, response: 'chosen', key: true, upper: 3, lower: 0, all: 5 },
      { option: 1, response: 'chosen', key: false, upper: 0, lower: 1, all: 2 },
      { option: 2, response: 'chosen', key: false, upper: 0, lower: 0, all: 1 },
      { option: 3, response: 'chosen', key: false, upper: 0, lower: 1, all: 1 },
      { option: null, response: 'blank', key: false, upper: 0, lower: 1, all: 1 },
    ]);
  });

  it('Q2: near-zero discrimination and a key possibly wrong', () => {
    // Facility: s03 s04 s07 s09 right = 4 / 10 = 0.4.
    // Upper: s03 right = 1/3; lower: s09 right = 1/3; discrimination 0: near zero.
    // Upper group: C chosen by s01, s02 (2) over the key B by s03 (1): key possibly wrong.
    // Point-biserial: x = 0 0 1 1 0 0 1 0 1 0 (mean 0.4); y = rest = 3 3 3 2 2 2 1 0 0 0 (mean 1.6)
    //   Sxy = 0.6 x (1.4+0.4-0.6-1.6) - 0.4 x (1.4+1.4+0.4+0.4-1.6-1.6) = -0.24 - 0.16 = -0.4
    //   Sxx = 4 x 0.36 + 6 x 0.16 = 2.4; Syy = 3 x 1.96 + 3 x 0.16 + 0.36 + 3 x 2.56 = 14.4
    //   r = -0.4 / sqrt(34.56) = -0.4 / 5.87878 = -0.0680
    expect(q2).toMatchObject({ facility: 0.4, upperFacility: 0.3333, lowerFacility: 0.3333, discrimination: 0, pointBiserial: -0.068 });
    expect(q2!.flags).toEqual(['nearZeroDiscrimination', 'keyPossiblyWrong']);
    expect(q2!.choices.map((c) => [choiceLabel(c), c.upper, c.lower, c.all])).toEqual([
      ['A', 0, 2, 2], ['B', 1, 1, 4], ['C', 2, 0, 3], ['D', 0, 0, 1], ['No answer', 0, 0, 0],
    ]);
  });

  it('Q3 (MCA): facility is mean marks / marks, choices per option and value', () => {
    // Scores (marks / 2): 1 1 1 .5 1 .5 .5 0 0 0 = 5.5 / 10 = 0.55.
    // Upper: 1 1 1 = 1; lower: 0 0 0 = 0; discrimination 1.
    // Point-biserial: x as above (mean 0.55); y = total - Q3 marks = 1 1 2 2 0 1 1 0 1 0 (mean 0.9)
    //   dx = .45 .45 .45 -.05 .45 -.05 -.05 -.55 -.55 -.55; dy = .1 .1 1.1 1.1 -.9 .1 .1 -.9 .1 -.9
    //   Sxy = .045+.045+.495-.055-.405-.005-.005+.495-.055+.495 = 1.05
    //   Sxx = 4 x .2025 + 3 x .0025 + 3 x .3025 = 1.725; Syy = 5 x .01 + 2 x 1.21 + 3 x .81 = 4.9
    //   r = 1.05 / sqrt(8.4525) = 1.05 / 2.90732 = 0.3612
    expect(q3).toMatchObject({ facility: 0.55, upperFacility: 1, lowerFacility: 0, discrimination: 1, pointBiserial: 0.3612, flags: [] });
    // Option A true: s01-s05, s07 (6; upper 3); false: s06, s08, s09 (3; lower s08 s09).
    // Option B true: s04, s08, s09 (3; lower s08 s09); false: s01 s02 s03 s05 s06 (5; upper 3).
    expect(q3!.choices.map((c) => [choiceLabel(c), c.key, c.upper, c.lower, c.all])).toEqual([
      ['A true', true, 3, 0, 6], ['A false', false, 0, 2, 3], ['B true', false, 0, 2, 3], ['B false', true, 3, 0, 5],
    ]);
  });
});

describe('item analysis after a key decision (the same sheet, scored again)', () => {
  it('Q1 accepting A and B: both are keys, and B earns its mark', () => {
    // Q1 accepts A and B: s05 and s08 (B) now earn its mark.
    //   totals: s01 3, s02 3, s03 4, s04 3, s05 3, s06 2, s07 2, s08 1, s09 1, s10 0
    //   ranked: s03 | s01 s02 s04 s05 | s06 s07 | s08 s09 | s10; upper s03 s01 s02, lower s08 s09 s10.
    // Facility: s01-s06, s08 right = 7 / 10 = 0.7. Upper 3/3 = 1; lower s08 right = 1/3; D = 0.6667.
    // Point-biserial: x = 1 1 1 1 1 1 0 1 0 0 (mean 0.7); y = rest = 2 2 3 2 2 1 2 0 1 0 (mean 1.5)
    //   Sxy = 0.3 x (.5+.5+1.5+.5+.5-.5-1.5) - 0.7 x (.5-.5-1.5) = 0.45 + 1.05 = 1.5
    //   Sxx = 7 x 0.09 + 3 x 0.49 = 2.1; Syy = 7 x 0.25 + 3 x 2.25 = 8.5
    //   r = 1.5 / sqrt(17.85) = 1.5 / 4.22493 = 0.3550
    const both: AnalysedQuestion = { ...Q1, accepted: [A, B] };
    const [q1] = analyseItems([both, Q2, Q3], attemptsOf([both, Q2, Q3], sheet)).questions;
    expect(q1).toMatchObject({ dropped: false, facility: 0.7, upperFacility: 1, lowerFacility: 0.3333, discrimination: 0.6667, pointBiserial: 0.355, flags: [] });
    expect(q1!.choices.map((c) => [choiceLabel(c), c.key, c.upper, c.lower, c.all])).toEqual([
      ['A', true, 3, 0, 5], ['B', true, 0, 1, 2], ['C', false, 0, 0, 1], ['D', false, 0, 1, 1], ['No answer', false, 0, 1, 1],
    ]);
  });

  it('Q2 accepting B and C: the upper group\'s C is a key now, so the key is no longer suspect', () => {
    // Q2 accepts B and C: s01 s02 s05 (C) now earn its mark.
    //   totals: s01 4, s02 4, s03 4, s04 3, s05 3, s06 2, s07 2, s08 0, s09 1, s10 0
    //   upper s01 s02 s03, lower s09 s08 s10.
    // Facility: all but s06 s08 s10 = 7 / 10 = 0.7. Upper 3/3 = 1; lower s09 = 1/3; D = 0.6667.
    // Upper group: C 2 and B 1, both keys; distractors A and D 0: no flag.
    const twoKeys: AnalysedQuestion = { ...Q2, accepted: [B, C] };
    const [, q2] = analyseItems([Q1, twoKeys, Q3], attemptsOf([Q1, twoKeys, Q3], sheet)).questions;
    expect(q2).toMatchObject({ facility: 0.7, upperFacility: 1, lowerFacility: 0.3333, discrimination: 0.6667, flags: [] });
    expect(q2!.choices.map((c) => [choiceLabel(c), c.key, c.upper, c.lower, c.all])).toEqual([
      ['A', false, 0, 2, 2], ['B', true, 1, 1, 4], ['C', true, 2, 0, 3], ['D', false, 0, 0, 1], ['No answer', false, 0, 0, 0],
    ]);
  });

  it('a dropped question is shown as dropped: no figures, no flags, its responses still counted', () => {
    // Q2 dropped: it scores nothing. Totals from Q1 and Q3: s01 3, s02 3, s03 3, s04 2, s05 2, s06 2,
    // s07 1, s08 0, s09 0, s10 0; upper s01 s02 s03 (C C B), lower s08 s09 s10 (A B A).
    const dropped: AnalysedQuestion = { ...Q2, dropped: true };
    const [, q2] = analyseItems([Q1, dropped, Q3], attemptsOf([Q1, dropped, Q3], sheet)).questions;
    expect(q2).toMatchObject({ dropped: true, attempts: 10, facility: null, upperFacility: null, lowerFacility: null, discrimination: null, pointBiserial: null, flags: [] });
    expect(q2!.choices.map((c) => [choiceLabel(c), c.key, c.upper, c.lower, c.all])).toEqual([
      ['A', false, 0, 2, 2], ['B', true, 1, 1, 4], ['C', false, 2, 0, 3], ['D', false, 0, 0, 1], ['No answer', false, 0, 0, 0],
    ]);
  });
});

describe('item analysis rules', () => {
  const ids = Array.from({ length: 10 }, (_, i) => `s${String(i + 1).padStart(2, '0')}`);

  it('needs 10 submitted attempts', () => {
    expect(ITEM_ANALYSIS_MIN_ATTEMPTS).toBe(10);
    const nine = attemptsOf([Q1], ids.slice(0, 9).map((id) => [id, [A]]));
    expect(analyseItems([Q1], nine)).toEqual({ attempts: 9, groupSize: 0, questions: [] });
  });

  it('group size is 27 % rounded, at least 1 and at most half', () => {
    expect([2, 3, 10, 11, 100, 1000].map(groupSizeOf)).toEqual([1, 1, 3, 3, 27, 270]);
  });

  it('a question everyone got right, and one no one did, are flagged as such (not as near zero)', () => {
    const everyone: AnalysedQuestion = { ...Q1, id: 'all' };
    const noOne: AnalysedQuestion = { ...Q1, id: 'none', key: [D] };
    const result = analyseItems([Q2, everyone, noOne], attemptsOf([Q2, everyone, noOne], sheet.map(([id, , q2]) => [id, q2, [A], [A]])));
    expect(result.questions[1]).toMatchObject({ facility: 1, discrimination: 0, pointBiserial: null, flags: ['allCorrect'] });
    // Everyone chose A against the key D: that is also a key worth checking.
    expect(result.questions[2]).toMatchObject({ facility: 0, discrimination: 0, pointBiserial: null, flags: ['keyPossiblyWrong', 'noneCorrect'] });
  });

  it('negative discrimination: the weaker students do better', () => {
    // A 0.1-mark question right exactly for those wrong on Q1: the totals keep their order (upper
    // s03 s01 s02, all right on Q1; lower s09 1.1, s08 0.1, s10 0.1, all wrong on Q1): D = 0 - 1 = -1.
    const reversed: AnalysedQuestion = { ...Q1, id: 'rev', point: 0.1, key: [B] };
    const rows = sheet.map(([id, q1, q2, q3]): [string, ...AnswerValue[]] => [id, q1, q2, q3, q1[0] === A ? [A] : [B]]);
    const result = analyseItems([Q1, Q2, Q3, reversed], attemptsOf([Q1, Q2, Q3, reversed], rows));
    expect(result.questions[3]).toMatchObject({ upperFacility: 0, lowerFacility: 1, discrimination: -1 });
    // The upper group all chose A over the key B, so the key is worth checking too.
    expect(result.questions[3]!.flags).toEqual(['negativeDiscrimination', 'keyPossiblyWrong']);
    expect(result.questions[3]!.pointBiserial).toBeLessThan(0);
  });

  it('checkbox: an option outside the key chosen by more of the upper group than a keyed option', () => {
    const box: AnalysedQuestion = { id: 'box', title: 'Box', type: 'checkbox', point: 1, optionCount: 3, key: [0, 1] };
    // Totals come from Q1 (upper s03 s01 s02 all right on Q1); the upper group picks [0, 2] twice and [0, 1] once.
    const answers: Record<string, AnswerValue> = { s01: [0, 2], s02: [0, 2], s03: [0, 1] };
    const rows = sheet.map(([id, q1]): [string, AnswerValue, AnswerValue] => [id, q1, answers[id] ?? []]);
    const result = analyseItems([Q1, box], attemptsOf([Q1, box], rows));
    const choices = result.questions[1]!.choices;
    expect(choices.map((c) => [choiceLabel(c), c.key, c.upper])).toEqual([['A', true, 3], ['B', true, 1], ['C', false, 2], ['No answer', false, 0]]);
    expect(result.questions[1]!.flags).toContain('keyPossiblyWrong');
  });

  it('written answers: facility is the mean of the marks given over the marks', () => {
    const essay: AnalysedQuestion = { id: 'essay', title: 'Essay', type: 'paragraph', point: 4, optionCount: 0, key: [] };
    // Marks 4 3 2 1 0 0 0 0 0 0 of 4 → scores 1 .75 .5 .25 0 ... → facility 2.5 / 10 = 0.25.
    const attempts: AnalysedAttempt[] = ids.map((id, i) => {
      const marks = Math.max(0, 4 - i);
      // s05 answered with a photo alone (0 marks): answered, not "No answer".
      return { id, total: marks, responses: new Map([['essay', { answer: marks > 0 ? ['text'] : [], attachments: i === 4 ? 1 : 0, marks, negativeMarks: 0 }]]) };
    });
    const [stats] = analyseItems([essay], attempts).questions;
    // Only the question itself makes the total: the rest is 0 for everyone, so no correlation.
    expect(stats).toMatchObject({ facility: 0.25, upperFacility: 0.75, lowerFacility: 0, discrimination: 0.75, pointBiserial: null });
    // No answer: s06-s10 (5); the lower group s08 s09 s10 (ties at 0 by id).
    expect(stats!.choices).toEqual([{ option: null, response: 'blank', key: false, upper: 0, lower: 3, all: 5 }]);
  });

  it('a question not served to some attempts (segmented exams) counts only those it was served to', () => {
    const other: AnalysedQuestion = { ...Q1, id: 'other' };
    const rows = sheet.map(([id, q1], i): [string, ...AnswerValue[]] => (i < 5 ? [id, q1, [A]] : [id, q1]));
    const [, stats] = analyseItems([Q1, other], attemptsOf([Q1, other], rows)).questions;
    expect(stats).toMatchObject({ attempts: 5, facility: 1, lowerFacility: null, discrimination: null });
  });

  it('correlation is null without variance; plain titles lose their markup', () => {
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(correlation([0, 1], [0, 2])).toBeCloseTo(1);
    expect(plainTitle('<p>Which &amp; why?&nbsp;<b>x</b> &lt; y</p>')).toBe('Which & why? x < y');
  });
});
