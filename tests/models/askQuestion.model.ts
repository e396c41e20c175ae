import type { AnyMachineSnapshot } from 'xstate';
import { askQuestionMachine, type AskQuestionContext, type AskQuestionEvent } from '../../src/machines/askQuestion.machine';
import type { PathModel } from '../support/machine-paths';

export const pdf = new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
export const page = new File(['<html>'], 'page.html', { type: 'text/html' });
export const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'photo-1.jpg', { type: 'image/jpeg' });
const cropped = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xdb])], 'photo-1.jpg', { type: 'image/jpeg' });

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as AskQuestionContext;
const uploadState = (context: AskQuestionContext, i: number) => (context.uploads[i]?.media ? 'stored' : context.uploads[i]?.failed ? 'failed' : 'waiting');

/** The form: guidelines, fields and their dependencies, similar questions, a file, sending and its failure. */
const form: PathModel<typeof askQuestionMachine> = {
  name: 'the form',
  machine: askQuestionMachine,
  input: { courseId: 'c1' },
  events: (snapshot) => [
    { type: 'ask.open' },
    { type: 'ask.open', about: { courseId: 'c1', subjectId: 's1', chapterId: 'ch1', details: '> Which valve closes first?\n\n' } },
    { type: 'reply.open', questionId: 'q1' },
    { type: 'guidelines.ok' },
    { type: 'dialog.close' },
    { type: 'course.select', courseId: 'c2' },
    { type: 'subject.select', subjectId: 's1' },
    { type: 'chapter.select', chapterId: 'ch1' },
    { type: 'details.change', details: 'Why is the left ventricle thicker?' },
    { type: 'details.change', details: '   ' },
    // One PDF at most (and a page that is dropped): the files model plays the rest.
    ...(contextOf(snapshot).files.length ? [] : [{ type: 'files.add', files: [pdf, page] } as AskQuestionEvent]),
    { type: 'file.remove', index: 0 },
    { type: 'submit' },
    { type: 'upload.done', media: { mediaType: 'application/pdf', mediaUrl: '/api/media/files/0123456789abcdef0123456789abcdef' } },
  ],
  outcomes: {
    sendPost: { done: ['q9'], error: [new Error('offline')] },
    findSimilar: { done: [[{ _id: 'q3', questionDescription: 'Why is the left ventricle wall thick?', answers: 2 }]], error: [new Error('offline')] },
  },
  // What guards and the view read: the state, the mode, which fields are filled, the file and its upload, whether errors show.
  serializeState: ((snapshot: AnyMachineSnapshot) => {
    const context = contextOf(snapshot);
    return JSON.stringify({
      value: snapshot.value,
      mode: context.mode,
      filled: Object.entries(context.fields).filter(([, v]) => v.trim() !== '').map(([k]) => k),
      files: context.files.map((_, i) => uploadState(context, i)),
      errors: Object.values(context.errors).some(Boolean),
    });
  }) as never,
};

/** Files of a reply: two at most, a captured photo in the image editor, uploads with progress, stored, failed and skipped. */
const files: PathModel<typeof askQuestionMachine> = {
  name: 'files',
  machine: askQuestionMachine,
  input: { courseId: 'c1' },
  events: (snapshot) => {
    const context = contextOf(snapshot);
    const room = context.files.length < 2;
    return [
      { type: 'reply.open', questionId: 'q1' },
      { type: 'guidelines.ok' },
      { type: 'dialog.close' },
      ...(context.fields.details ? [] : [{ type: 'details.change', details: 'See the scan and the photo.' } as AskQuestionEvent]),
      ...(room ? [{ type: 'files.add', files: [pdf] } as AskQuestionEvent, { type: 'photo.captured', photo } as AskQuestionEvent] : []),
      { type: 'file.remove', index: 0 },
      // The first file is the PDF or the photo; the second, when there is one, the photo or the PDF.
      { type: 'photo.edit', index: 0 },
      { type: 'photo.edit', index: 1 },
      { type: 'photo.edited', photo: cropped },
      { type: 'photo.edited', photo: null },
      { type: 'submit' },
      { type: 'upload.progress', sent: 4, total: 8 },
      { type: 'upload.done', media: { mediaType: 'image/jpeg', mediaUrl: '/api/media/files/0123456789abcdef0123456789abcdef' } },
      { type: 'upload.failed', error: new Error('refused') },
    ];
  },
  outcomes: { sendPost: { done: ['q1'], error: [new Error('offline')] } },
  serializeState: ((snapshot: AnyMachineSnapshot) => {
    const context = contextOf(snapshot);
    return JSON.stringify({
      value: snapshot.value,
      details: context.fields.details !== '',
      files: context.files.map((file, i) => `${file.type}:${uploadState(context, i)}`),
      editing: context.editing,
      uploading: context.uploading,
    });
  }) as never,
};

export const models = [form, files];
