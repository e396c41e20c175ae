// Test doubles shared by suites: an in-memory Storage with the interface of the browser's localStorage,
// and a promise actor that answers each call with the next of its answers.
import { fromPromise } from 'xstate';
// Items live as own properties, as in the browser, so Object.keys(storage) lists the stored keys.
export class MemoryStorage implements Storage {
  [key: string]: unknown;
  get length() {
    return Object.keys(this).length;
  }
  clear() {
    for (const key of Object.keys(this)) delete this[key];
  }
  getItem(key: string): string | null {
    return Object.prototype.hasOwnProperty.call(this, key) ? (this[key] as string) : null;
  }
  key(index: number) {
    return Object.keys(this)[index] ?? null;
  }
  removeItem(key: string) {
    delete this[key];
  }
  setItem(key: string, value: string) {
    this[key] = String(value);
  }
}

/** Lets promise actors settle (their results arrive on later microtasks). */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A fake promise actor that answers each call with the next of its answers (an Error is thrown), logging `name` and what `describe` says of its input. */
export function answering<T, I>(answers: Array<T | Error>, log: string[], name: string, describe: (input: I) => string = () => '') {
  return fromPromise<T, I>(async ({ input }) => {
    log.push(`${name}${describe(input) ? ` ${describe(input)}` : ''}`);
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`${name}: no answer left`);
    if (answer instanceof Error) throw answer;
    return answer;
  });
}
