// The mapping kit of the model tests that drive the real app (tests/support/model-driver.ts), without a browser:
// event names, look-ahead, and the refusal of a path whose events or states the mapping does not cover.
import { describe, expect, it } from 'vitest';
import { drivePath, eventName, nextEvent, playedPaths, type ScreenMapping } from '../support/model-driver';
import { machinePaths } from '../support/machine-paths';
import { models } from '../models/registration.model';
import type { Page } from 'playwright-core';

const model = models[0]!;
const paths = machinePaths(model);
const start = paths.find((path) => path.steps.length === 0)!.state;
const wrongCodePath = paths.find((path) => path.steps.some((step) => eventName(step.event) === 'error(verifying)'))!;

describe('model driver', () => {
  it('names events by type, by the invoking state for actors and by the delay for timers', () => {
    expect(eventName({ type: 'phone.submit' })).toBe('phone.submit');
    expect(eventName({ type: 'xstate.done.actor.0.registration.requestingOtp' })).toBe('done(requestingOtp)');
    expect(eventName({ type: 'xstate.error.actor.0.registration.awaitingOtp.resending' })).toBe('error(awaitingOtp.resending)');
    expect(eventName({ type: 'xstate.done.actor.delivery' })).toBe('done(delivery)');
    expect(eventName({ type: 'xstate.after.resendWait.registration.awaitingOtp.coolingDown' })).toBe('after(resendWait)');
  });

  it('plays a path within a longer one that begins with its steps, and every step of every path still', () => {
    const played = playedPaths(paths);
    expect(played.length).toBeLessThan(paths.length);
    const steps = (path: (typeof paths)[number]) => path.steps.map((step) => JSON.stringify(step.event));
    for (const path of paths) {
      expect(played.some((longer) => steps(path).every((event, index) => event === steps(longer)[index])), path.description).toBe(true);
    }
    // No played path is the beginning of another played path.
    for (const path of played) expect(played.filter((other) => other !== path && steps(path).every((event, index) => event === steps(other)[index]))).toEqual([]);
  });

  it('looks ahead along a path for the next event of a name', () => {
    const step = { ...wrongCodePath.steps[0]!, index: 0, path: wrongCodePath };
    const verdict = nextEvent(step, 'error(verifying)');
    expect(verdict && eventName(verdict.event)).toBe('error(verifying)');
    expect(nextEvent(step, 'done(signingIn)')).toBeUndefined();
  });

  it('refuses a path whose events and states the mapping does not cover, before opening anything', async () => {
    let started = false;
    const mapping: ScreenMapping<{ page: Page }> = {
      start: async () => {
        started = true;
        throw new Error('not to be opened');
      },
      events: { 'phone.submit': async () => {} },
      states: { enteringPhone: async () => {} },
    };
    await expect(drivePath(model, wrongCodePath, mapping, start)).rejects.toThrow(/no mapping for event done\(requestingOtp\),.* state requestingOtp/);
    expect(started).toBe(false);
  });
});
