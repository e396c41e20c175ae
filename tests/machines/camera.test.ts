import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { cameraMachine, type CameraReport } from '../../src/machines/camera.machine';
import { describePaths } from '../support/machine-paths';
import { livePicture, models, snapshotPhoto } from '../models/camera.model';

/** A camera that opens as `opens` says and counts how often it was opened and stopped. */
function startCamera(options: { found?: boolean; opens?: CameraReport['type']; inspect?: (inspection: InspectionEvent) => void } = {}) {
  const world = { opened: 0, stopped: 0, captures: 0, photos: [] as File[], logged: [] as unknown[] };
  const actor = createActor(
    cameraMachine.provide({
      actors: {
        detectCamera: fromPromise(async () => options.found ?? true),
        camera: fromCallback<{ type: 'camera.capture' }>(({ sendBack, receive }) => {
          world.opened += 1;
          const opens = options.opens ?? 'camera.ready';
          queueMicrotask(() => sendBack(opens === 'camera.ready' ? { type: 'camera.ready', preview: livePicture } : opens === 'camera.failed' ? { type: 'camera.failed', error: new Error('busy') } : ({ type: opens } as CameraReport)));
          receive(() => {
            world.captures += 1;
            queueMicrotask(() => sendBack({ type: 'camera.photo', photo: snapshotPhoto }));
          });
          return () => {
            world.stopped += 1;
          };
        }),
      },
      actions: {
        photoTaken: (_, { photo }) => world.photos.push(photo),
        logError: (_, { error }) => world.logged.push(error),
      },
    }),
    { inspect: options.inspect },
  );
  actor.start();
  return { actor, world };
}

describe('camera', () => {
  it('offers Take photo only where the device has a camera', async () => {
    const without = startCamera({ found: false });
    await waitFor(without.actor, (s) => !s.matches('detecting'));
    expect(without.actor.getSnapshot().value).toBe('noCamera');
    expect(without.actor.getSnapshot().can({ type: 'camera.open' })).toBe(false);
    const withOne = startCamera();
    await waitFor(withOne.actor, (s) => s.matches('idle'));
    expect(withOne.actor.getSnapshot().can({ type: 'camera.open' })).toBe(true);
  });

  it('previews, captures a photo for the editor, and stops the camera once the photo is taken', async () => {
    const { actor, world } = startCamera();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'camera.open' });
    await waitFor(actor, (s) => s.matches({ live: 'previewing' }));
    expect(actor.getSnapshot().context.preview).toBe(livePicture);
    expect(world.stopped).toBe(0);
    actor.send({ type: 'camera.capture' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(world).toMatchObject({ opened: 1, captures: 1, stopped: 1, photos: [snapshotPhoto] });
    expect(actor.getSnapshot().context.preview).toBeNull();
  });

  it('stops the camera on Cancel and when the dialog goes away mid-preview', async () => {
    const { actor, world } = startCamera();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'camera.open' });
    await waitFor(actor, (s) => s.matches({ live: 'previewing' }));
    actor.send({ type: 'camera.cancel' });
    expect(world.stopped).toBe(1);
    actor.send({ type: 'camera.open' });
    await waitFor(actor, (s) => s.matches({ live: 'previewing' }));
    actor.stop();
    expect(world).toMatchObject({ opened: 2, stopped: 2, photos: [] });
  });

  it('says plainly when the camera is blocked and tries again on request; other failures are only logged', async () => {
    const blocked = startCamera({ opens: 'camera.denied' });
    await waitFor(blocked.actor, (s) => s.matches('idle'));
    blocked.actor.send({ type: 'camera.open' });
    await waitFor(blocked.actor, (s) => s.matches('denied'));
    expect(blocked.world.stopped).toBe(1);
    blocked.actor.send({ type: 'camera.open' });
    expect(blocked.world.opened).toBe(2);

    const failing = startCamera({ opens: 'camera.failed' });
    await waitFor(failing.actor, (s) => s.matches('idle'));
    failing.actor.send({ type: 'camera.open' });
    await waitFor(failing.actor, () => failing.world.logged.length === 1);
    expect(failing.actor.getSnapshot().value).toBe('idle');
  });
});

describePaths('camera paths', models, {
  start: ({ machine, inspect, clock }) => {
    const photos: File[] = [];
    const actor = createActor(machine.provide({ actions: { photoTaken: (_: unknown, { photo }: { photo: File }) => photos.push(photo) } } as never), { inspect, clock });
    actor.start();
    return { actor, photos, counted: 0 };
  },
  check: (run, step) => {
    // A photo reaches the editor exactly when a capture delivers one, and no preview outlives the camera.
    expect(run.photos.length - run.counted).toBe(step.event.type === 'camera.photo' ? 1 : 0);
    run.counted = run.photos.length;
    if (!step.state.matches('live')) expect(step.state.context.preview).toBeNull();
  },
});
