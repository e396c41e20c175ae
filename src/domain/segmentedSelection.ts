// Subject selection of a segmented exam (spec sections 3 and 5). Pure: the app validates and shows
// hints with it, and the server refuses the same invalid selections with the same messages.
import type { SegmentedExamDetails, SegmentedSelection } from '../contracts/exams';

export type SubjectGroup = 'mandatorySubjects' | 'compulsoryOptionalSubjects' | 'optionalSubjects';

export const SUBJECT_GROUPS: readonly SubjectGroup[] = ['mandatorySubjects', 'compulsoryOptionalSubjects', 'optionalSubjects'];

export type SelectionCheck = { ok: true; selection: SegmentedSelection } | { ok: false; message: string };

const segmentedMessages = {
  minimumCompulsory: (n: number) => `You must select at least ${n} compulsory optional subject(s).`,
  totalSubjects: (n: number) => `You must select subjects to meet the total of ${n} subjects.`,
  totalQuestions: (n: number) => `You must select subjects to make question count ${n}.`,
  unknownSubject: 'A selected subject is not offered in this exam.',
  mandatoryMissing: 'All mandatory subjects must be selected.',
  duplicateSubject: 'A subject is selected twice.',
} as const;

/** The starting selection: every mandatory subject selected, nothing else. */
export function initialSelection(details: SegmentedExamDetails): SegmentedSelection {
  return { mandatorySubjects: details.mandatorySubjects.map((s) => ({ ...s })), compulsoryOptionalSubjects: [], optionalSubjects: [] };
}

function selectedSubjectCount(selection: SegmentedSelection): number {
  return selection.mandatorySubjects.length + selection.compulsoryOptionalSubjects.length + selection.optionalSubjects.length;
}

function selectedQuestionCount(selection: SegmentedSelection): number {
  return SUBJECT_GROUPS.reduce((total, group) => total + selection[group].reduce((sum, s) => sum + s.count, 0), 0);
}

/** Optional subjects show only while mandatory plus compulsory-optional selections are fewer than totalSubjects. */
export function optionalSubjectsVisible(details: SegmentedExamDetails, selection: SegmentedSelection): boolean {
  return selection.mandatorySubjects.length + selection.compulsoryOptionalSubjects.length < details.totalSubjects;
}

/** On reaching the total with mandatory plus compulsory-optional subjects, optional selections are cleared. */
export function applyOptionalRule(details: SegmentedExamDetails, selection: SegmentedSelection): SegmentedSelection {
  return optionalSubjectsVisible(details, selection) ? selection : { ...selection, optionalSubjects: [] };
}

export function isSelected(selection: SegmentedSelection, group: SubjectGroup, subjectId: string): boolean {
  return selection[group].some((s) => s.subjectId === subjectId);
}

/**
 * Toggles a compulsory-optional or optional subject (mandatory subjects are always selected and
 * cannot be toggled), then applies the optional-visibility rule.
 */
export function toggleSubject(details: SegmentedExamDetails, selection: SegmentedSelection, group: SubjectGroup, subjectId: string): SegmentedSelection {
  if (group === 'mandatorySubjects') return selection;
  const offered = details[group].find((s) => s.subjectId === subjectId);
  if (!offered) return selection;
  const next = isSelected(selection, group, subjectId)
    ? selection[group].filter((s) => s.subjectId !== subjectId)
    : [...selection[group], { ...offered }];
  return applyOptionalRule(details, { ...selection, [group]: next });
}

/**
 * Live hints shown in red under the selection, in the order the checks run; empty when valid.
 */
export function selectionHints(details: SegmentedExamDetails, selection: SegmentedSelection): string[] {
  const hints: string[] = [];
  if (selection.compulsoryOptionalSubjects.length < details.minimumCompulsoryOptionalSubjects) {
    hints.push(segmentedMessages.minimumCompulsory(details.minimumCompulsoryOptionalSubjects));
  }
  if (selectedSubjectCount(selection) !== details.totalSubjects) hints.push(segmentedMessages.totalSubjects(details.totalSubjects));
  if (selectedQuestionCount(selection) !== details.totalQuestions) hints.push(segmentedMessages.totalQuestions(details.totalQuestions));
  return hints;
}

/**
 * Validates a submitted selection against the exam's details. Subjects are matched by id in their
 * own group and the counts are taken from the details (a client cannot raise a count); the result
 * carries the normalised selection to store. Checks run in the spec's order: minimum compulsory
 * optional subjects, total subjects, total questions.
 */
export function validateSelection(details: SegmentedExamDetails, selection: SegmentedSelection): SelectionCheck {
  const normalised: SegmentedSelection = { mandatorySubjects: [], compulsoryOptionalSubjects: [], optionalSubjects: [] };
  const seen = new Set<string>();
  for (const group of SUBJECT_GROUPS) {
    for (const chosen of selection[group]) {
      const offered = details[group].find((s) => s.subjectId === chosen.subjectId);
      if (!offered) return { ok: false, message: segmentedMessages.unknownSubject };
      if (seen.has(chosen.subjectId)) return { ok: false, message: segmentedMessages.duplicateSubject };
      seen.add(chosen.subjectId);
      normalised[group].push({ ...offered });
    }
  }
  if (details.mandatorySubjects.some((m) => !isSelected(normalised, 'mandatorySubjects', m.subjectId))) {
    return { ok: false, message: segmentedMessages.mandatoryMissing };
  }
  const [first] = selectionHints(details, normalised);
  if (first !== undefined) return { ok: false, message: first };
  return { ok: true, selection: normalised };
}

/** Subject ids of a selection, in group order; these subjects' questions make up the exam. */
export function selectedSubjectIds(selection: SegmentedSelection): string[] {
  return SUBJECT_GROUPS.flatMap((group) => selection[group].map((s) => s.subjectId));
}
