import { describe, expect, it } from 'vitest';
import { problemPlace } from '../../src/domain/importFiles.js';

describe("an import problem's place", () => {
  it('names the file, sheet, row and column it came from', () => {
    expect(problemPlace({ file: 'students.xlsx', sheet: 'Students', row: 4, column: 'C (phone)', field: '/students/2/phone' })).toBe('students.xlsx, sheet Students, row 4, column C (phone)');
    expect(problemPlace({ file: 'exam.csv', row: 12, field: '/exams/0/questions/9/answer' })).toBe('exam.csv, row 12');
  });

  it('names the field where no row places it, and nothing for the whole bundle', () => {
    expect(problemPlace({ file: 'academy.json', field: '/courses/0/id' })).toBe('academy.json, /courses/0/id');
    expect(problemPlace({ field: '/' })).toBe('');
  });
});
