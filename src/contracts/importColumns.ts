// The import templates' kinds and the words for every column of their sheets: the template's "Columns"
// sheet (server/import/templates.ts) and the desk's column guide on the Import page both read them here,
// so the two never disagree. Like paths.ts this file imports nothing, so the app takes it at run time
// without the schemas.

/** The templates the desk and the command line offer. */
export const TEMPLATE_KINDS = ['exam', 'students', 'content'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** What each template is for, as the desk names it. */
export const TEMPLATE_LABELS: Record<TemplateKind, string> = { exam: 'Exam', students: 'Students', content: 'Content' };

/** The name a downloaded template is saved under: exam-template.xlsx. */
export const templateFileName = (kind: TemplateKind): string => `${kind}-template.xlsx`;

/** One column of a template sheet: its sheet, its header, and what it holds. */
export interface ImportColumn {
  sheet: string;
  column: string;
  holds: string;
}

/** The guide's words for every column of every sheet, as docs/import-sheets.md has them. */
export const IMPORT_COLUMN_GUIDE: Record<TemplateKind, readonly ImportColumn[]> = {
  exam: [
    { sheet: 'Exam', column: 'title', holds: "The exam's title, as students see it." },
    { sheet: 'Exam', column: 'course', holds: "The course, by its title (choose from the list) or its id." },
    { sheet: 'Exam', column: 'subject', holds: "The exam's subject, by name (choose from the list); optional." },
    { sheet: 'Exam', column: 'practice or live', holds: 'live (once, at its time) or practice (any time in its window).' },
    { sheet: 'Exam', column: 'pass mark', holds: 'The pass mark, in percent.' },
    { sheet: 'Exam', column: 'negative mark', holds: 'Marks taken per wrong answer (0 for none).' },
    { sheet: 'Exam', column: 'instruction', holds: 'Shown before the exam starts.' },
    { sheet: 'Exam', column: 'id', holds: "Leave empty for a new exam (it is made from the course and title); an export's id updates that exam." },
    { sheet: 'Batches', column: 'batch', holds: 'The batch that sits the exam, by name (choose from the list); one row per batch.' },
    { sheet: 'Batches', column: 'start', holds: "When it opens, on the academy's clock: 2026-12-03 10:00." },
    { sheet: 'Batches', column: 'end', holds: 'When it closes: 2026-12-03 12:00.' },
    { sheet: 'Batches', column: 'duration', holds: 'Minutes each student has.' },
    { sheet: 'Batches', column: 'cut marks', holds: 'The marks to pass for this batch (optional).' },
    { sheet: 'Batches', column: 'multiple submissions', holds: 'yes or no: whether a student may sit it again.' },
    { sheet: 'Batches', column: 'results published', holds: 'Read only: results are published on the desk.' },
    { sheet: 'Questions', column: 'no', holds: "The question's number (empty: its row order)." },
    { sheet: 'Questions', column: 'id', holds: 'Leave empty (made from the exam and the no column).' },
    { sheet: 'Questions', column: 'type', holds: 'MCQ, checkbox, MCA, shortAns or paragraph (choose from the list).' },
    { sheet: 'Questions', column: 'question', holds: 'The question text.' },
    { sheet: 'Questions', column: 'A … K', holds: 'The options, up to 11.' },
    { sheet: 'Questions', column: 'answer', holds: 'MCQ: one letter (C); checkbox: letters (A, D); MCA: T or F for every option (T, F, T, T, F); shortAns/paragraph: the model answer.' },
    { sheet: 'Questions', column: 'marks', holds: "The question's marks (default 1)." },
    { sheet: 'Questions', column: 'explanation', holds: 'Shown with the result.' },
    { sheet: 'Questions', column: 'more explanation', holds: 'Further explanation lines, one per line of the cell.' },
    { sheet: 'Questions', column: 'notes', holds: 'Shown with the result.' },
    { sheet: 'Questions', column: 'subject', holds: "The question's subject, by name (a segmented exam's subjects); empty: the exam's." },
    { sheet: 'Questions', column: 'chapter', holds: "The question's chapter, by name (choose from the list): the result's Study link opens it." },
    { sheet: 'Questions', column: 'image', holds: 'Image links of the question, one per line.' },
    { sheet: 'Questions', column: 'file', holds: 'File links of the question, one per line.' },
    { sheet: 'Questions', column: 'image options', holds: 'Letters of the options whose text is an image link (A, B).' },
  ],
  students: [
    { sheet: 'Students', column: 'id', holds: 'Leave empty: a student is matched by phone, or is new.' },
    { sheet: 'Students', column: 'name', holds: 'Full name.' },
    { sheet: 'Students', column: 'phone', holds: '11-digit mobile number starting 01: the sign-in.' },
    { sheet: 'Students', column: 'roll', holds: 'Roll or student id.' },
    { sheet: 'Students', column: 'session', holds: 'For example 2025-26.' },
    { sheet: 'Students', column: 'branch, division', holds: "The student's branch." },
    { sheet: 'Students', column: 'contact', holds: 'Another phone number.' },
    { sheet: 'Students', column: 'SSC GPA, HSC GPA', holds: 'For exams with a GPA factor.' },
    { sheet: 'Students', column: 'password', holds: 'An initial password for a new account (empty: the student sets one with a code sent to the phone).' },
    { sheet: 'Students', column: 'batch', holds: 'The batch the student joins, by name (choose from the list); a student in two batches has two rows.' },
    { sheet: 'Students', column: 'remove from batch', holds: 'yes takes the student out of the batch (the account and results stay).' },
  ],
  content: [
    { sheet: 'Content', column: 'course', holds: 'The course, by its title (choose from the list).' },
    { sheet: 'Content', column: 'subject', holds: 'The subject, by name (choose from the list).' },
    { sheet: 'Content', column: 'kind', holds: 'chapter, lecture or question-solve.' },
    { sheet: 'Content', column: 'item id', holds: 'Leave empty (made from the subject, kind and name).' },
    { sheet: 'Content', column: 'item', holds: "The chapter's, lecture's or question-solve item's name." },
    { sheet: 'Content', column: 'description', holds: "The item's description." },
    { sheet: 'Content', column: 'content id', holds: 'Leave empty (made from the item and the title).' },
    { sheet: 'Content', column: 'content type', holds: 'video or file.' },
    { sheet: 'Content', column: 'content title', holds: "The video's or note's title." },
    { sheet: 'Content', column: 'url', holds: "A video's address." },
    { sheet: 'Content', column: 'key', holds: "A file's storage key, or a stream's key." },
    { sheet: 'Content', column: 'video kind', holds: 'hls, dash-drm, iframe or youtube.' },
    { sheet: 'Content', column: 'thumbnail', holds: "A video's thumbnail." },
    { sheet: 'Content', column: 'published', holds: 'yes or no.' },
  ],
};
