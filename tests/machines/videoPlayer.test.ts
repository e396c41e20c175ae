import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyEventObject, type InspectionEvent } from 'xstate';
import {
  DOUBLE_CLICK_MS,
  TOKEN_REFRESH_MS,
  WATERMARK_MOVE_MS,
  WATERMARK_SPOTS,
  shownProgress,
  videoPlayerMachine,
  type MediaCommand,
  type MediaSessionInput,
  type PlayerVideo,
  type StreamAccess,
  type VideoPlayerInput,
} from '../../src/machines/videoPlayer.machine';
import type { CompletionTarget, StreamToken } from '../../src/contracts/content';
import { describePaths } from '../support/machine-paths';
import { clearVideo, hostedVideo, inputFor, models, protectedVideo, sharingVideo } from '../models/videoPlayer.model';

interface Fakes {
  prepare?: () => Promise<StreamAccess>;
  refresh?: () => Promise<StreamToken>;
  markComplete?: () => Promise<unknown>;
}

/** A player actor on a simulated clock whose outside world is recorded. */
function startPlayer(input: VideoPlayerInput, fakes: Fakes = {}, inspect?: (inspection: InspectionEvent) => void) {
  const clock = new SimulatedClock();
  const record = {
    prepareCalls: 0,
    refreshCalls: 0,
    completions: [] as CompletionTarget[],
    sessionsStarted: 0,
    sessionsLive: 0,
    sessionInputs: [] as MediaSessionInput[],
    commands: [] as MediaCommand[],
    /** How far the video was watched each time the player closed (kept on the phone for Today). */
    watched: [] as number[],
    /** How many commands a path replay has already checked. */
    commandsSeen: 0,
  };
  const machine = videoPlayerMachine.provide({
    actions: { keepWatching: (_, { progress }) => record.watched.push(progress) },
    actors: {
      prepareStream: fromPromise<StreamAccess, { video: PlayerVideo; viewer: VideoPlayerInput['viewer'] }>(() => {
        record.prepareCalls += 1;
        return fakes.prepare ? fakes.prepare() : Promise.resolve({ token: 'token-0', drm: null });
      }),
      refreshToken: fromPromise<StreamToken, { key: string }>(() => {
        record.refreshCalls += 1;
        return fakes.refresh ? fakes.refresh() : Promise.resolve({ token: `token-${record.refreshCalls}`, expiresAt: '' });
      }),
      markComplete: fromPromise<unknown, CompletionTarget>(({ input: target }) => {
        record.completions.push(target);
        return fakes.markComplete ? fakes.markComplete() : Promise.resolve({ completed: true, recordedNow: true });
      }),
      mediaSession: fromCallback<AnyEventObject, MediaSessionInput>(({ input: session, receive }) => {
        record.sessionsStarted += 1;
        record.sessionsLive += 1;
        record.sessionInputs.push(session);
        receive((command) => record.commands.push(command as MediaCommand));
        return () => {
          record.sessionsLive -= 1;
        };
      }),
    },
  });
  const actor = createActor(machine, { input, clock, inspect });
  actor.start();
  return { actor, clock, record };
}

const never = <T>() => new Promise<T>(() => {});

describe('video player: timers on a simulated clock', () => {
  it('refreshes the stream token every 9000 ms while open and stops on close', async () => {
    const { actor, clock, record } = startPlayer(inputFor(clearVideo));
    clock.increment(TOKEN_REFRESH_MS * 3);
    expect(record.refreshCalls).toBe(0);
    actor.send({ type: 'player.open' });
    await waitFor(actor, (s) => s.matches({ open: { playback: 'attached' } }));
    clock.increment(TOKEN_REFRESH_MS - 1);
    expect(record.refreshCalls).toBe(0);
    clock.increment(1);
    expect(record.refreshCalls).toBe(1);
    await waitFor(actor, (s) => s.matches({ open: { access: 'waiting' } }));
    expect(actor.getSnapshot().context.access?.token).toBe('token-1');
    expect(record.commands).toContainEqual({ type: 'media.setToken', token: 'token-1' });
    clock.increment(TOKEN_REFRESH_MS);
    expect(record.refreshCalls).toBe(2);
    await waitFor(actor, (s) => s.matches({ open: { access: 'waiting' } }));

    actor.send({ type: 'media.timeUpdate', currentTime: 71, duration: 100 });
    actor.send({ type: 'player.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(record.sessionsLive).toBe(0);
    // How far it was watched is kept on the phone at the close (the Today strip's "continue").
    expect(record.watched).toEqual([71]);
    clock.increment(TOKEN_REFRESH_MS * 10);
    expect(record.refreshCalls).toBe(2);
  });

  it('keeps refreshing after a failed refresh, and stops when closed while still preparing', async () => {
    const { actor, clock, record } = startPlayer(inputFor(clearVideo), { prepare: never, refresh: () => Promise.reject(new Error('offline')) });
    actor.send({ type: 'player.open' });
    clock.increment(TOKEN_REFRESH_MS);
    expect(record.refreshCalls).toBe(1);
    await waitFor(actor, (s) => s.matches({ open: { access: 'waiting' } }));
    clock.increment(TOKEN_REFRESH_MS);
    expect(record.refreshCalls).toBe(2);
    actor.send({ type: 'player.close' });
    clock.increment(TOKEN_REFRESH_MS * 5);
    expect(record.refreshCalls).toBe(2);
    expect(record.sessionsStarted).toBe(0);
  });

  it('moves the watermark every 2000 ms on a protected video, and never on a clear one', async () => {
    const guarded = startPlayer(inputFor(protectedVideo));
    guarded.actor.send({ type: 'player.open' });
    expect(guarded.actor.getSnapshot().matches({ open: { watermark: 'shown' } })).toBe(true);
    const spots: number[] = [guarded.actor.getSnapshot().context.watermarkSpot];
    for (let step = 0; step < WATERMARK_SPOTS.length; step += 1) {
      guarded.clock.increment(WATERMARK_MOVE_MS - 1);
      expect(guarded.actor.getSnapshot().context.watermarkSpot).toBe(spots.at(-1));
      guarded.clock.increment(1);
      spots.push(guarded.actor.getSnapshot().context.watermarkSpot);
    }
    // Each tick lands on a different spot than the one before.
    spots.slice(1).forEach((spot, index) => expect(spot).not.toBe(spots[index]));
    guarded.actor.send({ type: 'player.close' });
    const closedAt = guarded.actor.getSnapshot().context.watermarkSpot;
    guarded.clock.increment(WATERMARK_MOVE_MS * 5);
    expect(guarded.actor.getSnapshot().context.watermarkSpot).toBe(closedAt);

    const clear = startPlayer(inputFor(clearVideo));
    clear.actor.send({ type: 'player.open' });
    expect(clear.actor.getSnapshot().matches({ open: { watermark: 'hidden' } })).toBe(true);
    clear.clock.increment(WATERMARK_MOVE_MS * 5);
    expect(clear.actor.getSnapshot().context.watermarkSpot).toBe(0);
  });

  it('records completion once at 80 % and again at the end of playback', async () => {
    const { actor, record } = startPlayer(inputFor(clearVideo));
    actor.send({ type: 'player.open' });
    await waitFor(actor, (s) => s.matches({ open: { playback: 'attached' } }));
    actor.send({ type: 'media.playing' });
    actor.send({ type: 'media.timeUpdate', currentTime: 50, duration: 100 });
    actor.send({ type: 'media.timeUpdate', currentTime: 79.9, duration: 100 });
    expect(record.completions).toHaveLength(0);
    expect(actor.getSnapshot().context.progress).toBe(79);
    actor.send({ type: 'media.timeUpdate', currentTime: 80, duration: 100 });
    expect(record.completions).toEqual([{ contentId: 'v-clear', courseId: 'course-1', subjectId: 'subject-1', type: 'video' }]);
    await waitFor(actor, (s) => s.matches({ open: { completion: 'thresholdRecorded' } }));
    for (const time of [85, 90, 95]) actor.send({ type: 'media.timeUpdate', currentTime: time, duration: 100 });
    expect(record.completions).toHaveLength(1);
    actor.send({ type: 'media.timeUpdate', currentTime: 100, duration: 100 });
    actor.send({ type: 'media.ended' });
    expect(record.completions).toHaveLength(2);
    await waitFor(actor, (s) => s.matches({ open: { completion: 'endRecorded' } }));
    expect(actor.getSnapshot().matches({ open: { playback: { attached: { status: 'ended' } } } })).toBe(true);
    expect(shownProgress(actor.getSnapshot().context)).toBe(100);
  });

  it('does not retry a failed 80 % record, but still records at the end', async () => {
    const { actor, record } = startPlayer(inputFor(clearVideo), { markComplete: () => Promise.reject(new Error('offline')) });
    actor.send({ type: 'player.open' });
    await waitFor(actor, (s) => s.matches({ open: { playback: 'attached' } }));
    actor.send({ type: 'media.timeUpdate', currentTime: 90, duration: 100 });
    await waitFor(actor, (s) => s.matches({ open: { completion: 'thresholdRecorded' } }));
    actor.send({ type: 'media.timeUpdate', currentTime: 95, duration: 100 });
    expect(record.completions).toHaveLength(1);
    actor.send({ type: 'media.ended' });
    expect(record.completions).toHaveLength(2);
    expect(actor.getSnapshot().context.alreadyCompleted).toBe(false);
  });

  it('shows 100 % progress when completion data already lists the video', () => {
    const { actor } = startPlayer(inputFor(clearVideo, true));
    expect(shownProgress(actor.getSnapshot().context)).toBe(100);
    const fresh = startPlayer(inputFor(clearVideo, false));
    expect(shownProgress(fresh.actor.getSnapshot().context)).toBe(0);
  });

  it('seeks 10 s on a double click within 300 ms on a skip icon, not on two slow clicks', async () => {
    const { actor, clock, record } = startPlayer(inputFor(clearVideo));
    actor.send({ type: 'player.open' });
    await waitFor(actor, (s) => s.matches({ open: { playback: 'attached' } }));
    actor.send({ type: 'player.clickSkipIcon', direction: 'back' });
    clock.increment(DOUBLE_CLICK_MS - 1);
    actor.send({ type: 'player.clickSkipIcon', direction: 'back' });
    expect(record.commands).toEqual([{ type: 'media.skip', seconds: -10 }]);

    actor.send({ type: 'player.clickSkipIcon', direction: 'forward' });
    clock.increment(DOUBLE_CLICK_MS);
    actor.send({ type: 'player.clickSkipIcon', direction: 'forward' });
    expect(record.commands).toHaveLength(1);
    clock.increment(DOUBLE_CLICK_MS - 1);
    actor.send({ type: 'player.clickSkipIcon', direction: 'forward' });
    expect(record.commands.at(-1)).toEqual({ type: 'media.skip', seconds: 10 });

    // One click on each icon is not a double click.
    actor.send({ type: 'player.clickSkipIcon', direction: 'back' });
    actor.send({ type: 'player.clickSkipIcon', direction: 'forward' });
    expect(record.commands).toHaveLength(2);
  });

  it('accepts only the listed playback speeds and passes them to the player', async () => {
    const { actor, record } = startPlayer(inputFor(clearVideo));
    actor.send({ type: 'player.open' });
    await waitFor(actor, (s) => s.matches({ open: { playback: 'attached' } }));
    actor.send({ type: 'player.setRate', rate: 3 });
    expect(actor.getSnapshot().context.rate).toBe(1);
    for (const rate of [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]) {
      actor.send({ type: 'player.setRate', rate });
      expect(record.commands.at(-1)).toEqual({ type: 'media.setRate', rate });
    }
    // The chosen speed survives a reopen.
    actor.send({ type: 'player.close' });
    actor.send({ type: 'player.open' });
    await waitFor(actor, (s) => s.matches({ open: { playback: 'attached' } }));
    expect(record.sessionInputs.at(-1)?.rate).toBe(2);
  });

  it('takes a speed picked while the stream gets ready (a slow link) and starts the player at it', async () => {
    const { actor, record } = startPlayer(inputFor(clearVideo));
    actor.send({ type: 'player.open' });
    expect(actor.getSnapshot().matches({ open: { playback: 'preparing' } })).toBe(true);
    actor.send({ type: 'player.setRate', rate: 3 });
    actor.send({ type: 'player.setRate', rate: 1.5 });
    expect(actor.getSnapshot().context.rate).toBe(1.5);
    await waitFor(actor, (s) => s.matches({ open: { playback: 'attached' } }));
    expect(record.sessionInputs.at(-1)?.rate).toBe(1.5);
  });

  it('takes no skip while the stream gets ready, so the skip icons and buttons wait, and takes both once it plays', async () => {
    const { actor } = startPlayer(inputFor(clearVideo));
    actor.send({ type: 'player.open' });
    expect(actor.getSnapshot().matches({ open: { playback: 'preparing' } })).toBe(true);
    for (const direction of ['back', 'forward'] as const) {
      expect(actor.getSnapshot().can({ type: 'player.clickSkipIcon', direction })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'player.skip', direction })).toBe(false);
    }
    await waitFor(actor, (s) => s.matches({ open: { playback: 'attached' } }));
    for (const direction of ['back', 'forward'] as const) {
      expect(actor.getSnapshot().can({ type: 'player.clickSkipIcon', direction })).toBe(true);
      expect(actor.getSnapshot().can({ type: 'player.skip', direction })).toBe(true);
    }
  });

  it("fails with the server's words and plays after a retry", async () => {
    let attempts = 0;
    // Refused as the API client refuses: a status and the server's title.
    const refusal = Object.assign(new Error('[GET] "/api/media/token": 403 Forbidden'), { status: 403, title: 'Forbidden' });
    const { actor, record } = startPlayer(inputFor(protectedVideo), {
      prepare: () => (++attempts === 1 ? Promise.reject(refusal) : Promise.resolve({ token: 't', drm: null })),
    });
    actor.send({ type: 'player.open' });
    await waitFor(actor, (s) => s.matches({ open: { playback: 'failed' } }));
    expect(actor.getSnapshot().context.error).toBe('Forbidden');
    actor.send({ type: 'player.retry' });
    await waitFor(actor, (s) => s.matches({ open: { playback: 'attached' } }));
    expect(record.prepareCalls).toBe(2);
    expect(record.sessionsLive).toBe(1);
    actor.send({ type: 'media.error', message: 'The video licence could not be obtained (error 6007).' });
    expect(actor.getSnapshot().matches({ open: { playback: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toContain('licence');
    expect(record.sessionsLive).toBe(0);
  });

  it('opens a hosted-player video with one stream token, without the stream player or refresh', async () => {
    const { actor, clock, record } = startPlayer(inputFor(hostedVideo));
    actor.send({ type: 'player.open' });
    await waitFor(actor, (s) => s.matches({ open: { playback: 'embedded' } }));
    expect(actor.getSnapshot().matches({ open: { access: 'notNeeded' } })).toBe(true);
    expect(actor.getSnapshot().context.access?.token).toBe('token-0');
    clock.increment(TOKEN_REFRESH_MS * 3);
    expect(record.prepareCalls).toBe(1);
    expect(record.refreshCalls + record.sessionsStarted).toBe(0);
  });

  it('plays a video-sharing site video in its embed without any token', () => {
    const { actor, clock, record } = startPlayer(inputFor(sharingVideo));
    actor.send({ type: 'player.open' });
    expect(actor.getSnapshot().matches({ open: { playback: 'embedded', access: 'notNeeded' } })).toBe(true);
    clock.increment(TOKEN_REFRESH_MS * 3);
    expect(record.refreshCalls + record.prepareCalls + record.sessionsStarted).toBe(0);
  });
});

/** The command a player event must hand to the running media session. */
const expectedCommand: Record<string, MediaCommand['type']> = {
  'player.play': 'media.play',
  'player.pause': 'media.pause',
  'player.seek': 'media.seek',
  'player.skip': 'media.skip',
  'player.setRate': 'media.setRate',
  'player.selectQuality': 'media.selectQuality',
};

// Every path of every video kind, replayed on a real actor whose services never answer (the path itself
// delivers their results). Delayed events are sent, so one region's timer does not fire another's.
describePaths('video player paths', models, {
  delays: 'send',
  start: ({ input, inspect }) => ({ ...startPlayer(input as VideoPlayerInput, { prepare: never, refresh: never, markComplete: never }, inspect) }),
  check: ({ actor, record }, step, before) => {
    const snapshot = actor.getSnapshot();
    const wasAttached = before.matches({ open: { playback: 'attached' } });
    expect(snapshot.context.pendingSkip).toEqual(step.state.context.pendingSkip);
    // Exactly one media session runs while attached, none otherwise.
    expect(record.sessionsLive).toBe(snapshot.matches({ open: { playback: 'attached' } }) ? 1 : 0);
    const command = expectedCommand[step.event.type];
    const sent = record.commands.slice(record.commandsSeen).map((c) => c.type);
    record.commandsSeen = record.commands.length;
    if (command && wasAttached) expect(sent).toEqual([command]);
    if (step.event.type === 'xstate.done.actor.refreshToken' && wasAttached) expect(record.commands.at(-1)).toEqual({ type: 'media.setToken', token: 'token-1' });
  },
  finish: ({ actor, clock, record }) => {
    if (!actor.getSnapshot().matches('closed')) return;
    // Closed means quiet: no refresh, no watermark move, no player.
    const before = { refresh: record.refreshCalls, spot: actor.getSnapshot().context.watermarkSpot };
    clock.increment(TOKEN_REFRESH_MS * 5);
    expect(record.refreshCalls).toBe(before.refresh);
    expect(actor.getSnapshot().context.watermarkSpot).toBe(before.spot);
    expect(record.sessionsLive).toBe(0);
  },
});
