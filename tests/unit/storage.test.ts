// Remember me and sign-out clearing, on in-memory Web Storage.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, clearOnSignOut, forgetSessionId, markDeskSession, readSessionId, writeJson, writeSessionId } from '../../src/services/storage';
import { createAnswerStore, type LocalSavedAnswer } from '../../src/services/answerStore';
import { forgetPendingOtp, keepPendingOtp, pendingOtp } from '../../src/services/otpFlowStore';
import { createKeptAttempts, type KeptAttempt } from '../../src/services/keptAttempts';
import type { CurrentExam } from '../../src/contracts/exams';

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

/** Fresh in-memory localStorage and sessionStorage for each test of the calling block. */
function useWebStorage() {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: webStorage(), sessionStorage: webStorage() });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });
}

describe('session storage', () => {
  useWebStorage();

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

  it("keeps the teacher desk's session of this tab through the clearing at start, and only the desk's", () => {
    writeSessionId('desk-session', false);
    markDeskSession();
    sessionStorage.setItem('other', 'x');
    clearOnSignOut();
    expect(readSessionId()).toBe('desk-session');
    expect(sessionStorage.getItem('other')).toBeNull();
    // A student's sign-in in the tab is no desk session: cleared as before.
    writeSessionId('student-session', false);
    clearOnSignOut();
    expect(readSessionId()).toBeNull();
    // The desk's sign-out forgets the session and the mark.
    writeSessionId('desk-session', false);
    markDeskSession();
    forgetSessionId();
    expect(readSessionId()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.deskSession)).toBeNull();
  });

  it('keeps a code waiting for this tab through the clearing at start, for the code lifetime only, without the code', () => {
    const sentAt = Date.UTC(2026, 10, 23, 12, 0, 0);
    sessionStorage.setItem('other', 'x');
    keepPendingOtp({ kind: 'reset', phone: '01711111111', hash: 'a'.repeat(24), sentAt });
    clearOnSignOut();
    expect(sessionStorage.getItem('other')).toBeNull();
    expect(pendingOtp(sentAt + 60_000)).toEqual({ kind: 'reset', phone: '01711111111', hash: 'a'.repeat(24), sentAt, secondsLeft: 240 });
    expect(pendingOtp(sentAt + 300_000)).toBeNull();
    // A device clock set back past the sending is not believed either.
    expect(pendingOtp(sentAt - 1000)).toBeNull();
    sessionStorage.setItem(STORAGE_KEYS.pendingOtp, '{not json');
    expect(pendingOtp(sentAt)).toBeNull();
    keepPendingOtp({ kind: 'register', phone: '01711111111', hash: 'b'.repeat(24), sentAt });
    forgetPendingOtp();
    expect(pendingOtp(sentAt)).toBeNull();
  });

  it('deletes the delivered answers of every student at sign-out, keeps the undelivered ones, and leaves no empty key', () => {
    const store = createAnswerStore(() => localStorage);
    const entry = (delivered: boolean, offline = !delivered): LocalSavedAnswer => ({
      answer: [1], extra: [], files: [], offline, delivered, timestamp: 1, type: 'MCQ', count: 1, confirmed: null,
    });
    store.writeExam('s1', 'e1', { q1: entry(true), q2: entry(false), q3: entry(false, false) });
    store.writeExam('s1', 'e2', { q1: entry(true) });
    store.writeExam('s2', 'e1', { q1: entry(false) });
    clearOnSignOut();
    store.forgetDelivered();
    expect(Object.keys(store.read('s1', 'e1'))).toEqual(['q2', 'q3']);
    expect(store.read('s1', 'e2')).toEqual({});
    expect(Object.keys(store.read('s2', 'e1'))).toEqual(['q1']);
    expect(Object.keys(JSON.parse(localStorage.getItem(STORAGE_KEYS.localSavedAnswers)!).s1)).toEqual(['e1']);
    store.clearExam('s1', 'e1');
    store.clearExam('s2', 'e1');
    store.writeExam('s3', 'e1', { q1: entry(true) });
    store.forgetDelivered();
    expect(localStorage.getItem(STORAGE_KEYS.localSavedAnswers)).toBeNull();
  });

  it('writes answer after answer on what is stored, another tab\'s writes and other exams included, and never changes what it was given', () => {
    const store = createAnswerStore(() => localStorage);
    const otherTab = createAnswerStore(() => localStorage);
    const entry = (timestamp: number, answer = 1): LocalSavedAnswer => ({
      answer: [answer], extra: [], files: [], offline: false, delivered: false, timestamp, type: 'MCQ', count: 1, confirmed: null,
    });
    const first = { q1: entry(1) };
    store.writeExam('s1', 'e1', first);
    store.writeExam('s1', 'e2', { q1: entry(1) });
    // Another tab of the exam stores a newer answer to q2: this tab's next write keeps it.
    otherTab.writeExam('s1', 'e1', { q2: entry(5, 3) });
    store.writeExam('s1', 'e1', { q1: entry(2, 2) });
    store.writeExam('s1', 'e1', { q1: entry(3, 0) });
    expect(store.read('s1', 'e1')).toEqual({ q1: entry(3, 0), q2: entry(5, 3) });
    expect(store.read('s1', 'e2')).toEqual({ q1: entry(1) });
    expect(first).toEqual({ q1: entry(1) });
    // What the stored text says counts, also when it was changed under the store's feet.
    localStorage.removeItem(STORAGE_KEYS.localSavedAnswers);
    store.writeExam('s1', 'e1', { q1: entry(4) });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.localSavedAnswers)!)).toEqual({ s1: { e1: { q1: entry(4) } } });
  });
});

describe('written answer drafts', () => {
  useWebStorage();

  it('keeps a draft by student, exam and question, through sign-out and the delivered answers forgotten, until its exam is cleared', () => {
    const store = createAnswerStore(() => localStorage);
    store.writeDraft('s1', 'e1', 'q1', 'The SA n');
    store.writeDraft('s1', 'e1', 'q1', 'The SA node');
    store.writeDraft('s1', 'e1', 'q2', 'Digoxin');
    store.writeDraft('s2', 'e1', 'q1', 'Another student');
    expect(store.readDraft('s1', 'e1', 'q1')).toBe('The SA node');
    expect(store.readDraft('s1', 'e2', 'q1')).toBeNull();

    // A sign-out (or a lost session) and the delivered answers forgotten leave the drafts.
    store.forgetDelivered();
    clearOnSignOut();
    expect(createAnswerStore(() => localStorage).readDraft('s1', 'e1', 'q2')).toBe('Digoxin');

    // Submit Answer makes one an answer; an emptied box leaves no draft.
    store.clearDraft('s1', 'e1', 'q1');
    store.writeDraft('s1', 'e1', 'q2', '');
    expect(store.readDraft('s1', 'e1', 'q1')).toBeNull();
    expect(store.readDraft('s1', 'e1', 'q2')).toBeNull();

    // The exam's final submit (or a retake) clears its drafts, not another student's.
    store.writeDraft('s1', 'e1', 'q3', 'Kept until submit');
    store.clearExam('s1', 'e1');
    expect(store.readDraft('s1', 'e1', 'q3')).toBeNull();
    expect(store.readDraft('s2', 'e1', 'q1')).toBe('Another student');
  });

  it("lists an exam's questions with a draft", () => {
    const store = createAnswerStore(() => localStorage);
    store.writeDraft('s1', 'e1', 'q1', 'The SA node');
    store.writeDraft('s1', 'e1', 'q4', 'Digoxin');
    store.writeDraft('s1', 'e2', 'q9', 'Another exam');
    expect(store.draftQuestionIds('s1', 'e1')).toEqual(['q1', 'q4']);
    expect(store.draftQuestionIds('s2', 'e1')).toEqual([]);
  });
});

describe('questions flagged for review', () => {
  useWebStorage();

  it('keeps the flags by student and exam through sign-out, until the exam is cleared', () => {
    const store = createAnswerStore(() => localStorage);
    store.writeFlags('s1', 'e1', ['q2', 'q5']);
    store.writeFlags('s2', 'e1', ['q1']);
    clearOnSignOut();
    expect(createAnswerStore(() => localStorage).readFlags('s1', 'e1')).toEqual(['q2', 'q5']);
    expect(store.readFlags('s1', 'e2')).toEqual([]);
    store.writeFlags('s1', 'e1', []);
    expect(store.readFlags('s1', 'e1')).toEqual([]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.reviewFlags)!)).toEqual({ s2: { e1: ['q1'] } });
    store.clearExam('s2', 'e1');
    expect(localStorage.getItem(STORAGE_KEYS.reviewFlags)).toBe('{}');
  });
});

describe('running attempts kept for an offline opening', () => {
  const NOW = Date.parse('2026-11-23T10:00:00Z');
  const attempt = (examId: string, deadlineAt: string, groupId = 'g1'): KeptAttempt => ({
    groupId,
    exam: { _id: examId, title: `Exam ${examId}`, questions: [] } as unknown as CurrentExam,
    timing: { deadlineAt, serverNow: '2026-11-23T09:59:58Z', receivedAt: NOW },
  });
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: webStorage(), sessionStorage: webStorage() });
  });

  it('reads an attempt back for its student, exam and batch only', () => {
    const kept = createKeptAttempts(() => localStorage, () => NOW);
    kept.keep('s1', 'e1', attempt('e1', '2026-11-23T10:30:00Z'));
    expect(kept.read('s1', 'e1', 'g1')?.timing).toEqual({ deadlineAt: '2026-11-23T10:30:00Z', serverNow: '2026-11-23T09:59:58Z', receivedAt: NOW });
    expect(kept.read('s2', 'e1', 'g1')).toBeNull();
    expect(kept.read('s1', 'e2', 'g1')).toBeNull();
    expect(kept.read('s1', 'e1', 'g2')).toBeNull();
  });

  it('forgets a submitted attempt, drops attempts a day past their end, and leaves no empty key', () => {
    const kept = createKeptAttempts(() => localStorage, () => NOW);
    kept.keep('s1', 'old', attempt('old', '2026-11-22T09:00:00Z'));
    kept.keep('s1', 'e1', attempt('e1', '2026-11-23T10:30:00Z'));
    expect(kept.read('s1', 'old', 'g1')).toBeNull();
    kept.forget('s1', 'e1');
    expect(localStorage.getItem(STORAGE_KEYS.keptAttempts)).toBeNull();
  });

  it('is cleared at sign-out with the rest of the student data', () => {
    const kept = createKeptAttempts(() => localStorage, () => NOW);
    kept.keep('s1', 'e1', attempt('e1', '2026-11-23T10:30:00Z'));
    clearOnSignOut();
    expect(kept.read('s1', 'e1', 'g1')).toBeNull();
  });

  it('keeps the newest attempt alone when storage has no room for the others', () => {
    const storage = webStorage();
    const kept = createKeptAttempts(() => storage, () => NOW);
    kept.keep('s1', 'e1', attempt('e1', '2026-11-23T10:30:00Z'));
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key: string, value: string) => {
      if (value.includes('"e1"') && value.includes('"e2"')) throw new DOMException('full', 'QuotaExceededError');
      setItem(key, value);
    };
    kept.keep('s1', 'e2', attempt('e2', '2026-11-23T10:40:00Z'));
    expect(kept.read('s1', 'e2', 'g1')).not.toBeNull();
    expect(kept.read('s1', 'e1', 'g1')).toBeNull();
  });
});
