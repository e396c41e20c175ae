// The desk's results fixture: the item analysis fixture (twelve students sat a finished live exam of
// one batch, here with negative marks) with Bengali names for three of them, a teacher of another course only, and an admin.
import { OTHER_COURSE } from './exams-fixture.js';
import { ANALYSED, itemAnalysisBundle } from './item-analysis-fixture.js';

export const OTHER_TEACHER = 'de0000000000000000000002';
export const RESULTS_ADMIN = 'de0000000000000000000003';
export const PUPIL = (i: number) => `d2000000000000000000000${i.toString(16)}`;
/** Names that must survive the JSON answer, the CSV and the XLSX sheet. */
export const BENGALI_NAMES: Record<number, string> = { 0: 'আয়েশা সিদ্দিকা', 3: 'মোহাম্মদ রহিম উদ্দিন', 8: 'ফাতেমা-তুজ-জোহরা, "রুমা"' };

export function staffResultsBundle() {
  const base = itemAnalysisBundle();
  return {
    ...base,
    staff: [
      ...base.staff,
      { id: OTHER_TEACHER, name: 'Dr. Elsewhere', username: 'elsewhere@academy.test', role: 'teacher', password: 'elsewhere-pass-2026', courseIds: [OTHER_COURSE] },
      { id: RESULTS_ADMIN, name: 'Office', username: 'office@academy.test', role: 'admin', password: 'office-pass-2026' },
    ],
    // Negative marking, so the list's marks are after negative marks as the result's are.
    exams: base.exams.map((exam) => (exam.id === ANALYSED ? { ...exam, negativeMark: 0.5 } : exam)),
    students: base.students.map((student) => {
      const index = Object.keys(BENGALI_NAMES).map(Number).find((i) => PUPIL(i) === student.id);
      return index === undefined ? student : { ...student, name: BENGALI_NAMES[index]! };
    }),
  };
}
