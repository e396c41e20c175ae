// Test plans from the machines' path models: `npm run paths -- <machine> [--format md|csv|json]` prints the
// generated paths of one machine (shortest path to every state, then every transition) as numbered steps in
// plain words, with the state reached after each step and what the screen shows there. `npm run paths -- --all`
// writes docs/test-plans/<machine>.md for every machine; tests/unit/test-plans.test.ts fails when they are stale.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { initialTransition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { activeNodes, describeEvent, machinePaths, stateLabel, type MachinePath, type PathModel } from '../tests/support/machine-paths';
import { machineFiles } from './statecharts';

export const PLANS_DIR = path.resolve(import.meta.dirname, '../docs/test-plans');
const MODELS_DIR = path.resolve(import.meta.dirname, '../tests/models');

export const machineNames = (): string[] => machineFiles().map((file) => file.replace(/\.machine\.ts$/, ''));

export async function loadModels(machine: string): Promise<PathModel[]> {
  const file = path.join(MODELS_DIR, `${machine}.model.ts`);
  if (!fs.existsSync(file)) throw new Error(`No path model for ${machine}: write tests/models/${machine}.model.ts`);
  return ((await import(pathToFileURL(file).href)) as { models: PathModel[] }).models;
}

export interface PlanStep {
  number: number;
  action: string;
  state: string;
  screen: string;
}

export interface Plan {
  model: string | null;
  kind: 'state' | 'transition';
  title: string;
  steps: PlanStep[];
}

const short = (value: unknown) => {
  const text = value instanceof Error ? value.message : JSON.stringify(value);
  return text === undefined ? '' : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/** What a person (or the server) does in a step: the transition's description where the machine has one. */
function action(model: PathModel, before: AnyMachineSnapshot, event: EventObject): string {
  const described = model.machine.getTransitionData(before as never, event as never).find((t) => t.description)?.description;
  const done = /^xstate\.(done|error)\.actor\.(?:\d+\.)?(.+)$/.exec(event.type);
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  const plain = done
    ? `${done[2]} ${done[1] === 'done' ? `answers ${short((event as { output?: unknown }).output)}` : `fails: ${short((event as { error?: unknown }).error)}`}`.trim()
    : after
      ? `wait ${after[1]}${/^\d+$/.test(after[1]!) ? ' ms' : ''}`
      : describeEvent(event);
  // Sample times (some models start from the clock of the day) read as <time>, so a plan stays the same from day to day.
  const words = plain.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');
  return described ? `${described} (${words})` : words;
}

/** What the screen shows in a state: the description of the deepest described state node in each region. */
function screen(snapshot: AnyMachineSnapshot): string {
  const described = activeNodes(snapshot).filter((node) => node.description);
  const deepest = described.filter((node) => !described.some((other) => other !== node && other.id.startsWith(`${node.id}.`)));
  return deepest.map((node) => node.description).join(' / ') || '(no description)';
}

function planOf(model: PathModel, path: MachinePath): Plan {
  let before = initialTransition(model.machine, model.input as never)[0] as AnyMachineSnapshot;
  const steps = path.steps.map((step, index) => {
    const planned = { number: index + 1, action: action(model, before, step.event), state: stateLabel(step.state), screen: screen(step.state) };
    before = step.state;
    return planned;
  });
  const title = path.kind === 'state' ? `Reach ${path.goals.join(', ')}` : `Take ${path.goals.join('; ')}`;
  return { model: model.name ?? null, kind: path.kind, title, steps };
}

export async function plansOf(machine: string): Promise<Plan[]> {
  const models = await loadModels(machine);
  return models.flatMap((model) => machinePaths(model).map((path) => planOf(model, path)));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function toMarkdown(machine: string, plans: Plan[]): string {
  const lines = [`# Test plan: ${machine}`, '', `Generated from tests/models/${machine}.model.ts by \`npm run paths -- --all\`; do not edit.`, ''];
  let model: string | null | undefined;
  let kind: string | undefined;
  let number = 0;
  for (const plan of plans) {
    if (plan.model !== model) {
      model = plan.model;
      kind = undefined;
      if (model) lines.push(`## ${model}`, '');
    }
    if (plan.kind !== kind) {
      kind = plan.kind;
      number = 0;
      lines.push(`${model ? '###' : '##'} ${kind === 'state' ? 'Every state' : 'Every transition'}`, '');
    }
    number += 1;
    lines.push(`**${number}. ${plan.title}**`, '');
    if (!plan.steps.length) lines.push('Open the screen; do nothing.', '');
    else {
      lines.push('| Step | Do | State | Screen shows |', '| --- | --- | --- | --- |');
      for (const step of plan.steps) lines.push(`| ${step.number} | ${cell(step.action)} | ${cell(step.state)} | ${cell(step.screen)} |`);
      lines.push('');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function toCsv(plans: Plan[]): string {
  const rows = [['model', 'kind', 'path', 'title', 'step', 'do', 'state', 'screen']];
  plans.forEach((plan, index) => {
    for (const step of plan.steps) rows.push([plan.model ?? '', plan.kind, String(index + 1), plan.title, String(step.number), step.action, step.state, step.screen]);
  });
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

export async function generatePlans(): Promise<Map<string, string>> {
  const plans = new Map<string, string>();
  for (const machine of machineNames()) plans.set(`${machine}.md`, toMarkdown(machine, await plansOf(machine)));
  return plans;
}

async function main() {
  const args = process.argv.slice(2);
  const formatAt = args.indexOf('--format');
  const format = formatAt >= 0 ? args[formatAt + 1] : 'md';
  if (args.includes('--all')) {
    fs.mkdirSync(PLANS_DIR, { recursive: true });
    for (const [name, content] of await generatePlans()) fs.writeFileSync(path.join(PLANS_DIR, name), content);
    console.log(`wrote ${machineNames().length} plans to ${path.relative(process.cwd(), PLANS_DIR)}`);
    return;
  }
  const machine = args.find((arg, index) => !arg.startsWith('--') && (formatAt < 0 || index !== formatAt + 1));
  if (!machine || !machineNames().includes(machine) || !['md', 'csv', 'json'].includes(format ?? '')) {
    console.error(`usage: npm run paths -- <machine> [--format md|csv|json] | --all\nmachines: ${machineNames().join(', ')}`);
    process.exitCode = 1;
    return;
  }
  const plans = await plansOf(machine);
  process.stdout.write(format === 'json' ? `${JSON.stringify(plans, null, 2)}\n` : format === 'csv' ? toCsv(plans) : toMarkdown(machine, plans));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
