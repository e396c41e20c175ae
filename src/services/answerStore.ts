// Exam answers kept on the device under localSavedAnswers[studentId][examId][questionId] until the
// server has acknowledged them. At sign-out the delivered ones are deleted (the server holds them;
// the next person on a shared phone must not read them) and the undelivered ones are kept, so
// nothing unsent is lost: forgetDelivered() is that rule.
// Written answers (shortAns, paragraph) are kept as drafts while typed, under
// answerDrafts[studentId][examId][questionId], apart from the answers: a draft is not sent until Submit
// Answer, yet a reload (a phone that dropped the tab while the camera was open), an offline reopen, a
// sign-out or a lost session must not lose it. The exam's drafts go with its answers (clearExam).
// Questions flagged for review (the exam navigator) are kept the same way, under
// reviewFlags[studentId][examId], and go with the exam's answers too.
import type { SavedAnswers } from '../domain/savedAnswers';
import { readStoredObject, removeStudentExam, STORAGE_KEYS } from './storage';

// The answers' shapes are the domain's (src/domain/savedAnswers.ts); their users take them from here too.
export type { ConfirmedAnswer, LocalSavedAnswer, PendingFile, SavedAnswers } from '../domain/savedAnswers';

type AllSavedAnswers = Record<string, Record<string, SavedAnswers>>;
/** Draft texts by student, exam and question. */
type AllDrafts = Record<string, Record<string, Record<string, string>>>;
/** Questions flagged for review by student and exam. */
type AllFlags = Record<string, Record<string, string[]>>;

export interface AnswerStore {
  read(studentId: string, examId: string): SavedAnswers;
  /**
   * Stores every saved answer of one exam (the outbox persists its whole state at once). An
   * undelivered answer already stored that is newer than the given one (or missing from it) is kept:
   * another tab of the same exam wrote it. `removed` names refused answers (with their timestamp) to drop.
   */
  writeExam(studentId: string, examId: string, answers: SavedAnswers, removed?: Record<string, number>): void;
  /** The exam's answers and drafts: after its final submit, or before a retake. */
  clearExam(studentId: string, examId: string): void;
  /** The text typed for a written answer and not yet given with Submit Answer; null when none. */
  readDraft(studentId: string, examId: string, questionId: string): string | null;
  /** Keeps the text as typed; an empty text removes the draft. */
  writeDraft(studentId: string, examId: string, questionId: string, text: string): void;
  /** Submit Answer gave the text: it is an answer now, no longer a draft. */
  clearDraft(studentId: string, examId: string, questionId: string): void;
  /** The questions of the exam with a draft kept on this device. */
  draftQuestionIds(studentId: string, examId: string): string[];
  /** The questions the student flagged for review in the exam. */
  readFlags(studentId: string, examId: string): string[];
  /** Keeps the flagged questions (an empty list removes the exam's flags). */
  writeFlags(studentId: string, examId: string, questionIds: string[]): void;
  /** Sign-out: deletes every answer the server has acknowledged, of every student, and keeps the rest. */
  forgetDelivered(): void;
}

/** An answer store on any Storage (localStorage in the app, an in-memory Storage in tests). */
export function createAnswerStore(storage: () => Storage | null): AnswerStore {
  const readAll = (): AllSavedAnswers => readStoredObject<AllSavedAnswers>(storage(), STORAGE_KEYS.localSavedAnswers);
  /**
   * The text this store last wrote and the answers it holds, never changed in place: the outbox writes at
   * every answer, and while no other tab has written since, the stored text is this one and needs no
   * parsing again (on a 200-question paper near its end, a third of the write).
   */
  let written: { text: string; all: AllSavedAnswers } | null = null;
  /** Every stored answer, to read only: what this store last wrote when the stored text is still that. */
  const readAllUnchanged = (): AllSavedAnswers => {
    const text = storage()?.getItem(STORAGE_KEYS.localSavedAnswers);
    if (written && text === written.text) return written.all;
    written = null;
    return readAll();
  };
  const writeAll = (all: AllSavedAnswers) => {
    const s = storage();
    if (!s) return;
    const text = JSON.stringify(all);
    written = null;
    try {
      s.setItem(STORAGE_KEYS.localSavedAnswers, text);
      written = { text, all };
    } catch {
      // Quota exceeded, most likely by offline files: keep the answers, drop the file bodies. A copy is
      // changed, never the caller's entries: the files are still uploaded from memory.
      const copy = JSON.parse(text) as AllSavedAnswers;
      for (const exams of Object.values(copy)) for (const answers of Object.values(exams)) for (const entry of Object.values(answers)) entry.files = [];
      try {
        s.setItem(STORAGE_KEYS.localSavedAnswers, JSON.stringify(copy));
      } catch {
        // No room at all (or storage disabled): the answers live on in memory and are still sent.
      }
    }
  };
  const readDrafts = (): AllDrafts => readStoredObject<AllDrafts>(storage(), STORAGE_KEYS.answerDrafts);
  const writeDrafts = (drafts: AllDrafts) => {
    try {
      storage()?.setItem(STORAGE_KEYS.answerDrafts, JSON.stringify(drafts));
    } catch {
      // No room on the device: the text stays in the box, and Submit Answer still gives it.
    }
  };
  const readAllFlags = (): AllFlags => readStoredObject<AllFlags>(storage(), STORAGE_KEYS.reviewFlags);
  const writeAllFlags = (flags: AllFlags) => {
    try {
      storage()?.setItem(STORAGE_KEYS.reviewFlags, JSON.stringify(flags));
    } catch {
      // No room on the device: the flags last as long as the page.
    }
  };
  return {
    read: (studentId, examId) => readAll()[studentId]?.[examId] ?? {},
    writeExam(studentId, examId, answers, removed = {}) {
      const stored = readAllUnchanged();
      const merged = { ...answers };
      for (const [id, kept] of Object.entries(stored[studentId]?.[examId] ?? {})) {
        if (kept.delivered || (removed[id] !== undefined && kept.timestamp <= removed[id])) continue;
        const mine = merged[id];
        if (!mine || kept.timestamp > mine.timestamp) merged[id] = kept;
      }
      // A new object for each level changed: what was stored stays as it was.
      writeAll({ ...stored, [studentId]: { ...stored[studentId], [examId]: merged } });
    },
    forgetDelivered() {
      const all = readAll();
      for (const [studentId, exams] of Object.entries(all)) {
        for (const [examId, answers] of Object.entries(exams)) {
          for (const [questionId, entry] of Object.entries(answers)) if (entry.delivered) delete answers[questionId];
          if (Object.keys(answers).length === 0) delete exams[examId];
        }
        if (Object.keys(exams).length === 0) delete all[studentId];
      }
      if (Object.keys(all).length === 0) storage()?.removeItem(STORAGE_KEYS.localSavedAnswers);
      else writeAll(all);
    },
    clearExam(studentId, examId) {
      const all = readAll();
      if (removeStudentExam(all, studentId, examId)) writeAll(all);
      const drafts = readDrafts();
      if (removeStudentExam(drafts, studentId, examId)) writeDrafts(drafts);
      const flags = readAllFlags();
      if (removeStudentExam(flags, studentId, examId)) writeAllFlags(flags);
    },
    readDraft: (studentId, examId, questionId) => readDrafts()[studentId]?.[examId]?.[questionId] ?? null,
    writeDraft(studentId, examId, questionId, text) {
      const drafts = readDrafts();
      const exam = { ...drafts[studentId]?.[examId] };
      if (text) exam[questionId] = text;
      else delete exam[questionId];
      writeDrafts({ ...drafts, [studentId]: { ...drafts[studentId], [examId]: exam } });
    },
    clearDraft(studentId, examId, questionId) {
      const drafts = readDrafts();
      if (drafts[studentId]?.[examId]?.[questionId] === undefined) return;
      delete drafts[studentId][examId][questionId];
      if (Object.keys(drafts[studentId][examId]).length === 0) removeStudentExam(drafts, studentId, examId);
      writeDrafts(drafts);
    },
    draftQuestionIds: (studentId, examId) => Object.keys(readDrafts()[studentId]?.[examId] ?? {}),
    readFlags: (studentId, examId) => readAllFlags()[studentId]?.[examId] ?? [],
    writeFlags(studentId, examId, questionIds) {
      const flags = readAllFlags();
      if (questionIds.length > 0) writeAllFlags({ ...flags, [studentId]: { ...flags[studentId], [examId]: questionIds } });
      else if (removeStudentExam(flags, studentId, examId)) writeAllFlags(flags);
    },
  };
}

export const answerStore = createAnswerStore(() => (typeof localStorage === 'undefined' ? null : localStorage));
