// The rules of mistakes practice: what counts as a mistake, the time in proportion, a right answer.
import { describe, expect, it } from 'vitest';
import { answeredRight, isMistake, mistakesDuration, MISTAKES_WORDS } from '../../src/domain/mistakes';

const score = (marks: number, total: number, answered = true, negativeMarks = 0) => ({ marks, total, answered, negativeMarks });

describe('mistakes practice rules', () => {
  it('counts skipped and not fully right self-scored questions, never written or dropped ones', () => {
    expect(isMistake('MCQ', false, score(0, 1, false))).toBe(true);
    expect(isMistake('MCQ', false, score(0, 1, true, 0.25))).toBe(true);
    expect(isMistake('MCA', false, score(0.5, 1))).toBe(true);
    expect(isMistake('checkbox', false, score(2, 2))).toBe(false);
    expect(isMistake('MCQ', true, score(0, 1, false))).toBe(false);
    expect(isMistake('shortAns', false, score(0, 3, false))).toBe(false);
    expect(isMistake('paragraph', false, score(1, 5))).toBe(false);
    expect(isMistake('MCQ', false, undefined)).toBe(true);
  });

  it('gives the duration in proportion, rounded up to whole minutes, at least 1', () => {
    expect(mistakesDuration([{ duration: 40, questions: 4, taken: 1 }])).toBe(10);
    expect(mistakesDuration([{ duration: 30, questions: 100, taken: 3 }])).toBe(1);
    expect(mistakesDuration([{ duration: 10, questions: 3, taken: 1 }])).toBe(4);
    expect(mistakesDuration([{ duration: 60, questions: 60, taken: 7 }])).toBe(7);
    expect(mistakesDuration([{ duration: 10, questions: 3, taken: 1 }, { duration: 10, questions: 3, taken: 1 }])).toBe(7);
    expect(mistakesDuration([{ duration: 10, questions: 3, taken: 0 }])).toBe(0);
  });

  it('counts a right answer only with full marks and no negative marks', () => {
    expect(answeredRight(score(1, 1))).toBe(true);
    expect(answeredRight(score(0.5, 1))).toBe(false);
    expect(answeredRight(score(0, 1, false))).toBe(false);
  });

  it('words the buttons', () => {
    expect(MISTAKES_WORDS.practise(1)).toBe('Practise my 1 mistake');
    expect(MISTAKES_WORDS.practise(3)).toBe('Practise my 3 mistakes');
    expect(MISTAKES_WORDS.practiseIn('Anatomy')).toBe('Practise my mistakes in Anatomy');
  });
});
