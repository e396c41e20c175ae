import { describe, expect, it } from 'vitest';
import {
  applyOptionalRule, initialSelection, optionalSubjectsVisible, selectedSubjectIds, selectionHints, toggleSubject, validateSelection,
} from '../../src/domain/segmentedSelection.js';
import type { SegmentedExamDetails } from '../../src/contracts/exams.js';

const details: SegmentedExamDetails = {
  mandatorySubjects: [{ subjectId: 'anatomy', count: 3 }],
  compulsoryOptionalSubjects: [
    { subjectId: 'physiology', count: 2 },
    { subjectId: 'biochemistry', count: 2 },
  ],
  optionalSubjects: [{ subjectId: 'pharmacology', count: 2 }],
  totalSubjects: 3,
  totalQuestions: 7,
  minimumCompulsoryOptionalSubjects: 1,
};

describe('segmented subject selection', () => {
  it('starts with the mandatory subjects selected; they cannot be toggled off', () => {
    const start = initialSelection(details);
    expect(start.mandatorySubjects).toEqual([{ subjectId: 'anatomy', count: 3 }]);
    expect(toggleSubject(details, start, 'mandatorySubjects', 'anatomy')).toBe(start);
  });

  it('refuses too few compulsory optional subjects with the spec message', () => {
    const check = validateSelection(details, { ...initialSelection(details), optionalSubjects: [{ subjectId: 'pharmacology', count: 2 }] });
    expect(check).toEqual({ ok: false, message: 'You must select at least 1 compulsory optional subject(s).' });
  });

  it('refuses a wrong subject total, then a wrong question count, with the spec messages', () => {
    const one = toggleSubject(details, initialSelection(details), 'compulsoryOptionalSubjects', 'physiology');
    expect(validateSelection(details, one)).toEqual({ ok: false, message: 'You must select subjects to meet the total of 3 subjects.' });
    const detailsWithEight = { ...details, totalQuestions: 8 };
    const two = toggleSubject(details, one, 'optionalSubjects', 'pharmacology');
    expect(validateSelection(detailsWithEight, two)).toEqual({ ok: false, message: 'You must select subjects to make question count 8.' });
    expect(selectionHints(detailsWithEight, two)).toEqual(['You must select subjects to make question count 8.']);
  });

  it('accepts a valid selection with the counts taken from the exam, not from the client', () => {
    const check = validateSelection(details, {
      mandatorySubjects: [{ subjectId: 'anatomy', count: 99 }],
      compulsoryOptionalSubjects: [{ subjectId: 'physiology', count: 0 }],
      optionalSubjects: [{ subjectId: 'pharmacology', count: 0 }],
    });
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.selection.mandatorySubjects[0]!.count).toBe(3);
      expect(selectedSubjectIds(check.selection)).toEqual(['anatomy', 'physiology', 'pharmacology']);
    }
  });

  it('refuses unknown, misplaced or repeated subjects and a missing mandatory subject', () => {
    expect(validateSelection(details, { mandatorySubjects: [], compulsoryOptionalSubjects: [{ subjectId: 'physiology', count: 2 }], optionalSubjects: [] }).ok).toBe(false);
    expect(validateSelection(details, { ...initialSelection(details), optionalSubjects: [{ subjectId: 'physiology', count: 2 }] }).ok).toBe(false);
    expect(validateSelection(details, { ...initialSelection(details), compulsoryOptionalSubjects: [{ subjectId: 'nope', count: 2 }] }).ok).toBe(false);
    expect(
      validateSelection(details, {
        ...initialSelection(details),
        compulsoryOptionalSubjects: [
          { subjectId: 'physiology', count: 2 },
          { subjectId: 'physiology', count: 2 },
        ],
      }).ok,
    ).toBe(false);
  });

  it('optional subjects show only below the total and are cleared on reaching it', () => {
    let selection = toggleSubject(details, initialSelection(details), 'compulsoryOptionalSubjects', 'physiology');
    selection = toggleSubject(details, selection, 'optionalSubjects', 'pharmacology');
    expect(optionalSubjectsVisible(details, selection)).toBe(true);
    selection = toggleSubject(details, selection, 'compulsoryOptionalSubjects', 'biochemistry');
    expect(optionalSubjectsVisible(details, selection)).toBe(false);
    expect(selection.optionalSubjects).toEqual([]);
    expect(applyOptionalRule(details, selection)).toEqual(selection);
    expect(validateSelection(details, selection).ok).toBe(true);
  });
});
