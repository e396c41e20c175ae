// Path-based machine tests: generate paths from a shipped machine with xstate/graph, replay each on a
// real actor (fake services, SimulatedClock), and prove every state and every transition was taken.
//
//   interface PathModel<M> {
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
//   }
//   transitionPaths(model): TransitionPath[]
//       The shortest path to every reachable state, then each extended by every event that state takes,
//       so that every enabled transition lies on some path. `path.description` names it for it.each.
//   runPath(model, path): { snapshot, states: Set<string>, transitions: Set<string> }
//       Replays the path on createActor(machine.provide(fakes)) with a SimulatedClock: plain events are
//       sent, invoke results are sent as done/error events while the fake child is still pending, and
//       delayed (after) steps advance the clock by the delay. Throws when the actor ends elsewhere than
//       the path says.
//   allStates(machine): string[]          ids of every state node ("registration.awaitingCode.resendReady")
//   allTransitions(machine): string[]     every transition of the definition, keyed as transitionKey()
//   new CoverageRecorder(machine)         .add(run); .missingStates(); .missingTransitions()
//
// Usage in a vitest file:
//   const paths = transitionPaths(model); const coverage = new CoverageRecorder(model.machine);
//   it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => coverage.add(runPath(model, path)));
//   it('takes every state and transition', () => { expect(coverage.missingStates()).toEqual([]); expect(coverage.missingTransitions()).toEqual([]); });
import {
  createActor,
  fromCallback,
  getNextSnapshot,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
} from 'xstate';
import { getShortestPaths, type StatePath } from 'xstate/graph';

export interface PathModel<M extends AnyStateMachine = AnyStateMachine> {
  machine: M;
  events: EventFromLogic<M>[] | ((snapshot: AnyMachineSnapshot) => EventFromLogic<M>[]);
  outcomes?: Record<string, { done?: unknown[]; error?: unknown[] }>;
  input?: InputFrom<M>;
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  provide?: Parameters<M['provide']>[0];
}

export interface TransitionPath {
  description: string;
  steps: { event: EventObject; state: AnyMachineSnapshot }[];
  state: AnyMachineSnapshot;
}

export interface PathRun {
  snapshot: AnyMachineSnapshot;
  states: Set<string>;
  transitions: Set<string>;
}

/** Every state node below (and including) the root. */
function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    nodes.push(node);
    Object.values(node.states).forEach((child) => walk(child as AnyStateNode));
  };
  walk(machine.root);
  return nodes;
}

export const allStates = (machine: AnyStateMachine): string[] => stateNodes(machine).map((node) => node.id);

/** "source: event[index] [guard] -> targets"; the index tells apart guarded alternatives of one event. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source as AnyStateNode;
  const list = transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  const index = list.indexOf(transition);
  const guard = transition.guard ? ` [${typeof transition.guard === 'string' ? transition.guard : ((transition.guard as { type?: string }).type ?? 'inline guard')}]` : '';
  const targets = transition.target ? transition.target.map((t: AnyStateNode) => t.id).join(', ') : '(stays)';
  return `${source.id}: ${transition.eventType || 'always'}#${index}${guard} -> ${targets}`;
}

export function allTransitions(machine: AnyStateMachine): string[] {
  return stateNodes(machine).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map(transitionKey));
}

/** Every actor of the machine replaced by one that never finishes: results arrive as path steps. */
function withPendingActors<M extends AnyStateMachine>(machine: M, extra?: Parameters<M['provide']>[0]): M {
  const names = Object.keys((machine.implementations as { actors?: Record<string, unknown> }).actors ?? {});
  const pending = Object.fromEntries(names.map((name) => [name, fromCallback(() => () => {})]));
  const provided = machine.provide({ actors: pending } as Parameters<M['provide']>[0]) as M;
  return extra ? (provided.provide(extra) as M) : provided;
}

const activeNodes = (snapshot: AnyMachineSnapshot): AnyStateNode[] => (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;

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
  return [...own, ...generated];
}

function errorTag(error: unknown): string {
  if (!error || typeof error !== 'object') return '';
  const { network, status } = error as { network?: boolean; status?: number };
  return network ? ': network' : status ? `: ${status}` : '';
}

function describeEvent(event: EventObject): string {
  const done = /^xstate\.(done|error)\.actor\.\d+\.(.+)$/.exec(event.type);
  if (done && done[1] === 'done') return `done(${done[2]!.split('.').pop()})`;
  // Errors of one actor differ by what they are (no connection, a refusal), so each is a path of its own.
  if (done) return `error(${done[2]!.split('.').pop()}${errorTag((event as { error?: unknown }).error)})`;
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) return `after(${after[1]})`;
  const payload = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value)?.slice(0, 24) : String(value)}`)
    .join(' ');
  return payload ? `${event.type}(${payload})` : event.type;
}

const stateLabel = (snapshot: AnyMachineSnapshot) => (typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value));

export function transitionPaths<M extends AnyStateMachine>(model: PathModel<M>): TransitionPath[] {
  const machine = withPendingActors(model.machine);
  const events = (snapshot: AnyMachineSnapshot) => eventsOf(model as PathModel, snapshot);
  const statePaths = getShortestPaths(machine, {
    events: events as never,
    input: model.input,
    // A context that grows forever (a counter) would never end the traversal: fail instead of hanging.
    limit: 20_000,
    ...(model.serializeState ? { serializeState: model.serializeState as never } : {}),
  }) as StatePath<AnyMachineSnapshot, EventObject>[];
  const seen = new Set<string>();
  const paths: TransitionPath[] = [];
  for (const path of statePaths) {
    const steps = path.steps.filter((step) => step.event.type !== 'xstate.init');
    if (path.state.status !== 'active') continue;
    for (const event of events(path.state)) {
      if (!path.state.can(event)) continue;
      const next = getNextSnapshot(machine as AnyStateMachine, path.state, event) as AnyMachineSnapshot;
      const all = [...steps, { event, state: next }];
      const description = `${all.map((step) => describeEvent(step.event)).join(' → ')} ⇒ ${stateLabel(next)}`;
      if (seen.has(description)) continue;
      seen.add(description);
      paths.push({ description, steps: all, state: next });
    }
  }
  return paths;
}

function delayOf(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, eventType: string): number {
  for (const node of activeNodes(snapshot)) {
    const delayed = node.after.find((t) => t.eventType === eventType) as { delay: number | string } | undefined;
    if (!delayed) continue;
    if (typeof delayed.delay === 'number') return delayed.delay;
    const named = (machine.implementations.delays as Record<string, unknown>)[delayed.delay];
    if (typeof named === 'number') return named;
    if (typeof named === 'function') return (named as (args: { context: unknown; event: EventObject }) => number)({ context: snapshot.context, event: { type: eventType } });
    throw new Error(`delay ${delayed.delay} is not defined`);
  }
  throw new Error(`no active state waits for ${eventType}`);
}

export function runPath<M extends AnyStateMachine>(model: PathModel<M>, path: TransitionPath): PathRun {
  const machine: AnyStateMachine = withPendingActors(model.machine, model.provide);
  const clock = new SimulatedClock();
  const states = new Set<string>();
  const transitions = new Set<string>();
  const actor = createActor(machine, {
    clock,
    input: model.input,
    inspect: (inspection) => {
      // Only the machine under test; its (fake) children report too.
      if (inspection.actorRef.sessionId !== inspection.rootId) return;
      if (inspection.type === '@xstate.microstep') {
        for (const t of (inspection as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) transitions.add(transitionKey(t));
      }
      if (inspection.type === '@xstate.microstep' || inspection.type === '@xstate.snapshot') {
        activeNodes(inspection.snapshot as AnyMachineSnapshot).forEach((node) => states.add(node.id));
      }
    },
  });
  actor.start();
  activeNodes(actor.getSnapshot()).forEach((node) => states.add(node.id));
  for (const [index, step] of path.steps.entries()) {
    if (step.event.type.startsWith('xstate.after.')) clock.increment(delayOf(machine, actor.getSnapshot(), step.event.type));
    else actor.send(step.event);
    const snapshot = actor.getSnapshot();
    if (snapshot.status === 'error') throw new Error(`step ${index + 1} (${describeEvent(step.event)}) failed: ${String(snapshot.error)}`);
    if (JSON.stringify(snapshot.value) !== JSON.stringify(step.state.value)) {
      throw new Error(`step ${index + 1} (${describeEvent(step.event)}): expected ${JSON.stringify(step.state.value)}, actor is in ${JSON.stringify(snapshot.value)}`);
    }
  }
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  actor.stop();
  return { snapshot, states, transitions };
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
