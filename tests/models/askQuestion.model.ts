import { askQuestionMachine } from '../../src/machines/askQuestion.machine';
import type { PathModel } from '../support/machine-paths';

export const pdf = new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
export const page = new File(['<html>'], 'page.html', { type: 'text/html' });

const model: PathModel<typeof askQuestionMachine> = {
  machine: askQuestionMachine,
  input: { courseId: 'c1' },
  events: [
    { type: 'ask.open' },
    { type: 'reply.open', questionId: 'q1' },
    { type: 'guidelines.ok' },
    { type: 'dialog.close' },
    { type: 'course.select', courseId: 'c2' },
    { type: 'subject.select', subjectId: 's1' },
    { type: 'chapter.select', chapterId: 'ch1' },
    { type: 'details.change', details: 'Why is the left ventricle thicker?' },
    { type: 'details.change', details: '   ' },
    { type: 'files.add', files: [pdf, page] },
    { type: 'file.remove', index: 0 },
    { type: 'submit' },
  ],
  outcomes: {
    submitQuestion: { done: [{ questionId: 'q9', failedFiles: [] }, { questionId: 'q9', failedFiles: ['scan.pdf'] }], error: [new Error('offline')] },
    findSimilar: { done: [[{ _id: 'q3', questionDescription: 'Why is the left ventricle wall thick?', answers: 2 }]], error: [new Error('offline')] },
  },
  // What guards and the view read: the state, the mode, which fields are filled, whether files and errors exist.
  serializeState: ((snapshot: { value: unknown; context: { mode: string; fields: Record<string, string>; files: unknown[]; errors: Record<string, unknown> } }) =>
    JSON.stringify({
      value: snapshot.value,
      mode: snapshot.context.mode,
      filled: Object.entries(snapshot.context.fields).filter(([, v]) => v.trim() !== '').map(([k]) => k),
      files: snapshot.context.files.length > 0,
      errors: Object.values(snapshot.context.errors).some(Boolean),
    })) as never,
};

export const models = [model];
