// The committed diagrams in docs/statecharts must match the machines as they are now.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { DIAGRAMS_DIR, generateStatecharts, machineFiles, machineToMermaid } from '../../scripts/statecharts';

const generated = await generateStatecharts();

describe('statechart diagrams', () => {
  it('has a diagram for every machine file', () => {
    const flows = machineFiles().map((file) => `${file.replace(/\.machine\.ts$/, '')}.md`);
    expect(flows.length).toBeGreaterThan(0);
    expect([...generated.keys()].sort()).toEqual([...flows, 'README.md'].sort());
  });

  it.each([...generated.entries()])('docs/statecharts/%s is current (npm run statecharts)', (name, content) => {
    const file = path.join(DIAGRAMS_DIR, name);
    expect(fs.existsSync(file), `${file} is missing: run npm run statecharts`).toBe(true);
    expect(fs.readFileSync(file, 'utf8'), `${name} is stale: run npm run statecharts`).toBe(content);
  });

  it('draws nested, parallel and final states, guards, delays and invokes', () => {
    const machine = createMachine({
      id: 'sample',
      initial: 'busy',
      states: {
        busy: {
          type: 'parallel',
          states: {
            left: { initial: 'a', states: { a: { on: { 'x.go': { target: 'b', guard: 'ready' } } }, b: { type: 'final' } } },
            right: { initial: 'c', states: { c: { after: { 1000: 'd' } }, d: {} } },
          },
          invoke: { src: 'worker', onDone: '#sample.finished' },
        },
        finished: { type: 'final', description: 'All work is done.' },
      },
    });
    const mermaid = machineToMermaid(machine);
    expect(mermaid).toContain('stateDiagram-v2');
    expect(mermaid).toContain('sample_busy_left_a --> sample_busy_left_b : x.go [ready]');
    expect(mermaid).toContain('sample_busy_right_c --> sample_busy_right_d : after 1000 ms');
    expect(mermaid).toContain('sample_busy --> sample_finished : done worker');
    expect(mermaid).toMatch(/sample_busy_left_b --> \[\*\]/);
    expect(mermaid).toMatch(/\n\s+--\n/);
    expect(mermaid).toContain('All work is done.');
  });
});
