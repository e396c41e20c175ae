// Model tests that drive the real app: the paths generated from a path model (tests/models) played in
// Chromium against a real server. Each event of a path maps to what a person does (type, click, go
// offline, let the clock run) or to what the server is let to answer; each state maps to what must be on
// screen. After every step the checks of the states the path says the machine is in run; the path fails
// when the screen does not match.
//
//   interface ScreenMapping<W extends { page: Page }> {
//     start(path): Promise<W>;         a fresh browser context with the screen open at the machine's start
//     events: { [name]: (world, step) => Promise<void> };
//                                      what a person does for an event, by eventName(event): the event type
//                                      ('phone.submit'), 'done(requestingOtp)' / 'error(verifying)' for an
//                                      invoked actor's answer (by the invoking state's key), 'after(resendWait)'
//                                      for a delayed transition
//     states: { [statePath]: (world, step) => Promise<void> };
//                                      the screen check of a state node, by its path inside the machine
//                                      ('awaitingOtp.coolingDown.ticking'); the check of every active node
//                                      that has one runs, and every active atomic node must have one
//     finish?(world): Promise<void>;   checks at the end (the context is closed afterwards anyway)
//   }
//   describeScreenPaths(title, model, mapping, { timeout? })
//       One test per generated path (machinePaths), each in its own browser context (drivePath); a path whose
//       event or state has no mapping fails with the missing names before anything opens. A path whose steps
//       begin another path (the way to a state that a transition's path goes on from) is played within that
//       one, whose checks after every step cover it (playedPaths).
//   interface DriverStep { event, state (the snapshot the step leads to, context included), index, path }
//       step.state is computed along this very path (the traversal may have keyed it by a coarser state):
//       checks compare the screen with its context (the countdown's seconds, the typed code, online or not),
//       so a step that changes nothing visible still proves itself.
//   holdRequests(page, patterns): Promise<HeldRequests>
//       Holds the app's requests whose path matches one of the patterns, so a loading state stays on screen
//       until the path's next step lets the server answer: `held.answer(pattern, meanwhile?)` lets the held
//       request through to the real server (and returns its answer), `held.fail(pattern)` fails it as a lost
//       connection would, `held.made(pattern)` waits for the app to make one, `held.count(pattern)` counts
//       them. Other requests pass untouched.
//   toastShown(page, text, kind?): waits for a toast, also while the page's clock stands still (the toaster
//       shows a toast from a zero-delay timer: zero time is let pass, nothing later fires).
//   payload<T>(step) reads the event's fields; eventName(event), nextEvent(step, name) look ahead (which code
//       to type when the server will refuse it).
import { describe, expect, it } from 'vitest';
import { getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import type { APIResponse, Page, Route } from 'playwright-core';
import { toast } from './browser';
import { activeNodes, describeEvent, machinePaths, stateLabel, withPendingActors, type MachinePath, type PathModel } from './machine-paths';

export interface DriverStep {
  event: EventObject;
  /** The snapshot the step leads to, as the path computed it. */
  state: AnyMachineSnapshot;
  /** 0-based step number; -1 for the start. */
  index: number;
  path: MachinePath;
}

export interface ScreenMapping<W extends { page: Page }> {
  start(path: MachinePath): Promise<W>;
  events: Record<string, (world: W, step: DriverStep) => Promise<void>>;
  states: Record<string, (world: W, step: DriverStep) => Promise<void>>;
  finish?(world: W): Promise<void>;
}

/** The key of an event in a mapping: its type, 'done(state)' / 'error(state)' for actors, 'after(delay)' for delays. */
export function eventName(event: EventObject): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (actor) {
    // '0.registration.awaitingOtp.resending' names the invoking state; an invoke with its own id keeps it.
    const parts = actor[2]!.replace(/^\d+\./, '').split('.');
    return `${actor[1]}(${parts.length > 1 ? parts.slice(1).join('.') : parts[0]})`;
  }
  const delayed = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (delayed) return `after(${delayed[1]})`;
  // A machine's own delayed event (a debounce, PathModel.pauses): the time passes, nothing is done.
  const pause = (event as { afterPause?: string }).afterPause;
  if (pause) return `pause(${pause})`;
  return event.type;
}

/** The step's event with the fields the model gives it (a sample payload, an actor's output or error). */
export const payload = <T>(step: Pick<DriverStep, 'event'>): EventObject & T => step.event as EventObject & T;

/** The first step after `step` whose event is named `name`, if the path has one. */
export function nextEvent(step: DriverStep, name: string): DriverStep | undefined {
  for (let index = step.index + 1; index < step.path.steps.length; index++) {
    const later = step.path.steps[index]!;
    if (eventName(later.event) === name) return { ...later, index, path: step.path };
  }
  return undefined;
}

/** The state nodes' paths inside the machine ('awaitingOtp.coolingDown'), the root left out. */
const activePaths = (snapshot: AnyMachineSnapshot) =>
  activeNodes(snapshot)
    .filter((node) => node.path.length > 0)
    .map((node) => ({ key: node.path.join('.'), atomic: node.type === 'atomic' || node.type === 'final' }));

/** The events and states a path meets that the mapping does not cover. */
function unmapped<W extends { page: Page }>(path: MachinePath, start: AnyMachineSnapshot, mapping: ScreenMapping<W>): string[] {
  const missing = new Set<string>();
  for (const step of path.steps) if (!mapping.events[eventName(step.event)]) missing.add(`event ${eventName(step.event)}`);
  for (const snapshot of [start, ...path.steps.map((step) => step.state)]) {
    for (const node of activePaths(snapshot)) if (node.atomic && !mapping.states[node.key]) missing.add(`state ${node.key}`);
  }
  return [...missing];
}

async function checkScreen<W extends { page: Page }>(world: W, mapping: ScreenMapping<W>, step: DriverStep): Promise<void> {
  for (const node of activePaths(step.state)) {
    const check = mapping.states[node.key];
    if (!check) continue;
    try {
      await check(world, step);
    } catch (error) {
      const where = step.index < 0 ? 'at the start' : `after step ${step.index + 1} (${describeEvent(step.event)})`;
      throw new Error(`${where} the screen does not show ${node.key} (${stateLabel(step.state)}): ${(error as Error).message.split('\n')[0]}`, { cause: error });
    }
  }
}

/**
 * The path with each step's snapshot computed along this very path. The traversal keys states by the model's
 * serializeState, so a generated step may carry the context of another way to the same key (a code typed on
 * another path): the screen is compared with the context this path builds.
 */
function alongPath(model: PathModel, path: MachinePath, start: AnyMachineSnapshot): MachinePath {
  const machine = withPendingActors(model.machine, model.provide);
  let snapshot = start;
  const steps = path.steps.map((step) => {
    snapshot = getNextSnapshot(machine, snapshot, step.event) as AnyMachineSnapshot;
    if (JSON.stringify(snapshot.value) !== JSON.stringify(step.state.value)) throw new Error(`${describeEvent(step.event)} leads to ${stateLabel(snapshot)}, the path says ${stateLabel(step.state)}`);
    return { event: step.event, state: snapshot };
  });
  return { ...path, steps, state: snapshot };
}

/** Plays one path on the screen: the start state's checks, then each step's action and its state's checks. */
export async function drivePath<W extends { page: Page }>(model: PathModel, generated: MachinePath, mapping: ScreenMapping<W>, start: AnyMachineSnapshot): Promise<void> {
  const path = alongPath(model, generated, start);
  const missing = unmapped(path, start, mapping);
  if (missing.length) throw new Error(`no mapping for ${missing.join(', ')}`);
  const world = await mapping.start(path);
  try {
    await checkScreen(world, mapping, { event: { type: 'xstate.init' }, state: start, index: -1, path });
    for (const [index, pathStep] of path.steps.entries()) {
      const step = { ...pathStep, index, path };
      await mapping.events[eventName(step.event)]!(world, step);
      await checkScreen(world, mapping, step);
    }
    await mapping.finish?.(world);
  } finally {
    await world.page.context().close();
  }
}

/** The snapshot a model's machine starts in (the first state path's, before any step). */
function startSnapshot(paths: MachinePath[]): AnyMachineSnapshot {
  const first = paths.find((path) => path.steps.length === 0);
  if (!first) throw new Error('the paths do not include the start state');
  return first.state;
}

const stepsKey = (path: MachinePath) => path.steps.map((step) => JSON.stringify(step.event));

/**
 * The paths worth a browser of their own: a path whose steps are the beginning of another path's (or the same
 * steps again) is left to that one, which checks the screen after each of those steps too.
 */
export function playedPaths(paths: MachinePath[]): MachinePath[] {
  const keys = paths.map(stepsKey);
  const within = (inner: string[], outer: string[]) => inner.length <= outer.length && inner.every((event, index) => event === outer[index]);
  return paths.filter((_, index) =>
    keys.every((other, otherIndex) => otherIndex === index || !within(keys[index]!, other) || (keys[index]!.length === other.length && index < otherIndex)),
  );
}

export function describeScreenPaths<M extends AnyStateMachine, W extends { page: Page }>(
  title: string,
  model: PathModel<M>,
  mapping: ScreenMapping<W>,
  options: { timeout?: number } = {},
): void {
  describe(title, () => {
    const generated = machinePaths(model);
    const start = startSnapshot(generated);
    it.each(playedPaths(generated).map((path) => [path.description, path] as const))('%s', { timeout: options.timeout ?? 30_000 }, async (_, path) => {
      await drivePath(model as PathModel, path, mapping, start);
    });
  });
}

export interface HeldRequests {
  /**
   * Lets the held request whose path matches `pattern` through to the server (waiting for the app to make it
   * first) and hands the server's answer to the page; `meanwhile` runs around the server's turn (e.g. moves
   * the server's clock and back).
   */
  answer(pattern: RegExp, meanwhile?: { before?: () => unknown; after?: () => unknown }): Promise<APIResponse>;
  /** Fails the held request as a lost connection would. */
  fail(pattern: RegExp): Promise<void>;
  /** Waits until the app has made a request matching `pattern` (it stays held). */
  made(pattern: RegExp): Promise<void>;
  /** How many requests matching `pattern` are held now. */
  count(pattern: RegExp): number;
}

export async function holdRequests(page: Page, patterns: RegExp[]): Promise<HeldRequests> {
  const held: { route: Route; path: string }[] = [];
  const waiters: (() => void)[] = [];
  await page.route(
    (url) => patterns.some((pattern) => pattern.test(url.pathname)),
    (route) => {
      held.push({ route, path: new URL(route.request().url()).pathname });
      waiters.splice(0).forEach((wake) => wake());
    },
  );
  const take = async (pattern: RegExp, keep = false) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const index = held.findIndex((request) => pattern.test(request.path));
      if (index >= 0) return keep ? held[index]!.route : held.splice(index, 1)[0]!.route;
      if (Date.now() > deadline) throw new Error(`the app made no request to ${pattern} (held: ${held.map((r) => r.path).join(', ') || 'none'})`);
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 200);
      });
    }
  };
  return {
    answer: async (pattern, meanwhile) => {
      const route = await take(pattern);
      await meanwhile?.before?.();
      let response;
      try {
        response = await route.fetch();
      } finally {
        await meanwhile?.after?.();
      }
      await route.fulfill({ response });
      return response;
    },
    fail: async (pattern) => (await take(pattern)).abort('internetdisconnected'),
    made: async (pattern) => void (await take(pattern, true)),
    count: (pattern) => held.filter((request) => pattern.test(request.path)).length,
  };
}

/**
 * Lets the page's paused clock run a second at a time, a real moment between, until `done`: timers the app set
 * meanwhile (a socket's reconnection) fire, and the network answers in real time.
 */
export async function runClockUntil(page: Page, done: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let second = 0; second < 60; second++) {
    if (await done()) return;
    await page.clock.runFor(1_000);
    await page.waitForTimeout(100);
  }
  throw new Error(`${what}: not within a minute of the page's clock`);
}

/** The app's offline banner, shown while the server cannot be reached. */
export const offlineBanner = (page: Page) => page.getByText(/^You are offline\./);

/** The phone loses its connection (the app shows it is offline) and gets it back, then `done` is waited for. */
export async function connectionReturns(page: Page, done: () => Promise<boolean> | boolean, what: string): Promise<void> {
  await page.context().setOffline(true);
  await offlineBanner(page).waitFor();
  await page.context().setOffline(false);
  await runClockUntil(page, done, what);
}

/** A toast with `text` (and of `kind`) on screen; the page's clock may stand still (see the header). */
export async function toastShown(page: Page, text: string | undefined, kind?: 'success' | 'error' | 'warning' | 'info'): Promise<void> {
  const shown = toast(page, text, kind);
  await expect
    .poll(async () => {
      await page.clock.runFor(0);
      return shown.count();
    }, { message: `no ${kind ?? ''} toast ${text ?? ''}` })
    .toBeGreaterThan(0);
}
