// The committed test plans in docs/test-plans must match the machines and their path models as they are now.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePlans, machineNames, PLANS_DIR, toCsv, toMarkdown, type Plan } from '../../scripts/paths';

const generated = await generatePlans();

describe('test plans', () => {
  it('has a plan for every machine file', () => {
    expect(machineNames().length).toBeGreaterThan(0);
    expect([...generated.keys()].sort()).toEqual(machineNames().map((name) => `${name}.md`).sort());
  });

  it.each([...generated.entries()])('docs/test-plans/%s is current (npm run paths -- --all)', (name, content) => {
    const file = path.join(PLANS_DIR, name);
    expect(fs.existsSync(file), `${file} is missing: run npm run paths -- --all`).toBe(true);
    expect(fs.readFileSync(file, 'utf8'), `${name} is stale: run npm run paths -- --all`).toBe(content);
  });

  it('writes numbered steps with the state reached and what the screen shows', () => {
    const plans: Plan[] = [
      { model: null, kind: 'state', title: 'Reach door.open', steps: [{ number: 1, action: 'Open the door (door.open)', state: 'open', screen: 'The door stands open' }] },
      { model: null, kind: 'transition', title: 'Take door.open: door.close#0 -> door.closed', steps: [{ number: 1, action: 'door.open', state: 'open', screen: 'a, "quoted" b' }] },
    ];
    const markdown = toMarkdown('door', plans);
    expect(markdown).toContain('## Every state');
    expect(markdown).toContain('**1. Reach door.open**');
    expect(markdown).toContain('| 1 | Open the door (door.open) | open | The door stands open |');
    expect(markdown).toContain('## Every transition');
    expect(toCsv(plans).split('\n')[2]).toBe(',transition,2,Take door.open: door.close#0 -> door.closed,1,door.open,open,"a, ""quoted"" b"');
  });

  it('describes the steps of a real machine in the words of its descriptions', () => {
    const connection = generated.get('connection.md')!;
    expect(connection).toContain('Socket disconnected or the browser went offline. (connection.lost)');
  });
});
