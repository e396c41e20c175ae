// Turns every machine in src/machines/*.machine.ts into a Mermaid stateDiagram-v2 under docs/statecharts/.
// `npm run statecharts` writes the files; tests/unit/statecharts.test.ts fails when they are stale.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export const MACHINES_DIR = path.resolve(import.meta.dirname, '../src/machines');
export const DIAGRAMS_DIR = path.resolve(import.meta.dirname, '../docs/statecharts');

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && typeof (value as { provide?: unknown }).provide === 'function';

/** Mermaid state ids must be unique in the diagram and plain: the node's full id with separators. */
const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

/** Text safe inside a Mermaid label (no colons, semicolons or quotes that end the label early). */
const labelText = (text: string) => text.replace(/[:;"]/g, ' ').replace(/\s+/g, ' ').trim();

function guardName(transition: AnyTransitionDefinition): string {
  const guard = transition.guard as unknown;
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name && guard.name !== 'guard' ? guard.name : 'condition';
  return (guard as { type?: string }).type ?? 'condition';
}

/** "phone.submit [phoneAcceptable]", "done requestCode", "after resendTick", "always". */
function eventLabel(node: AnyStateNode, transition: AnyTransitionDefinition): string {
  const type = transition.eventType;
  let label: string;
  if (type === '') label = 'always';
  else if (type.startsWith('xstate.after.')) {
    const delay = (transition as unknown as { delay?: number | string }).delay;
    label = `after ${typeof delay === 'number' ? `${delay} ms` : delay}`;
  } else if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
    const invokeId = type.replace(/^xstate\.(done|error)\.actor\./, '');
    const invoke = node.invoke.find((i) => i.id === invokeId);
    label = `${type.startsWith('xstate.done') ? 'done' : 'error'} ${invoke ? String(invoke.src) : invokeId}`;
  } else if (type.startsWith('xstate.done.state.')) label = 'done';
  else label = type;
  const guard = guardName(transition);
  return labelText(guard ? `${label} [${guard}]` : label);
}

function stateLabel(node: AnyStateNode): string {
  return node.tags.length ? `${node.key} (${node.tags.join(', ')})` : node.key;
}

/** The note of a state: its description, what it invokes, and descriptions of its transitions. */
function noteLines(node: AnyStateNode): string[] {
  const lines: string[] = [];
  if (node.description) lines.push(node.description);
  for (const invoke of node.invoke) lines.push(`invokes ${String(invoke.src)}`);
  for (const transition of [...[...node.transitions.values()].flat(), ...(node.always ?? [])]) {
    const description = (transition as { description?: string }).description;
    if (description) lines.push(`${eventLabel(node, transition)} - ${description}`);
  }
  return lines.map(labelText).filter(Boolean);
}

function renderNode(node: AnyStateNode, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const id = mermaidId(node);
  out.push(`${pad}state "${labelText(stateLabel(node))}" as ${id}`);
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length) {
    out.push(`${pad}state ${id} {`);
    if (node.type === 'parallel') {
      children.forEach((child, index) => {
        if (index > 0) out.push(`${pad}  --`);
        renderNode(child, depth + 1, out);
      });
    } else {
      const initial = node.initial?.target ?? [];
      for (const target of initial) out.push(`${pad}  [*] --> ${mermaidId(target as AnyStateNode)}`);
      children.forEach((child) => renderNode(child, depth + 1, out));
      for (const child of children) if (child.type === 'final') out.push(`${pad}  ${mermaidId(child)} --> [*]`);
    }
    out.push(`${pad}}`);
  }
  const notes = noteLines(node);
  if (notes.length) {
    out.push(`${pad}note right of ${id}`);
    notes.forEach((line) => out.push(`${pad}  ${line}`));
    out.push(`${pad}end note`);
  }
}

function renderTransitions(node: AnyStateNode, out: string[]): void {
  for (const transition of [...[...node.transitions.values()].flat(), ...(node.always ?? [])]) {
    const targets = (transition.target ?? [node]) as AnyStateNode[];
    for (const target of targets) out.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${eventLabel(node, transition)}`);
  }
  (Object.values(node.states) as AnyStateNode[]).forEach((child) => renderTransitions(child, out));
}

/** The Mermaid stateDiagram-v2 source of one machine. */
export function machineToMermaid(machine: AnyStateMachine): string {
  const out = ['stateDiagram-v2'];
  out.push(`  [*] --> ${mermaidId(machine.root)}`);
  renderNode(machine.root, 1, out);
  renderTransitions(machine.root, out);
  return out.join('\n');
}

/** The markdown page of one machine file (every machine it exports). */
export function statechartPage(flow: string, machines: Array<[exportName: string, machine: AnyStateMachine]>): string {
  const parts = [
    `# ${flow} statechart`,
    '',
    `Generated from \`src/machines/${flow}.machine.ts\` by \`npm run statecharts\`; do not edit by hand.`,
  ];
  for (const [name, machine] of machines) {
    if (machines.length > 1) parts.push('', `## ${name}`);
    if (machine.root.description) parts.push('', machine.root.description);
    parts.push('', '```mermaid', machineToMermaid(machine), '```');
  }
  return `${parts.join('\n')}\n`;
}

export function indexPage(flows: string[]): string {
  const lines = [
    '# Statecharts',
    '',
    'Every flow of the app is an XState machine in `src/machines/`. These diagrams are generated from the',
    'machines by `npm run statecharts`, and the tests fail when one is out of date.',
    '',
    ...flows.map((flow) => `- [${flow}](./${flow}.md) — \`src/machines/${flow}.machine.ts\``),
  ];
  return `${lines.join('\n')}\n`;
}

export const machineFiles = (): string[] =>
  fs
    .readdirSync(MACHINES_DIR)
    .filter((file) => file.endsWith('.machine.ts'))
    .sort();

/** Every diagram file (relative name -> content) as the current machines define them. */
export async function generateStatecharts(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const flows: string[] = [];
  for (const file of machineFiles()) {
    const flow = file.replace(/\.machine\.ts$/, '');
    const module = (await import(pathToFileURL(path.join(MACHINES_DIR, file)).href)) as Record<string, unknown>;
    const machines = Object.entries(module).filter((entry): entry is [string, AnyStateMachine] => isMachine(entry[1]));
    if (!machines.length) continue;
    flows.push(flow);
    files.set(`${flow}.md`, statechartPage(flow, machines));
  }
  files.set('README.md', indexPage(flows));
  return files;
}

async function main() {
  const files = await generateStatecharts();
  fs.mkdirSync(DIAGRAMS_DIR, { recursive: true });
  for (const existing of fs.readdirSync(DIAGRAMS_DIR)) {
    if (existing.endsWith('.md') && !files.has(existing)) fs.rmSync(path.join(DIAGRAMS_DIR, existing));
  }
  for (const [name, content] of files) fs.writeFileSync(path.join(DIAGRAMS_DIR, name), content);
  console.log(`statecharts: ${files.size - 1} diagrams in ${path.relative(process.cwd(), DIAGRAMS_DIR)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
