import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { lectureUploadMachine, uploadMessages, type LectureFile, type LectureUploadEvent } from '../../src/machines/lectureUpload.machine';
import { describePaths } from '../support/machine-paths';
import { settle } from '../support/doubles';
import { huge, MAX_BYTES, models, notes, video } from '../models/lectureUpload.model';

describePaths('lecture upload paths', models);

describe('lecture upload', () => {
  function start() {
    const sent: { itemId: string; title: string; name: string }[] = [];
    const cancelled: string[] = [];
    let tell: ((event: LectureUploadEvent) => void) | null = null;
    let stops = 0;
    const actor = createActor(
      lectureUploadMachine.provide({
        actors: {
          sendFile: fromCallback<LectureUploadEvent, { file: LectureFile; itemId: string; title: string }>(({ sendBack, input }) => {
            sent.push({ itemId: input.itemId, title: input.title, name: input.file.name });
            tell = sendBack;
            return () => {
              stops += 1;
              tell = null;
            };
          }),
          cancelUpload: fromPromise(async ({ input }: { input: { file: LectureFile } }) => {
            cancelled.push(input.file.name);
          }),
        },
      }),
      { input: { maxBytes: MAX_BYTES } },
    ).start();
    return { actor, sent, cancelled, tell: (event: LectureUploadEvent) => tell!(event), stops: () => stops };
  }

  it('says what is missing, refuses other files, and sends the place, title and file', () => {
    const { actor, sent } = start();
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().context.problem).toEqual({ title: uploadMessages.noPlace });
    actor.send({ type: 'upload.place', itemId: 'i1' });
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().context.problem).toEqual({ title: uploadMessages.noTitle });
    actor.send({ type: 'upload.title', title: 'Brachial plexus' });
    actor.send({ type: 'upload.choose', file: notes });
    expect(actor.getSnapshot().context.problem).toEqual({ title: uploadMessages.fileType });
    actor.send({ type: 'upload.choose', file: huge });
    expect(actor.getSnapshot().context.problem).toEqual({ title: 'The video is larger than 0 MB, the most a lecture may be.' });
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().context.problem).toEqual({ title: uploadMessages.noFile });
    actor.send({ type: 'upload.choose', file: video });
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    expect(sent).toEqual([{ itemId: 'i1', title: 'Brachial plexus', name: video.name }]);
  });

  it('tells the speed and time left from the bytes the server took, and says when the link dropped', () => {
    const { actor, tell } = start();
    actor.send({ type: 'upload.place', itemId: 'i1' });
    actor.send({ type: 'upload.title', title: 'T' });
    actor.send({ type: 'upload.choose', file: video });
    actor.send({ type: 'upload.start' });
    tell({ type: 'upload.progress', sent: 100, total: 1000, at: 0 });
    tell({ type: 'upload.progress', sent: 200, total: 1000, at: 500 });
    expect(actor.getSnapshot().context.bytesPerSecond).toBeNull();
    tell({ type: 'upload.progress', sent: 300, total: 1000, at: 2000 });
    expect(actor.getSnapshot().context).toMatchObject({ sent: 300, bytesPerSecond: 100, secondsLeft: 7 });
    tell({ type: 'upload.linkDropped' });
    expect(actor.getSnapshot().matches({ sending: 'reconnecting' })).toBe(true);
    tell({ type: 'upload.progress', sent: 600, total: 1000, at: 3000 });
    expect(actor.getSnapshot().matches({ sending: 'flowing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ sent: 600, bytesPerSecond: 0.6 * 100 + 0.4 * 300, secondsLeft: 3 });
    tell({ type: 'upload.done', lectureId: 'l1' });
    expect(actor.getSnapshot().value).toBe('uploaded');
    expect(actor.getSnapshot().context.lectureId).toBe('l1');
  });

  it('pauses the upload on cancel, gives it up on the server, and shows the form again', async () => {
    const { actor, cancelled, stops } = start();
    actor.send({ type: 'upload.place', itemId: 'i1' });
    actor.send({ type: 'upload.title', title: 'T' });
    actor.send({ type: 'upload.choose', file: video });
    actor.send({ type: 'upload.start' });
    actor.send({ type: 'upload.cancel' });
    expect(stops()).toBe(1);
    await settle();
    expect(cancelled).toEqual([video.name]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ file: null, problem: { title: uploadMessages.cancelled } });
  });
});
