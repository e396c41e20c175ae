// Path-based machine tests and test plans: generate paths from a shipped machine with xstate/graph, replay each
// on a real actor (fake services, SimulatedClock), and prove every state and every transition was taken.
// Only XState's public API is used: getStateNodes, snapshot.matches, machine.getTransitionData and the
// '@xstate.event' / '@xstate.microstep' inspection events.
//
//   interface PathModel<M> {                       (one per machine in tests/models/<machine>.model.ts)
//     name?: string;                               which variant, when a machine has several models
//     machine: M;                                  the shipped machine (not yet provided)
//     events: EventObject[] | (snapshot) => EventObject[];
//                                                  what the outside sends, with sample payloads
//                                                  (several samples of one type = several branches)
//     outcomes?: { [invokeSrc]: { done?: unknown[]; error?: unknown[] } };
//                                                  results of invoked actors, by their `src` name;
//                                                  each becomes an xstate.done.actor / xstate.error.actor step
//     input?: InputFrom<M>;
//     serializeState?: (snapshot) => string;       what makes two states different (default: value + context;
//                                                  pass a coarser one when context counts, e.g. a countdown)
//     provide?: Parameters<M['provide']>[0];       extra implementations for the replay (e.g. spies on actions)
//     pauses?: { delay, waiting(snapshot) }[];     events the machine raises itself after a named delay
//                                                  (`raise(event, { delay })`, a debounce): `waiting` lists
//                                                  those scheduled in a snapshot; each is a step "pause(…)"
//                                                  that the replay plays by advancing the clock by the delay
//   }
//   machinePaths(model): MachinePath[]
//       First the shortest path to every state node, then the shortest path taking each transition (an
//       evented one, or an eventless one in the macrostep that follows). `path.description` names it for it.each.
//   runPath(model, path, replay?): { snapshot, states: Set<string>, transitions: Set<string> }
//       Replays the path on createActor(machine.provide(fakes)) with a SimulatedClock: plain events are
//       sent, invoke results are sent as done/error events while the fake child is still pending, and
//       delayed (after) steps advance the clock by the delay (or, with `delays: 'send'`, are sent as events,
//       so that one parallel region's timer does not fire another's). Throws when the actor ends elsewhere
//       than the path says. `replay.start` builds the actor with recording fakes, `replay.check` checks
//       every step, `replay.finish` the end.
//   describePaths(title, models, replay?)   the vitest block: one test per path, then "takes every state
//       and every transition", which fails with the states and transitions no path took.
//   allStates(machine), allTransitions(machine), new CoverageRecorder(machine) for the coverage itself.
//   withPendingActors(machine, provide?): the machine as the paths see it (every invoked actor never answers).
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromCallback,
  getNextSnapshot,
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
} from 'xstate';
import { getShortestPaths, getStateNodes, type StatePath } from 'xstate/graph';

export interface PathModel<M extends AnyStateMachine = AnyStateMachine> {
  name?: string;
  machine: M;
  events: EventFromLogic<M>[] | ((snapshot: AnyMachineSnapshot) => EventFromLogic<M>[]);
  outcomes?: Record<string, { done?: unknown[]; error?: unknown[] }>;
  input?: InputFrom<M>;
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  provide?: Parameters<M['provide']>[0];
  pauses?: Pause[];
}

/** A debounce: events the machine raises itself once a named delay has passed (see PathModel.pauses). */
export interface Pause {
  /** The name of the delay in the machine's `delays`. */
  delay: string;
  /** The events scheduled in this snapshot (read from its context), each raised when the delay has passed. */
  waiting: (snapshot: AnyMachineSnapshot) => EventObject[];
}

/** Marks a step that is a pause: the replay advances the clock by this delay instead of sending the event. */
const PAUSE = 'afterPause';
const pauseOf = (event: EventObject): string | undefined => (event as { [PAUSE]?: string })[PAUSE];

export interface PathStep {
  event: EventObject;
  /** The snapshot the step leads to. */
  state: AnyMachineSnapshot;
}

export interface MachinePath {
  /** A path to a state node, or a path ending with a transition. */
  kind: 'state' | 'transition';
  /** The state node ids (kind 'state') or transition keys (kind 'transition') the path is there for. */
  goals: string[];
  description: string;
  steps: PathStep[];
  state: AnyMachineSnapshot;
}

export interface PathRun {
  snapshot: AnyMachineSnapshot;
  states: Set<string>;
  transitions: Set<string>;
}

/** Every state node, the root included, in document order. */
const stateNodes = (machine: AnyStateMachine): AnyStateNode[] => [machine.root, ...getStateNodes(machine.root)];

export const allStates = (machine: AnyStateMachine): string[] => stateNodes(machine).map((node) => node.id);

/** A state node's path as a state value that `snapshot.matches` takes: ['a', 'b', 'c'] → { a: { b: 'c' } }. */
function valueOf(path: readonly string[]): unknown {
  return path.slice(0, -1).reduceRight<unknown>((value, key) => ({ [key]: value }), path.at(-1));
}

/** The state nodes a snapshot is in, the root first. */
export function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return stateNodes(snapshot.machine).filter((node) => node.path.length === 0 || snapshot.matches(valueOf(node.path) as never));
}

/** The state nodes entered by starting the machine, before any eventless transition. */
function initialNodeIds(machine: AnyStateMachine): Set<string> {
  const ids = new Set<string>();
  const enter = (node: AnyStateNode) => {
    ids.add(node.id);
    if (node.type === 'parallel') Object.values(node.states).forEach((child) => enter(child as AnyStateNode));
    if (node.type === 'compound') {
      for (const target of node.initial.target as AnyStateNode[]) {
        for (let up = target.parent; up && up !== node; up = up.parent) ids.add(up.id);
        enter(target);
      }
    }
  };
  enter(machine.root);
  return ids;
}

function guardName(transition: AnyTransitionDefinition): string {
  if (!transition.guard) return '';
  const guard = transition.guard as unknown;
  return ` [${typeof guard === 'string' ? guard : ((guard as { type?: string }).type ?? 'inline guard')}]`;
}

/** "source: event#index [guard] -> targets"; the index tells apart guarded alternatives of one event. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source as AnyStateNode;
  const list = transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  const targets = transition.target ? transition.target.map((t: AnyStateNode) => t.id).join(', ') : '(stays)';
  return `${source.id}: ${transition.eventType || 'always'}#${list.indexOf(transition)}${guardName(transition)} -> ${targets}`;
}

export function allTransitions(machine: AnyStateMachine): string[] {
  return stateNodes(machine).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map(transitionKey));
}

/**
 * The eventless transitions one microstep took, told from the state nodes before and after it: a targeted
 * transition of an active state whose targets are all active after it and that left its source or entered a
 * target; a targetless one when nothing changed. Alternatives of one state that cannot be told apart so are
 * refused rather than guessed.
 */
export function eventlessTaken(machine: AnyStateMachine, before: Set<string>, after: Set<string>): AnyTransitionDefinition[] {
  const unchanged = before.size === after.size && [...before].every((id) => after.has(id));
  const taken: AnyTransitionDefinition[] = [];
  for (const node of stateNodes(machine)) {
    if (!before.has(node.id) || !node.always?.length) continue;
    const targeted = node.always.filter((t) => {
      const targets = (t.target ?? []) as AnyStateNode[];
      if (!targets.length || !targets.every((target) => after.has(target.id))) return false;
      return !after.has(node.id) || targets.some((target) => !before.has(target.id));
    });
    const matches = targeted.length ? targeted : unchanged ? node.always.filter((t) => !t.target?.length) : [];
    if (matches.length > 1) throw new Error(`cannot tell which eventless transition of ${node.id} was taken: ${matches.map(transitionKey).join('; ')}`);
    taken.push(...matches);
  }
  return taken;
}

/** Every actor of the machine replaced by one that never finishes: results arrive as path steps. */
export function withPendingActors<M extends AnyStateMachine>(machine: M, extra?: Parameters<M['provide']>[0]): M {
  const names = Object.keys((machine.implementations as { actors?: Record<string, unknown> }).actors ?? {});
  const pending = Object.fromEntries(names.map((name) => [name, fromCallback(() => () => {})]));
  const provided = machine.provide({ actors: pending } as Parameters<M['provide']>[0]) as M;
  return extra ? (provided.provide(extra) as M) : provided;
}

/** The events a state can take: the model's own, plus invoke outcomes and delayed transitions. */
function eventsOf(model: PathModel, snapshot: AnyMachineSnapshot): EventObject[] {
  const own = typeof model.events === 'function' ? model.events(snapshot) : model.events;
  const generated: EventObject[] = [];
  for (const node of activeNodes(snapshot)) {
    for (const invoke of node.invoke) {
      const outcome = model.outcomes?.[invoke.src as string];
      for (const output of outcome?.done ?? []) generated.push({ type: `xstate.done.actor.${invoke.id}`, output } as EventObject);
      for (const error of outcome?.error ?? []) generated.push({ type: `xstate.error.actor.${invoke.id}`, error } as EventObject);
    }
    for (const delayed of node.after) generated.push({ type: delayed.eventType });
  }
  for (const pause of model.pauses ?? []) for (const event of pause.waiting(snapshot)) generated.push({ ...event, [PAUSE]: pause.delay } as EventObject);
  return [...own, ...generated];
}

const invokeName = (id: string) => id.replace(/^\d+\./, '').split('.').pop()!;

/** A short name of an event for test titles: "phone.submit(phone=017…)", "done(requestOtp)", "after(tick)". */
export function describeEvent(event: EventObject): string {
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (done) return `${done[1]}(${invokeName(done[2]!)})`;
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) return `after(${after[1]})`;
  const pause = pauseOf(event);
  const payload = Object.entries(event)
    .filter(([key]) => key !== 'type' && key !== PAUSE)
    .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value)?.slice(0, 24) : String(value)}`)
    .join(' ');
  const named = payload ? `${event.type}(${payload})` : event.type;
  return pause ? `pause(${pause}: ${named})` : named;
}

export const stateLabel = (snapshot: AnyMachineSnapshot) => (typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value));

const describeSteps = (steps: PathStep[]) => steps.map((step) => describeEvent(step.event)).join(' → ') || '(start)';

/**
 * The transitions one event takes from a snapshot, eventless and raised ones included: played on an actor restored
 * from the snapshot, with the replay's implementations (its actions run as they do in runPath).
 */
function transitionsTaken(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): Set<string> {
  const probe = coverageInspector(machine);
  const actor = createActor(machine, { snapshot: machine.getPersistedSnapshot(snapshot) as never, clock: new SimulatedClock(), inspect: probe.inspect });
  actor.subscribe({ error: (error) => (failure = error) });
  let failure: unknown;
  actor.start();
  probe.seen(actor.getSnapshot() as AnyMachineSnapshot);
  actor.send(event);
  actor.stop();
  if (failure) throw new Error(`${describeEvent(event)} from ${stateLabel(snapshot)} failed: ${String(failure)}`);
  return probe.transitions;
}

/** The shortest path to every state node, then the shortest path taking each transition. */
export function machinePaths<M extends AnyStateMachine>(model: PathModel<M>): MachinePath[] {
  const machine = withPendingActors(model.machine);
  const replayed = withPendingActors(model.machine, model.provide);
  const events = (snapshot: AnyMachineSnapshot) => eventsOf(model as PathModel, snapshot);
  const statePaths = (
    getShortestPaths(machine, {
      events: events as never,
      input: model.input,
      // A context that grows forever (a counter) would never end the traversal: fail instead of hanging.
      limit: 50_000,
      ...(model.serializeState ? { serializeState: model.serializeState as never } : {}),
    }) as StatePath<AnyMachineSnapshot, EventObject>[]
  ).map((path) => ({ state: path.state, steps: path.steps.filter((step) => step.event.type !== 'xstate.init') as PathStep[] }));

  // To every state node: the shortest path that ends in it.
  const toNode = new Map<string, (typeof statePaths)[number]>();
  for (const path of statePaths) {
    for (const node of activeNodes(path.state)) {
      const known = toNode.get(node.id);
      if (!known || known.steps.length > path.steps.length) toNode.set(node.id, path);
    }
  }
  const paths: MachinePath[] = [];
  for (const id of allStates(model.machine)) {
    const path = toNode.get(id);
    if (!path) continue;
    const same = paths.find((p) => p.kind === 'state' && p.steps === path.steps);
    if (same) same.goals.push(id);
    else paths.push({ kind: 'state', goals: [id], description: `reach ${stateLabel(path.state)}: ${describeSteps(path.steps)}`, steps: path.steps, state: path.state });
  }

  // Each transition by its shortest path: the transitions an event takes, and the eventless ones that follow
  // in the same macrostep (told from its microsteps).
  const shortest = new Map<string, MachinePath>();
  for (const path of statePaths) {
    if (path.state.status !== 'active') continue;
    for (const event of events(path.state)) {
      // Every transition counts, also one that only ignores the event (`on: { 'x': {} }`), which `can` would not report.
      const evented = machine.getTransitionData(path.state as never, event as never).map(transitionKey);
      if (!evented.length) continue;
      const taken = transitionsTaken(replayed, path.state, event);
      const next = getNextSnapshot(machine as AnyStateMachine, path.state, event) as AnyMachineSnapshot;
      const steps = [...path.steps, { event, state: next }];
      const candidate: MachinePath = { kind: 'transition', goals: [], description: `${describeSteps(steps)} ⇒ ${stateLabel(next)}`, steps, state: next };
      for (const key of new Set([...evented, ...taken])) {
        const known = shortest.get(key);
        if (!known || known.steps.length > steps.length) shortest.set(key, candidate);
      }
    }
  }
  for (const key of allTransitions(model.machine)) {
    const path = shortest.get(key);
    if (!path) continue;
    if (!path.goals.length) paths.push(path);
    path.goals.push(key);
  }
  // Test titles must differ: two sample payloads may read alike once shortened.
  const titles = new Map<string, number>();
  for (const path of paths) {
    const count = (titles.get(path.description) ?? 0) + 1;
    titles.set(path.description, count);
    if (count > 1) path.description += ` (${count})`;
  }
  return paths;
}

/** The milliseconds of a named delay of the machine. */
function namedDelay(machine: AnyStateMachine, name: string, snapshot: AnyMachineSnapshot, eventType: string): number {
  const named = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof named === 'number') return named;
  if (typeof named === 'function') return (named as (args: { context: unknown; event: EventObject }) => number)({ context: snapshot.context, event: { type: eventType } });
  throw new Error(`delay ${name} is not defined`);
}

function delayOf(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, eventType: string): number {
  for (const node of activeNodes(snapshot)) {
    const delayed = node.after.find((t) => t.eventType === eventType) as { delay: number | string } | undefined;
    if (!delayed) continue;
    if (typeof delayed.delay === 'number') return delayed.delay;
    return namedDelay(machine, delayed.delay, snapshot, eventType);
  }
  throw new Error(`no active state waits for ${eventType}`);
}

/** What runPath hands to `replay.start`: the machine with pending actors, and the clock and inspector to use. */
export interface ReplayKit {
  machine: AnyStateMachine;
  input: unknown;
  clock: SimulatedClock;
  inspect: (inspection: InspectionEvent) => void;
}

export interface Replay<W extends { actor: AnyActorRef } = { actor: AnyActorRef }> {
  /** 'clock' (default): advance the simulated clock by the delay; 'send': send the delayed event itself. */
  delays?: 'clock' | 'send';
  /** Build the actor (e.g. with recording fakes provided on kit.machine); it must use kit.clock and kit.inspect. */
  start?: (kit: ReplayKit) => W;
  /** Checks after each step; `before` is the snapshot the step started from. */
  check?: (world: W, step: PathStep, before: AnyMachineSnapshot) => void;
  /** Checks at the end of the path. */
  finish?: (world: W) => void;
}

/** Records the states entered and the transitions taken by the root machine of an inspected actor. */
function coverageInspector(machine: AnyStateMachine) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  let beforeIds = initialNodeIds(machine);
  let before: AnyMachineSnapshot | undefined;
  let lastEvent: EventObject | undefined;
  beforeIds.forEach((id) => states.add(id));
  const seen = (snapshot: AnyMachineSnapshot) => {
    before = snapshot;
    beforeIds = new Set(activeNodes(snapshot).map((node) => node.id));
    beforeIds.forEach((id) => states.add(id));
  };
  const inspect = (inspection: InspectionEvent) => {
    // Only the machine under test; its (fake) children report too.
    if (inspection.actorRef.sessionId !== inspection.rootId) return;
    if (inspection.type === '@xstate.event') lastEvent = undefined;
    if (inspection.type === '@xstate.microstep') {
      const after = inspection.snapshot as AnyMachineSnapshot;
      const afterIds = new Set(activeNodes(after).map((node) => node.id));
      // A later microstep of the same event is eventless; a new event object is the sent or a raised event.
      const eventless = inspection.event === lastEvent || inspection.event.type === 'xstate.init';
      const taken = eventless ? eventlessTaken(machine, beforeIds, afterIds) : before ? machine.getTransitionData(before as never, inspection.event as never) : [];
      taken.forEach((t) => transitions.add(transitionKey(t)));
      lastEvent = inspection.event;
      seen(after);
    }
    if (inspection.type === '@xstate.snapshot') seen(inspection.snapshot as AnyMachineSnapshot);
  };
  return { inspect, states, transitions, seen };
}

export function runPath<M extends AnyStateMachine, W extends { actor: AnyActorRef } = { actor: AnyActorRef }>(
  model: PathModel<M>,
  path: Pick<MachinePath, 'steps'>,
  replay: Replay<W> = {},
): PathRun {
  const machine: AnyStateMachine = withPendingActors(model.machine, model.provide);
  const clock = new SimulatedClock();
  const coverage = coverageInspector(model.machine);
  const kit: ReplayKit = { machine, input: model.input, clock, inspect: coverage.inspect };
  const world = replay.start ? replay.start(kit) : ({ actor: createActor(machine, { clock, input: model.input, inspect: coverage.inspect }) } as unknown as W);
  const actor = world.actor;
  actor.start();
  coverage.seen(actor.getSnapshot());
  for (const [index, step] of path.steps.entries()) {
    const before = actor.getSnapshot() as AnyMachineSnapshot;
    const pause = pauseOf(step.event);
    // A pause lets the machine's own scheduled event arrive: the clock moves, nothing is sent.
    if (pause) clock.increment(namedDelay(machine, pause, before, step.event.type));
    else if (step.event.type.startsWith('xstate.after.') && replay.delays !== 'send') clock.increment(delayOf(machine, before, step.event.type));
    else actor.send(step.event);
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    if (snapshot.status === 'error') throw new Error(`step ${index + 1} (${describeEvent(step.event)}) failed: ${String(snapshot.error)}`);
    if (JSON.stringify(snapshot.value) !== JSON.stringify(step.state.value)) {
      throw new Error(`step ${index + 1} (${describeEvent(step.event)}): expected ${JSON.stringify(step.state.value)}, actor is in ${JSON.stringify(snapshot.value)}`);
    }
    replay.check?.(world, step, before);
  }
  replay.finish?.(world);
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  actor.stop();
  return { snapshot, states: coverage.states, transitions: coverage.transitions };
}

export class CoverageRecorder {
  private readonly states = new Set<string>();
  private readonly transitions = new Set<string>();
  constructor(private readonly machine: AnyStateMachine) {}

  add(run: PathRun): PathRun {
    run.states.forEach((s) => this.states.add(s));
    run.transitions.forEach((t) => this.transitions.add(t));
    return run;
  }

  missingStates(): string[] {
    return allStates(this.machine).filter((id) => !this.states.has(id));
  }

  missingTransitions(): string[] {
    return allTransitions(this.machine).filter((key) => !this.transitions.has(key));
  }
}

/**
 * The path tests of one machine: every path of every model replayed as its own test (titled by the model's
 * name when there are several), then one test that fails with the states and transitions no path took.
 */
export function describePaths<M extends AnyStateMachine, W extends { actor: AnyActorRef } = { actor: AnyActorRef }>(
  title: string,
  models: PathModel<M> | PathModel<M>[],
  replay?: Replay<W>,
): void {
  const list = Array.isArray(models) ? models : [models];
  describe(title, () => {
    const coverage = new CoverageRecorder(list[0]!.machine);
    list.forEach((model, index) => {
      const prefix = list.length > 1 ? `${model.name ?? `model ${index + 1}`}: ` : '';
      const paths = machinePaths(model);
      it.each(paths.map((path) => [prefix + path.description, path] as const))('%s', (_, path) => {
        coverage.add(runPath(model, path, replay));
      });
    });
    it('takes every state and every transition', () => {
      expect(coverage.missingStates()).toEqual([]);
      expect(coverage.missingTransitions()).toEqual([]);
    });
  });
}
