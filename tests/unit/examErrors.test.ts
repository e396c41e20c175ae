import { describe, expect, it } from 'vitest';
import { meansExamRemoved } from '../../src/domain/examErrors';

describe('reading exam refusals', () => {
  it('treats the server code examRemoved as removal whatever the status', () => {
    expect(meansExamRemoved({ status: 403, code: 'examRemoved' })).toBe(true);
    expect(meansExamRemoved({ status: 404, code: 'examRemoved' })).toBe(true);
  });

  it('treats other 403 and 404 answers as removal, as the spec reads them', () => {
    expect(meansExamRemoved({ status: 403 })).toBe(true);
    expect(meansExamRemoved({ status: 404, code: 'examNotFound' })).toBe(true);
  });

  it('does not call an exam removed when it has only not started yet or cannot be retaken', () => {
    expect(meansExamRemoved({ status: 403, code: 'examNotStarted' })).toBe(false);
    expect(meansExamRemoved({ status: 403, code: 'retakeNotAllowed' })).toBe(false);
  });

  it('does not call other failures removal', () => {
    expect(meansExamRemoved({ status: 409, code: 'examTimeOver' })).toBe(false);
    expect(meansExamRemoved({ status: 0 })).toBe(false);
    expect(meansExamRemoved({})).toBe(false);
  });
});
