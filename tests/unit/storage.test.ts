// Remember me and sign-out clearing, on in-memory Web Storage.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, clearOnSignOut, readSessionId, writeJson, writeSessionId } from '../../src/services/storage';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/** Object.keys() on real Web Storage lists the stored keys; the in-memory one does the same. */
const webStorage = () =>
  new Proxy(new MemoryStorage(), {
    ownKeys: (target) => Array.from({ length: target.length }, (_, i) => target.key(i)!),
    getOwnPropertyDescriptor: (target, key) =>
      typeof key === 'string' && target.getItem(key) !== null ? { enumerable: true, configurable: true, value: target.getItem(key) } : undefined,
  });

describe('session storage', () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: webStorage(), sessionStorage: webStorage() });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('keeps a remembered session in localStorage', () => {
    writeSessionId('a'.repeat(32), true);
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe('a'.repeat(32));
    expect(sessionStorage.getItem(STORAGE_KEYS.sessionId)).toBeNull();
    expect(readSessionId()).toBe('a'.repeat(32));
  });

  it('keeps a session without Remember me for this tab only, and finds it there', () => {
    writeSessionId('a'.repeat(32), true);
    writeSessionId('b'.repeat(32), false);
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.sessionId)).toBe('b'.repeat(32));
    expect(readSessionId()).toBe('b'.repeat(32));
  });

  it('clears everything on sign-out except answers still waiting for delivery', () => {
    writeSessionId('c'.repeat(32), false);
    writeJson(STORAGE_KEYS.student, { name: 'Nusrat' });
    writeJson(STORAGE_KEYS.courses, []);
    writeJson(STORAGE_KEYS.localSavedAnswers, { exam1: { q1: { answer: ['A'] } } });
    clearOnSignOut();
    expect(readSessionId()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.student)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.courses)).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.localSavedAnswers)!)).toEqual({ exam1: { q1: { answer: ['A'] } } });
  });
});
