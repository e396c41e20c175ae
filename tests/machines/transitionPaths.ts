// Path generation for the content machines' model-based tests: from the shipped machine, the
// shortest path that takes each transition definition at least once, using xstate/graph.
// Unlike runPath of the shared kit, the replay sends delayed events itself instead of advancing a
// clock, so a path through one parallel region's timer does not also fire another region's timers.
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject, InspectionEvent } from 'xstate';
import { transitionKey, type PathRun } from '../support/machine-paths';

export interface Step {
  event: EventObject;
  state: AnyMachineSnapshot;
}

export interface TransitionPath {
  /** The transition this path ends with, e.g. "videoPlayer.closed --player.open--> videoPlayer.open". */
  transition: string;
  steps: Step[];
}

type TransitionLike = { source: AnyStateNode; eventType: string; target?: readonly AnyStateNode[] | undefined };

function transitionName(definition: TransitionLike): string {
  const siblings = (definition.source.transitions.get(definition.eventType) ?? []) as TransitionLike[];
  const index = Math.max(0, siblings.indexOf(definition));
  const target = definition.target?.length ? definition.target.map((node) => node.id).join(',') : '(stays)';
  return `${definition.source.id} --${definition.eventType}${index ? `#${index + 1}` : ''}--> ${target}`;
}

const activeNodes = (snapshot: AnyMachineSnapshot): AnyStateNode[] => (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;

/**
 * Records, while a real actor runs, every state entered and every transition taken (always ones
 * included), keyed like the shared path kit so its CoverageRecorder can judge completeness.
 */
export function coverageInspector() {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.actorRef.sessionId !== inspection.rootId) return;
    if (inspection.type === '@xstate.microstep') {
      for (const transition of (inspection as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
        transitions.add(transitionKey(transition));
        // A transition taken from a state proves the state was active, even a transient one.
        states.add((transition.source as AnyStateNode).id);
      }
    }
    if (inspection.type === '@xstate.microstep' || inspection.type === '@xstate.snapshot') {
      activeNodes(inspection.snapshot as AnyMachineSnapshot).forEach((node) => states.add(node.id));
    }
  };
  return {
    inspect,
    run: (snapshot: AnyMachineSnapshot): PathRun => {
      activeNodes(snapshot).forEach((node) => states.add(node.id));
      return { snapshot, states, transitions };
    },
  };
}

export interface PathOptions {
  input?: unknown;
  /** Event payloads by type; event types not listed are sent without payload. */
  events?: Record<string, EventObject[]>;
  /** Context that guards read and so distinguishes states (default: none). */
  significantContext?: (snapshot: AnyMachineSnapshot) => unknown;
}

export function transitionPaths(machine: AnyStateMachine, options: PathOptions = {}): TransitionPath[] {
  const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, options.significantContext?.(snapshot)]);
  const events = (snapshot: AnyMachineSnapshot): EventObject[] => {
    const types = new Set<string>((snapshot._nodes as AnyStateNode[]).flatMap((node) => node.ownEvents as string[]));
    return [...types].flatMap((type) => options.events?.[type] ?? [{ type }]);
  };
  const traversal = { input: options.input, events, serializeState };
  const shortest = new Map<string, Step[]>();
  for (const path of getShortestPaths(machine, traversal)) shortest.set(serializeState(path.state), path.steps as Step[]);
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<string, { state: AnyMachineSnapshot; transitions: Record<string, Step> }>;
  const byTransition = new Map<string, TransitionPath>();
  for (const key of Object.keys(adjacency)) {
    const { state, transitions } = adjacency[key]!;
    const head = shortest.get(key);
    if (!head) continue;
    for (const edge of Object.values(transitions)) {
      for (const definition of machine.getTransitionData(state as never, edge.event as never) as TransitionLike[]) {
        const transition = transitionName(definition);
        const steps = [...head, edge];
        const known = byTransition.get(transition);
        if (!known || known.steps.length > steps.length) byTransition.set(transition, { transition, steps });
      }
    }
  }
  const paths = [...byTransition.values()].sort((a, b) => a.transition.localeCompare(b.transition));
  // A state node no transition path passes through (e.g. a resting initial state) gets its own shortest path.
  const visited = new Set(paths.flatMap((path) => path.steps.flatMap((step) => activeNodes(step.state).map((node) => node.id))));
  for (const steps of shortest.values()) {
    const nodes = activeNodes(steps.at(-1)!.state).map((node) => node.id);
    if (nodes.every((id) => visited.has(id))) continue;
    nodes.forEach((id) => visited.add(id));
    paths.push({ transition: `reach ${JSON.stringify(steps.at(-1)!.state.value)}`, steps });
  }
  return paths;
}

/** A readable test name: the events of the path. */
export const describePath = (path: TransitionPath): string =>
  path.steps
    .map((step) => step.event.type)
    .filter((type) => type !== 'xstate.init')
    .join(' → ') || '(initial)';
