import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type InspectionEvent } from 'xstate';
import { askQuestionMachine, type AskResult, type AskSubmission } from '../../src/machines/askQuestion.machine';
import { describePaths } from '../support/machine-paths';
import { models, page, pdf } from '../models/askQuestion.model';

function startAsk(options: { submit?: (submission: AskSubmission) => Promise<AskResult>; inspect?: (inspection: InspectionEvent) => void; clock?: SimulatedClock } = {}) {
  const sent: AskSubmission[] = [];
  const failedFiles: string[] = [];
  const submitted: Array<{ mode: string; questionId: string }> = [];
  const failures: unknown[] = [];
  const lookups: Array<{ text: string; courseId: string; limit: number }> = [];
  const actor = createActor(
    askQuestionMachine.provide({
      actors: {
        submitQuestion: fromPromise(({ input }: { input: AskSubmission }) => {
          sent.push(input);
          return options.submit ? options.submit(input) : Promise.resolve({ questionId: 'q9', failedFiles: [] });
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
  return { actor, sent, failedFiles, submitted, failures, lookups };
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

  it('drops files of other types silently, sends the rest, reports skipped uploads and resets after success', async () => {
    const { actor, sent, failedFiles, submitted } = startAsk({ submit: async () => ({ questionId: 'q9', failedFiles: ['scan.pdf'] }) });
    actor.send({ type: 'ask.open' });
    actor.send({ type: 'guidelines.ok' });
    actor.send({ type: 'subject.select', subjectId: 's1' });
    actor.send({ type: 'chapter.select', chapterId: 'ch1' });
    actor.send({ type: 'details.change', details: 'What does this ECG show?' });
    actor.send({ type: 'files.add', files: [pdf, page] });
    expect(actor.getSnapshot().context.files.map((f) => f.name)).toEqual(['scan.pdf']);
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(sent[0]).toMatchObject({ mode: 'create', questionId: null, fields: { courseId: 'c1', subjectId: 's1', chapterId: 'ch1', details: 'What does this ECG show?' } });
    expect(failedFiles).toEqual(['scan.pdf']);
    expect(submitted).toEqual([{ mode: 'create', questionId: 'q9' }]);
    expect(actor.getSnapshot().context).toMatchObject({ fields: { courseId: 'c1', subjectId: '', chapterId: '', details: '' }, files: [] });
  });

  it('replies with details only, keeps the form after a failure, and Cancel resets form and files', async () => {
    let fail = true;
    const { actor, sent, failures, submitted } = startAsk({
      submit: async () => {
        if (fail) throw new Error('offline');
        return { questionId: 'q1', failedFiles: [] };
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
  start: ({ inspect, clock }) => ({ ...startAsk({ submit: () => new Promise(() => {}), inspect, clock: clock as SimulatedClock }), counted: 0 }),
  check: (run, step) => {
    // The submission is sent exactly when the dialog enters submitting.
    const entered = step.state.matches('submitting') && step.event.type === 'submit';
    expect(run.sent.length - run.counted).toBe(entered ? 1 : 0);
    run.counted = run.sent.length;
  },
});
