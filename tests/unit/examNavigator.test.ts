import { describe, expect, it } from 'vitest';
import { answerTruth, cellLabel, deliveryLine, navigatorCells } from '../../src/domain/examNavigator';

const sent = { delivered: true, count: 1 };
const onPhone = { delivered: false, count: 1 };
const cleared = { delivered: true, count: 0 };

describe('the exam navigator', () => {
  it("tells each answer's truth: a draft first, then sent, on this phone, or not answered", () => {
    expect(answerTruth(sent, false)).toBe('sent');
    expect(answerTruth(onPhone, false)).toBe('phone');
    expect(answerTruth(undefined, false)).toBe('none');
    expect(answerTruth(cleared, false)).toBe('none');
    expect(answerTruth(undefined, true)).toBe('draft');
    // A changed text not given yet beside an answer already sent: the box shows the draft.
    expect(answerTruth(sent, true)).toBe('draft');
  });

  it('numbers the cells in paper order with their flags and reads them out in words', () => {
    const cells = navigatorCells(['a', 'b', 'c', 'd'], { a: sent, b: onPhone }, new Set(['c']), new Set(['b', 'd']));
    expect(cells.map((cell) => [cell.number, cell.truth, cell.flagged])).toEqual([
      [1, 'sent', false],
      [2, 'phone', true],
      [3, 'draft', false],
      [4, 'none', true],
    ]);
    expect(cellLabel(cells[0]!)).toBe('Question 1: sent');
    expect(cellLabel(cells[1]!)).toBe('Question 2: on this phone, flagged for review');
  });

  it('says before Submit where the given answers are', () => {
    expect(deliveryLine({})).toBeNull();
    expect(deliveryLine({ a: cleared })).toBeNull();
    expect(deliveryLine({ a: sent })).toBe('Your answer is on the server');
    const eight = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`q${i}`, sent]));
    expect(deliveryLine({ ...eight, z: cleared })).toBe('All 8 answers are on the server');
    expect(deliveryLine({ ...eight, q1: onPhone, q2: onPhone })).toBe('2 answers are still on this phone: they will be sent first');
    expect(deliveryLine({ ...eight, q1: onPhone })).toBe('1 answer is still on this phone: it will be sent first');
  });
});
