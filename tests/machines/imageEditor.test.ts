import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { imageEditorMachine } from '../../src/machines/imageEditor.machine';
import { MESSAGES } from '../../src/domain/messages';
import { describePaths } from '../support/machine-paths';
import { edited, models, original } from '../models/imageEditor.model';

function startEditor(exported: () => Promise<File>) {
  const world = { turns: 0, exports: [] as { photo: File; quarterTurns: number }[], finished: [] as (File | null)[] };
  const actor = createActor(
    imageEditorMachine.provide({
      actors: {
        exportPhoto: fromPromise(({ input }: { input: { photo: File; quarterTurns: number } }) => {
          world.exports.push(input);
          return exported();
        }),
      },
      actions: {
        turnPicture: () => {
          world.turns += 1;
        },
        finished: (_, { photo }) => world.finished.push(photo),
      },
    }),
    { input: { photo: original } },
  );
  actor.start();
  return { actor, world };
}

describe('image editor', () => {
  it('edits only once the photo is ready, turns it a quarter at a time and hands over the exported photo', async () => {
    const { actor, world } = startEditor(async () => edited);
    expect(actor.getSnapshot().can({ type: 'editor.rotate' })).toBe(false);
    actor.send({ type: 'editor.ready' });
    for (let i = 0; i < 5; i++) actor.send({ type: 'editor.rotate' });
    expect(world.turns).toBe(5);
    expect(actor.getSnapshot().context.quarterTurns).toBe(1);
    actor.send({ type: 'editor.apply' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(world.exports).toEqual([{ photo: original, quarterTurns: 1 }]);
    expect(world.finished).toEqual([edited]);
    expect(actor.getSnapshot().output).toBe(edited);
  });

  it('keeps editing with a plain message when the export fails, and Cancel hands back nothing', async () => {
    const { actor, world } = startEditor(async () => {
      throw new Error('toBlob gave nothing');
    });
    actor.send({ type: 'editor.ready' });
    actor.send({ type: 'editor.apply' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.problem !== null);
    expect(actor.getSnapshot().context.problem).toBe(MESSAGES.photoNotMade);
    actor.send({ type: 'editor.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(world.finished).toEqual([null]);
  });
});

describePaths('image editor paths', models, {
  start: ({ machine, inspect, clock }) => {
    const finished: (File | null)[] = [];
    const actor = createActor(machine.provide({ actions: { finished: (_: unknown, { photo }: { photo: File | null }) => finished.push(photo) } } as never), { input: { photo: original }, inspect, clock });
    actor.start();
    return { actor, finished };
  },
  check: (run, step) => {
    // The editor hands over exactly once, when it ends: the edited photo after Apply, nothing after Cancel.
    if (step.state.status === 'done') expect(run.finished).toEqual([step.state.matches('done') ? edited : null]);
    else expect(run.finished).toEqual([]);
  },
});
