// The spec's exam start filters (§3): the candidate's category, faculty and subject, asked once before a
// live exam and stored on the device (exam_candidateCategory, exam_faculty, exam_subject); the submit
// sends them and the merit list ranks within each. The categories and faculties are the spec's; each
// faculty's subjects come from the academy (the bundle's `faculties`), with 'No Subject' always offered.

export const CANDIDATE_CATEGORIES = ['Govt.', 'Non-Govt.', 'AMC', 'Others'] as const;
export const FACULTY_NAMES = [
  'Medicine',
  'Surgery',
  'Obstetrics and Gynaecology',
  'Paediatrics',
  'Basic Science',
  'Dental Science MD faculty',
  'Dental Science MS faculty',
  'No faculty',
] as const;
export const NO_FACULTY = 'No faculty';
export const NO_SUBJECT = 'No Subject';

export interface Faculty {
  name: string;
  /** The faculty's subjects, 'No Subject' last. */
  subjects: string[];
}

export interface StartFilters {
  candidateCategory: string;
  facultyName: string;
  subjectName: string;
}

/** Every faculty in the spec's order with the academy's subjects of each, and 'No Subject' after them. */
export function facultiesWithSubjects(academyLists: ReadonlyMap<string, readonly string[]>): Faculty[] {
  return FACULTY_NAMES.map((name) => ({
    name,
    subjects: [...(name === NO_FACULTY ? [] : (academyLists.get(name) ?? []).filter((s) => s !== NO_SUBJECT)), NO_SUBJECT],
  }));
}

/** What is wrong with a choice of the three, or null when all three are known and fit together. */
export function startFiltersProblem(filters: StartFilters, faculties: readonly Faculty[]): string | null {
  if (!(CANDIDATE_CATEGORIES as readonly string[]).includes(filters.candidateCategory)) return `The candidate category must be one of ${CANDIDATE_CATEGORIES.join(', ')}.`;
  const faculty = faculties.find((f) => f.name === filters.facultyName);
  if (!faculty) return `The faculty must be one of ${faculties.map((f) => f.name).join(', ')}.`;
  if (!faculty.subjects.includes(filters.subjectName)) return `The subject must be one of the subjects of ${faculty.name}.`;
  return null;
}

/** Whether all three are chosen (what the start asks for before a live exam). */
export const startFiltersChosen = (filters: StartFilters | null): filters is StartFilters =>
  !!filters && !!filters.candidateCategory && !!filters.facultyName && !!filters.subjectName;
