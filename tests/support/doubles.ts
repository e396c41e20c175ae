// Test doubles shared by suites: an in-memory Storage with the interface of the browser's localStorage.
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
