// Turns every machine in src/machines/*.machine.ts into a Mermaid stateDiagram-v2 (<flow>.md), a Graphviz
// picture (<flow>.svg, laid out by `dot`) and one self-contained page for product owners (index.html), all under
// docs/statecharts/. `npm run statecharts` writes the files; tests/unit/statecharts.test.ts fails when they are stale.
import { spawnSync } from 'node:child_process';
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

/** "phone.submit [phoneAcceptable]", "done requestOtp", "after resendTick (1000 ms)", "always". */
export function eventLabel(node: AnyStateNode, transition: AnyTransitionDefinition): string {
  const type = transition.eventType;
  let label: string;
  if (type === '') label = 'always';
  else if (type.startsWith('xstate.after.')) {
    const delay = (transition as unknown as { delay?: number | string }).delay;
    const named = typeof delay === 'string' ? (node.machine.implementations.delays as Record<string, unknown>)[delay] : undefined;
    label = `after ${typeof delay === 'number' ? `${delay} ms` : typeof named === 'number' ? `${delay} (${named} ms)` : delay}`;
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
    'Open [index.html](./index.html) from disk for every flow with its picture and tables of its states and events',
    'in plain words; each `<flow>.svg` is the picture alone (laid out by Graphviz `dot`).',
    '',
    ...flows.map((flow) => `- [${flow}](./${flow}.md) ([picture](./${flow}.svg)) — \`src/machines/${flow}.machine.ts\``),
  ];
  return `${lines.join('\n')}\n`;
}

/** Every transition a state declares (its events, delays, invoke outcomes and eventless ones), in declaration order. */
export const transitionsOf = (node: AnyStateNode): AnyTransitionDefinition[] => [...[...node.transitions.values()].flat(), ...(node.always ?? [])];

/** The state and every state nested in it, parents first. */
export function statesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(statesOf)];
}

/** "opening › loading": a state's path below the machine, for people. */
export const statePath = (node: AnyStateNode): string => (node.path.length ? node.path.join(' › ') : `${node.machine.id} (the whole flow)`);

/** The spec section a machine implements: `meta: { spec: '§4 …' }` on its root. */
export const specOf = (machine: AnyStateMachine): string | undefined => {
  const spec = (machine.root.meta as { spec?: unknown } | undefined)?.spec;
  return typeof spec === 'string' ? spec : undefined;
};

/** Transitions a person, the server or a running call causes; eventless and delayed ones speak through their target. */
const causedBySomeone = (transition: AnyTransitionDefinition) => transition.eventType !== '' && !transition.eventType.startsWith('xstate.after.');

/** What lacks a description: "state opening.loading" for a state, "opening.loading: done loadPaper" for a transition. */
export function undescribed(machine: AnyStateMachine): string[] {
  const states = statesOf(machine.root);
  const name = (node: AnyStateNode) => (node.path.length ? node.path.join('.') : machine.id);
  return [
    ...states.filter((node) => !node.description).map((node) => `state ${name(node)}`),
    ...states.flatMap((node) =>
      transitionsOf(node)
        .filter((transition) => causedBySomeone(transition) && !(transition as { description?: string }).description)
        .map((transition) => `${name(node)}: ${eventLabel(node, transition)}`),
    ),
  ];
}

/** Transitions that leave the state (or re-enter one); targetless ones only run actions. */
const hasTarget = (transition: AnyTransitionDefinition) => Boolean(transition.target?.length);

// ---------------------------------------------------------------- Graphviz picture

const dotString = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Words wrapped into lines of about `width` characters. */
function wrap(text: string, width = 38): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The HTML-like label of a state box or cluster: name, tags, description, invokes and events handled in place. */
function stateDotLabel(node: AnyStateNode, title: string): string {
  const rows = [`<B>${htmlText(title)}</B>`];
  if (node.type === 'parallel') rows.push('<FONT POINT-SIZE="9" COLOR="#555555">regions run side by side</FONT>');
  if (node.tags.length) rows.push(`<FONT POINT-SIZE="9" COLOR="#7a4b00">${htmlText(node.tags.join(', '))}</FONT>`);
  if (node.description) rows.push(`<FONT POINT-SIZE="10">${wrap(node.description).map(htmlText).join('<BR/>')}</FONT>`);
  for (const invoke of node.invoke) rows.push(`<FONT POINT-SIZE="9" COLOR="#1f4e79"><I>runs ${htmlText(String(invoke.src))}</I></FONT>`);
  const inPlace = transitionsOf(node).filter((transition) => !hasTarget(transition));
  for (const transition of inPlace) rows.push(`<FONT POINT-SIZE="9" COLOR="#555555">↻ ${htmlText(eventLabel(node, transition))}</FONT>`);
  return `<${rows.join('<BR/>')}>`;
}

const clusterName = (node: AnyStateNode) => dotString(`cluster_${node.id}`);
/** The point inside a compound state that arrows to and from the whole state attach to. */
const anchorId = (node: AnyStateNode) => dotString(`${node.id}·start`);
const isCompound = (node: AnyStateNode) => Object.keys(node.states).length > 0;
const isInside = (node: AnyStateNode, ancestor: AnyStateNode) => node === ancestor || node.id.startsWith(`${ancestor.id}.`);

function dotNode(node: AnyStateNode, depth: number, out: string[], title = node.key): void {
  const pad = '  '.repeat(depth);
  if (!isCompound(node)) {
    const shape = node.type === 'final' ? ', peripheries=2' : '';
    out.push(`${pad}${dotString(node.id)} [label=${stateDotLabel(node, title)}${shape}, tooltip=${dotString(node.description ?? node.key)}];`);
    return;
  }
  const region = node.parent?.type === 'parallel';
  out.push(`${pad}subgraph ${clusterName(node)} {`);
  out.push(`${pad}  label=${stateDotLabel(node, title)};`);
  out.push(`${pad}  style=${region ? '"rounded,dashed"' : '"rounded"'}; color=${region ? '"#8a8a8a"' : '"#333333"'};`);
  if (node.type === 'parallel') out.push(`${pad}  ${anchorId(node)} [shape=point, style=invis, width=0.01];`);
  else {
    out.push(`${pad}  ${anchorId(node)} [shape=point, width=0.12, label=""];`);
    for (const target of (node.initial?.target ?? []) as AnyStateNode[]) out.push(`${pad}  ${anchorId(node)} -> ${endpoint(target)};`);
  }
  for (const child of Object.values(node.states) as AnyStateNode[]) dotNode(child, depth + 1, out);
  out.push(`${pad}}`);
}

/** Where an arrow to or from this state attaches: the box itself, or the anchor point of a compound state. */
const endpoint = (node: AnyStateNode) => (isCompound(node) ? anchorId(node) : dotString(node.id));

function dotEdges(node: AnyStateNode, out: string[]): void {
  for (const transition of transitionsOf(node).filter(hasTarget)) {
    for (const target of transition.target as AnyStateNode[]) {
      const attributes = [`label=${dotString(eventLabel(node, transition))}`];
      const description = (transition as { description?: string }).description;
      attributes.push(`tooltip=${dotString(description ?? eventLabel(node, transition))}`);
      if (isCompound(node) && !isInside(target, node)) attributes.push(`ltail=${clusterName(node)}`);
      if (isCompound(target) && !isInside(node, target)) attributes.push(`lhead=${clusterName(target)}`);
      if (transition.eventType === '') attributes.push('style=dashed');
      out.push(`  ${endpoint(node)} -> ${endpoint(target)} [${attributes.join(', ')}];`);
    }
  }
  for (const child of Object.values(node.states) as AnyStateNode[]) dotEdges(child, out);
}

/** The Graphviz (dot) source of one machine: nested states as boxed clusters, events, guards and delays on arrows. */
export function machineToDot(machine: AnyStateMachine, direction: 'TB' | 'LR' = 'TB'): string {
  const out = [
    `digraph ${dotString(machine.id)} {`,
    `  compound=true; rankdir=${direction}; newrank=true; nodesep=0.35; ranksep=0.45;`,
    '  fontname="Helvetica"; fontsize=12; labeljust=l;',
    '  node [shape=box, style="rounded,filled", fillcolor="#f7f9fc", color="#4a6fa5", fontname="Helvetica", fontsize=12, margin="0.12,0.06"];',
    '  edge [fontname="Helvetica", fontsize=9, color="#555555", arrowsize=0.7];',
  ];
  dotNode(machine.root, 1, out, machine.id);
  dotEdges(machine.root, out);
  out.push('}');
  return `${out.join('\n')}\n`;
}

/** The SVG picture of DOT source, laid out by Graphviz `dot`; the version comment is left out so any dot writes the same. */
export function renderSvg(dot: string): string {
  const result = spawnSync('dot', ['-Tsvg'], { input: dot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`Graphviz dot could not run (install the graphviz package): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`dot failed: ${result.stderr}`);
  return result.stdout.replace(/<!-- Generated by graphviz[^>]*-->\n/, '');
}

const svgWidth = (svg: string) => Number(/<svg width="([\d.]+)pt"/.exec(svg)?.[1] ?? Infinity);

/**
 * The picture of a machine, laid out top to bottom or left to right, whichever is narrower: side-by-side
 * regions of a parallel state stack up when drawn left to right, so a wide machine still fits a page.
 */
export function machineToSvg(machine: AnyStateMachine): string {
  const topDown = renderSvg(machineToDot(machine, 'TB'));
  const leftRight = renderSvg(machineToDot(machine, 'LR'));
  return svgWidth(leftRight) < svgWidth(topDown) ? leftRight : topDown;
}

// ---------------------------------------------------------------- page for product owners

/** Who or what causes a transition, in plain words. */
export function causeOf(node: AnyStateNode, transition: AnyTransitionDefinition): string {
  const type = transition.eventType;
  if (type === '') return 'At once, by itself';
  if (type.startsWith('xstate.after.')) return `The clock: ${eventLabel(node, transition).replace(/ \[.*$/, '')}`;
  const outcome = /^xstate\.(done|error)\.actor\.(.*)$/.exec(type);
  if (outcome) {
    const invoke = node.invoke.find((i) => i.id === outcome[2]);
    const src = invoke ? String(invoke.src) : outcome[2];
    return outcome[1] === 'done' ? `${src} finished` : `${src} failed`;
  }
  if (type.startsWith('xstate.done.state.')) return 'Every part of the state finished';
  return type;
}

const targetText = (node: AnyStateNode, transition: AnyTransitionDefinition) =>
  hasTarget(transition) ? (transition.target as AnyStateNode[]).map(statePath).join(', ') : 'stays (no change of screen)';

/** One flow's section of the page: picture, states table, events table, spec section. */
function flowSection(anchor: string, title: string, machine: AnyStateMachine, svg: string): string {
  const spec = specOf(machine);
  const states = statesOf(machine.root).slice(1);
  const stateRows = states.map(
    (node) =>
      `<tr><td class="state">${htmlText(statePath(node))}${node.type === 'final' ? ' <span class="tag">end</span>' : ''}</td><td>${htmlText(node.description ?? '')}</td><td>${node.tags.map((tag) => `<span class="tag">${htmlText(tag)}</span>`).join(' ')}</td></tr>`,
  );
  const eventRows = statesOf(machine.root).flatMap((node) =>
    transitionsOf(node).map((transition) => {
      const guard = guardName(transition);
      const description = (transition as { description?: string }).description ?? '';
      return `<tr><td class="state">${htmlText(statePath(node))}</td><td><code>${htmlText(causeOf(node, transition))}</code>${guard ? ` <span class="guard">only if ${htmlText(guard)}</span>` : ''}</td><td>${htmlText(description)}</td><td${hasTarget(transition) ? ' class="state"' : ''}>${htmlText(targetText(node, transition))}</td></tr>`;
    }),
  );
  // Each inlined picture gets its own ids, so the page has no duplicates.
  const picture = svg
    .replace(/^<\?xml[^>]*>\s*/, '')
    .replace(/<!DOCTYPE[^>]*>\s*/, '')
    .replace(/ id="/g, ` id="${anchor}-`);
  return [
    `<section id="${anchor}">`,
    `<h2>${htmlText(title)}</h2>`,
    spec ? `<p class="spec">Implements the spec: ${htmlText(spec)}</p>` : '',
    machine.root.description ? `<p>${htmlText(machine.root.description)}</p>` : '',
    `<figure>${picture.trim()}</figure>`,
    '<h3>States: what the student sees</h3>',
    '<table><thead><tr><th>State</th><th>What the student sees</th><th>Marks</th></tr></thead><tbody>',
    ...stateRows,
    '</tbody></table>',
    '<h3>Events: what the student, the server or the clock does</h3>',
    '<table><thead><tr><th>In state</th><th>Event</th><th>What happens</th><th>Goes to</th></tr></thead><tbody>',
    ...eventRows,
    '</tbody></table>',
    '</section>',
  ]
    .filter(Boolean)
    .join('\n');
}

const pageStyle = `
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1d2733; margin: 0 auto; max-width: 1200px; padding: 24px; }
h1 { margin-top: 0; } h2 { border-top: 2px solid #d5dde8; padding-top: 20px; margin-top: 40px; }
nav li { margin: 2px 0; } .spec { color: #1f4e79; font-weight: 600; }
figure { margin: 16px 0; overflow-x: auto; border: 1px solid #d5dde8; border-radius: 6px; padding: 8px; background: #fff; }
figure svg { display: block; }
table { border-collapse: collapse; width: 100%; margin-bottom: 16px; font-size: 14px; }
th, td { border: 1px solid #d5dde8; padding: 6px 8px; text-align: left; vertical-align: top; }
th { background: #eef3f9; } td.state { white-space: nowrap; font-weight: 600; }
.tag { display: inline-block; font-size: 12px; background: #fff3d6; color: #7a4b00; border-radius: 4px; padding: 0 5px; }
.guard { font-size: 12px; color: #555; } code { font-size: 13px; }
@media print { figure { break-inside: avoid; } }
`.trim();

export interface FlowPicture {
  /** Anchor and file stem: "examTimer", or "flow.exportName" when a file exports several machines. */
  name: string;
  flow: string;
  machine: AnyStateMachine;
  svg: string;
}

/** The one self-contained page (no network, inline CSS, pictures inlined) that a product owner opens from disk. */
export function htmlIndexPage(pictures: FlowPicture[]): string {
  const toc = pictures.map(({ name, machine }) => {
    const spec = specOf(machine);
    return `<li><a href="#${name}">${htmlText(name)}</a>${spec ? ` — ${htmlText(spec)}` : ''}</li>`;
  });
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Statecharts of the app's flows</title>`,
    `<style>${pageStyle}</style>`,
    '</head>',
    '<body>',
    "<h1>Statecharts of the app's flows</h1>",
    '<p>Every flow of the app is a statechart. Each picture shows the states as boxes (a big box holds the states inside it; a dashed one runs side by side with its neighbours), arrows for what moves the flow on (an event, <em>[a condition]</em>, <em>after</em> a delay, <em>done</em>/<em>error</em> of a call), and ↻ for what a state handles without moving. The tables say in words what the student sees in each state and what each event does. Generated from <code>src/machines/</code> by <code>npm run statecharts</code>; do not edit by hand.</p>',
    '<nav><h2>Flows</h2><ul>',
    ...toc,
    '</ul></nav>',
    ...pictures.map(({ name, machine, svg }) => flowSection(name, name, machine, svg)),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export const machineFiles = (): string[] =>
  fs
    .readdirSync(MACHINES_DIR)
    .filter((file) => file.endsWith('.machine.ts'))
    .sort();

/** The machines each machine file exports, by flow ("examTimer" for examTimer.machine.ts). */
export async function loadMachines(): Promise<Array<{ flow: string; machines: Array<[exportName: string, machine: AnyStateMachine]> }>> {
  const flows = [];
  for (const file of machineFiles()) {
    const module = (await import(pathToFileURL(path.join(MACHINES_DIR, file)).href)) as Record<string, unknown>;
    const machines = Object.entries(module).filter((entry): entry is [string, AnyStateMachine] => isMachine(entry[1]));
    flows.push({ flow: file.replace(/\.machine\.ts$/, ''), machines });
  }
  return flows;
}

/** Every diagram file (relative name -> content) as the current machines define them. */
export async function generateStatecharts(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const flows: string[] = [];
  const pictures: FlowPicture[] = [];
  for (const { flow, machines } of await loadMachines()) {
    if (!machines.length) continue;
    flows.push(flow);
    files.set(`${flow}.md`, statechartPage(flow, machines));
    for (const [exportName, machine] of machines) {
      const name = machines.length > 1 ? `${flow}.${exportName}` : flow;
      const svg = machineToSvg(machine);
      files.set(`${name}.svg`, svg);
      pictures.push({ name, flow, machine, svg });
    }
  }
  files.set('README.md', indexPage(flows));
  files.set('index.html', htmlIndexPage(pictures));
  return files;
}

async function main() {
  if (process.argv.includes('--undescribed')) {
    for (const { flow, machines } of await loadMachines()) {
      for (const [name, machine] of machines) for (const missing of undescribed(machine)) console.log(`${flow} ${name}: ${missing}`);
    }
    return;
  }
  const files = await generateStatecharts();
  fs.mkdirSync(DIAGRAMS_DIR, { recursive: true });
  for (const existing of fs.readdirSync(DIAGRAMS_DIR)) {
    if (/\.(md|svg|html)$/.test(existing) && !files.has(existing)) fs.rmSync(path.join(DIAGRAMS_DIR, existing));
  }
  for (const [name, content] of files) fs.writeFileSync(path.join(DIAGRAMS_DIR, name), content);
  console.log(`statecharts: ${files.size} files in ${path.relative(process.cwd(), DIAGRAMS_DIR)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
