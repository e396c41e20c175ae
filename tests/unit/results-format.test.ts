import { describe, expect, it } from 'vitest';
import { formatChartDate, formatResultDate } from '../../src/domain/academyTime';
import { formatMarks, formatMerit, formatScoreboardMarks, passMarks } from '../../src/domain/results';
import { resultPath } from '../../src/views/results/resultNavigation';

describe('results figures', () => {
  it('writes marks with at most two decimals, and Not given without a rank', () => {
    expect(formatMarks(12.5)).toBe('12.5');
    expect(formatMarks(7)).toBe('7');
    expect(formatMarks(2 / 3)).toBe('0.67');
    expect(formatMarks(-0.25)).toBe('-0.25');
    expect(formatMarks(null)).toBe('–');
    expect(formatMerit(null)).toBe('Not given');
    expect(formatMerit(2)).toBe('2');
    expect(passMarks(40, 33)).toBe(13.2);
  });

  it('writes every scoreboard figure with 2 decimals', () => {
    expect(formatScoreboardMarks(9)).toBe('9.00');
    expect(formatScoreboardMarks(12.5)).toBe('12.50');
    expect(formatScoreboardMarks(2 / 3)).toBe('0.67');
    expect(formatScoreboardMarks(-0.25)).toBe('-0.25');
    expect(formatScoreboardMarks(-0)).toBe('0.00');
    expect(formatScoreboardMarks(0.1 + 0.2)).toBe('0.30');
    expect(formatScoreboardMarks(null)).toBe('–');
  });

  it("dates results on the academy's clock", () => {
    // 20:30 UTC on 31 Dec is already 1 Jan in Dhaka.
    expect(formatResultDate('2025-12-31T20:30:00Z', 'Asia/Dhaka')).toBe('01 Jan 2026');
    expect(formatChartDate('2025-12-31T20:30:00Z', 'Asia/Dhaka')).toBe('01 Jan');
    expect(formatResultDate(null)).toBe('');
  });

  it('opens a result only with its exam and group', () => {
    expect(resultPath('e1', 'g1')).toBe('/result/e1/g1');
    expect(resultPath('e1', '')).toBeNull();
    expect(resultPath('e1', null)).toBeNull();
    expect(resultPath(undefined, 'g1')).toBeNull();
  });
});
