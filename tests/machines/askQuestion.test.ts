import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type InspectionEvent } from 'xstate';
import { askQuestionMachine, type AskSubmission, type UploadReport } from '../../src/machines/askQuestion.machine';
import { describePaths } from '../support/machine-paths';
import { models, page, pdf, photo } from '../models/askQuestion.model';

/** How a fake upload of a file ends: stored (after reporting half, then all), failed, or never. */
type UploadEnd = 'stored' | 'failed' | 'never';

function startAsk(
  options: {
    send?: (submission: AskSubmission) => Promise<string>;
    upload?: (file: File) => UploadEnd;
    inspect?: (inspection: InspectionEvent) => void;
    clock?: SimulatedClock;
  } = {},
) {
  const sent: AskSubmission[] = [];
  const uploaded: string[] = [];
  const failedFiles: string[] = [];
  const submitted: Array<{ mode: string; questionId: string }> = [];
  const failures: unknown[] = [];
  const lookups: Array<{ text: string; courseId: string; limit: number }> = [];
  const actor = createActor(
    askQuestionMachine.provide({
      actors: {
        uploadFile: fromCallback<{ type: string }, { file: File }>(({ input, sendBack }) => {
          uploaded.push(input.file.name);
          const end = options.upload ? options.upload(input.file) : 'stored';
          const report = (event: UploadReport) => queueMicrotask(() => sendBack(event));
          if (end === 'stored') {
            report({ type: 'upload.progress', sent: input.file.size / 2, total: input.file.size });
            report({ type: 'upload.done', media: { mediaType: input.file.type, mediaUrl: `/api/media/files/${input.file.name}` } });
          }
          if (end === 'failed') report({ type: 'upload.failed', error: new Error('refused') });
        }),
        sendPost: fromPromise(({ input }: { input: AskSubmission }) => {
          sent.push(input);
          return options.send ? options.send(input) : Promise.resolve(input.questionId ?? 'q9');
        }),
        findSimilar: fromPromise(async ({ input }: { input: { text: string; courseId: string; limit: number } }) => {
          lookups.push(input);
          return [{ _id: 'q3', questionDescription: 'Why is the left ventricle wall thick?', answers: 2 }];
        }),
      },
      actions: {
        fileFailed: (_, { name }) => failedFiles.push(name),
        submitted: (_, params) => submitted.push(params),
        submitFailed: (_, { error }) => failures.push(error),
      },
    }),
    { input: { courseId: 'c1' }, inspect: options.inspect, ...(options.clock ? { clock: options.clock } : {}) },
  );
  actor.start();
  return { actor, sent, uploaded, failedFiles, submitted, failures, lookups };
}

describe('ask dialog', () => {
  it('shows the guidelines first, then the form with the course preset', () => {
    const { actor } = startAsk();
    actor.send({ type: 'ask.open' });
    expect(actor.getSnapshot().value).toBe('guidelines');
    actor.send({ type: 'guidelines.ok' });
    expect(actor.getSnapshot().matches('form')).toBe(true);
    expect(actor.getSnapshot().context.fields.courseId).toBe('c1');
  });

  it("opens filled in when asked about a video or a result question, and Cancel leaves the course's form empty again", () => {
    const { actor } = startAsk();
    const about = { courseId: 'c2', subjectId: 's2', chapterId: 'ch2', details: '> Which valve closes first?\n\n' };
    actor.send({ type: 'ask.open', about });
    actor.send({ type: 'guidelines.ok' });
    expect(actor.getSnapshot().context.fields).toEqual(about);
    expect(actor.getSnapshot().can({ type: 'submit' })).toBe(true);
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().context.fields).toEqual({ courseId: 'c1', subjectId: '', chapterId: '', details: '' });
  });

  it('keeps subject, chapter and details closed until what they depend on is chosen, and a new course starts them again', () => {
    const { actor } = startAsk({});
    actor.send({ type: 'ask.open' });
    actor.send({ type: 'guidelines.ok' });
    expect(actor.getSnapshot().can({ type: 'details.change', details: 'x' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'chapter.select', chapterId: 'ch1' })).toBe(false);
    actor.send({ type: 'subject.select', subjectId: 's1' });
    actor.send({ type: 'chapter.select', chapterId: 'ch1' });
    actor.send({ type: 'details.change', details: 'Why?' });
    expect(actor.getSnapshot().context.fields).toEqual({ courseId: 'c1', subjectId: 's1', chapterId: 'ch1', details: 'Why?' });
    actor.send({ type: 'course.select', courseId: 'c2' });
    expect(actor.getSnapshot().context.fields).toMatchObject({ courseId: 'c2', subjectId: '', chapterId: '' });
  });

  it('says what each missing field needs, in the spec\'s words', () => {
    const { actor, sent } = startAsk();
    actor.send({ type: 'ask.open' });
    actor.send({ type: 'guidelines.ok' });
    actor.send({ type: 'course.select', courseId: '' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      courseId: 'Please select a course',
      subjectId: 'Please select a subject',
      chapterId: 'Please select a chapter',
      details: 'Please enter the question details',
    });
    expect(sent).toEqual([]);
  });

  it('drops files of other types silently, uploads the rest one by one, skips a failed upload with its name and resets after success', async () => {
    const second = new File(['%PDF-1.4 second'], 'second.pdf', { type: 'application/pdf' });
    const { actor, sent, uploaded, failedFiles, submitted } = startAsk({ upload: (file) => (file.name === 'scan.pdf' ? 'failed' : 'stored') });
    actor.send({ type: 'ask.open' });
    actor.send({ type: 'guidelines.ok' });
    actor.send({ type: 'subject.select', subjectId: 's1' });
    actor.send({ type: 'chapter.select', chapterId: 'ch1' });
    actor.send({ type: 'details.change', details: 'What does this ECG show?' });
    actor.send({ type: 'files.add', files: [pdf, page, second] });
    expect(actor.getSnapshot().context.files.map((f) => f.name)).toEqual(['scan.pdf', 'second.pdf']);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(uploaded).toEqual(['scan.pdf', 'second.pdf']);
    expect(failedFiles).toEqual(['scan.pdf']);
    expect(sent[0]).toMatchObject({
      mode: 'create',
      questionId: null,
      fields: { courseId: 'c1', subjectId: 's1', chapterId: 'ch1', details: 'What does this ECG show?' },
      media: [{ mediaType: 'application/pdf', mediaUrl: '/api/media/files/second.pdf' }],
    });
    expect(submitted).toEqual([{ mode: 'create', questionId: 'q9' }]);
    expect(actor.getSnapshot().context).toMatchObject({ fields: { courseId: 'c1', subjectId: '', chapterId: '', details: '' }, files: [], uploads: [] });
  });

  it("shows each file's progress while it uploads, and keeps stored files when sending fails", async () => {
    let fail = true;
    const { actor, uploaded } = startAsk({
      upload: () => 'never',
      send: async () => {
        if (fail) throw new Error('offline');
        return 'q9';
      },
    });
    actor.send({ type: 'reply.open', questionId: 'q1' });
    actor.send({ type: 'guidelines.ok' });
    actor.send({ type: 'details.change', details: 'See the attached scan.' });
    actor.send({ type: 'files.add', files: [pdf] });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().matches({ submitting: 'uploading' })).toBe(true);
    actor.send({ type: 'upload.progress', sent: 3, total: 8 });
    expect(actor.getSnapshot().context.uploads).toEqual([{ sent: 3, total: 8, media: null, failed: false }]);
    actor.send({ type: 'upload.done', media: { mediaType: 'application/pdf', mediaUrl: '/api/media/files/scan.pdf' } });
    await waitFor(actor, (s) => s.matches('form'));
    expect(actor.getSnapshot().context.uploads[0]).toMatchObject({ sent: 8, media: { mediaUrl: '/api/media/files/scan.pdf' } });
    fail = false;
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    // The file stored before the failed send is not uploaded again.
    expect(uploaded).toEqual(['scan.pdf']);
  });

  it('opens a captured photo in the image editor, and an applied edit replaces it while a cancelled one keeps it', () => {
    const { actor } = startAsk();
    actor.send({ type: 'reply.open', questionId: 'q1' });
    actor.send({ type: 'guidelines.ok' });
    actor.send({ type: 'files.add', files: [pdf] });
    expect(actor.getSnapshot().can({ type: 'photo.edit', index: 0 })).toBe(false);
    actor.send({ type: 'photo.captured', photo });
    expect(actor.getSnapshot().context).toMatchObject({ editing: 1, files: [pdf, photo] });
    const cropped = new File([new Uint8Array(10)], 'photo.jpg', { type: 'image/jpeg' });
    actor.send({ type: 'photo.edited', photo: cropped });
    expect(actor.getSnapshot().context).toMatchObject({ editing: null, files: [pdf, cropped] });
    actor.send({ type: 'photo.edit', index: 1 });
    expect(actor.getSnapshot().context.editing).toBe(1);
    actor.send({ type: 'photo.edited', photo: null });
    expect(actor.getSnapshot().context).toMatchObject({ editing: null, files: [pdf, cropped] });
  });

  it('replies with details only, keeps the form after a failure, and Cancel resets form and files', async () => {
    let fail = true;
    const { actor, sent, failures, submitted } = startAsk({
      send: async () => {
        if (fail) throw new Error('offline');
        return 'q1';
      },
    });
    actor.send({ type: 'reply.open', questionId: 'q1' });
    actor.send({ type: 'guidelines.ok' });
    actor.send({ type: 'details.change', details: 'Thank you, teacher.' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('form'));
    expect(failures).toHaveLength(1);
    expect(actor.getSnapshot().context.fields.details).toBe('Thank you, teacher.');
    fail = false;
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(sent.map((s) => s.mode)).toEqual(['reply', 'reply']);
    expect(submitted).toEqual([{ mode: 'reply', questionId: 'q1' }]);

    actor.send({ type: 'ask.open' });
    actor.send({ type: 'guidelines.ok' });
    actor.send({ type: 'files.add', files: [pdf] });
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().context.files).toEqual([]);
  });
});

describe('similar questions', () => {
  it('looks up to five similar questions of the course 800 ms after the student stops writing a new question', async () => {
    const clock = new SimulatedClock();
    const { actor, lookups } = startAsk({ clock });
    actor.send({ type: 'ask.open' });
    actor.send({ type: 'guidelines.ok' });
    actor.send({ type: 'subject.select', subjectId: 's1' });
    actor.send({ type: 'chapter.select', chapterId: 'ch1' });
    actor.send({ type: 'details.change', details: 'Why is the left' });
    clock.increment(500);
    actor.send({ type: 'details.change', details: 'Why is the left ventricle thicker?' });
    clock.increment(799);
    expect(lookups).toEqual([]);
    clock.increment(1);
    expect(lookups).toEqual([{ text: 'Why is the left ventricle thicker?', courseId: 'c1', limit: 5 }]);
    await waitFor(actor, (s) => s.context.similar.length === 1);
    actor.send({ type: 'details.change', details: 'Why' });
    expect(actor.getSnapshot().context.similar).toEqual([]);
  });
});

describePaths('ask dialog paths', models, {
  start: ({ inspect, clock }) => ({ ...startAsk({ send: () => new Promise(() => {}), upload: () => 'never', inspect, clock: clock as SimulatedClock }), counted: 0 }),
  check: (run, step, before) => {
    // The question or reply is sent exactly when the dialog enters sending, and only then.
    const entered = step.state.matches({ submitting: 'sending' }) && !before.matches({ submitting: 'sending' });
    expect(run.sent.length - run.counted).toBe(entered ? 1 : 0);
    run.counted = run.sent.length;
    // Every stored file is sent with it.
    if (entered) expect(run.sent.at(-1)!.media).toEqual(step.state.context.uploads.flatMap((u: { media: unknown }) => (u.media ? [u.media] : [])));
  },
});
