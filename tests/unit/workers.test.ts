import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { WORKERS_REFUSALS, workerCount } from '../../server/workers.js';

describe('workerCount', () => {
  it('takes --workers first, then WEB_CONCURRENCY, else one', () => {
    expect(workerCount(['--workers', '3'], { WEB_CONCURRENCY: '2' })).toBe(3);
    expect(workerCount(['--workers=4'], {})).toBe(4);
    expect(workerCount([], { WEB_CONCURRENCY: '2' })).toBe(2);
    expect(workerCount([], {})).toBe(1);
  });

  it('reads 0 and auto as one per core', () => {
    expect(workerCount(['--workers', 'auto'], {})).toBe(os.availableParallelism());
    expect(workerCount([], { WEB_CONCURRENCY: '0' })).toBe(os.availableParallelism());
  });

  it('refuses anything else with the setting named', () => {
    expect(() => workerCount(['--workers', 'two'], {})).toThrow(WORKERS_REFUSALS.invalid('two'));
    expect(() => workerCount([], { WEB_CONCURRENCY: '-1' })).toThrow(WORKERS_REFUSALS.invalid('-1'));
  });
});
