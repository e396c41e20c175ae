// Exam question figures (/api/media/exam/{name}) are served only to students of the exam's batch.
// An <img> cannot send the session header, so the paper a signed-in student reads carries each
// figure's address with a signature bound to that student, that exam and that figure; serving it
// checks the signature and that the student is still in a batch the exam is assigned to.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX, examsPaths } from '../../src/contracts/paths.js';

const FIGURE_PREFIX = `${API_PREFIX}${examsPaths.figure.replace(':name', '')}`;
const FIGURE_ADDRESS = new RegExp(`^${FIGURE_PREFIX}([a-z0-9][a-z0-9-]*\\.(?:png|jpg|svg|pdf))$`);

export interface FigureGrant {
  examId: string;
  studentId: string;
  name: string;
}

const signatureOf = (secret: string, grant: FigureGrant) =>
  createHmac('sha256', secret).update(['exam-figure', grant.examId, grant.studentId, grant.name].join('\n')).digest('hex');

// Built as text rather than by URLSearchParams (a paper signs every figure for every student who opens it).
export function signedFigureUrl(secret: string, grant: FigureGrant): string {
  return `${FIGURE_PREFIX}${grant.name}?exam=${encodeURIComponent(grant.examId)}&student=${encodeURIComponent(grant.studentId)}&signature=${signatureOf(secret, grant)}`;
}

/** Whether the signature was made by this server for this student, exam and figure. */
export function figureSignatureValid(secret: string, grant: FigureGrant, signature: string): boolean {
  const expected = Buffer.from(signatureOf(secret, grant), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Objects and arrays found to hold no figure address. A paper's questions are the prepared paper's own
 * objects (server/exams/paper-cache.ts), the same for every student and never changed, so each is walked
 * once and then passed through as it is; only the questions with figures are copied per student.
 */
const figureFree = new WeakSet<object>();

/** `value` (an exam as served) with every figure address signed for the student; parts without figures are shared, not copied. */
export function withSignedFigures<T>(value: T, secret: string, examId: string, studentId: string): T {
  const sign = (item: unknown): unknown => {
    if (typeof item === 'string') {
      const match = FIGURE_ADDRESS.exec(item);
      return match ? signedFigureUrl(secret, { examId, studentId, name: match[1]! }) : item;
    }
    if (!item || typeof item !== 'object' || figureFree.has(item)) return item;
    if (Array.isArray(item)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < item.length; i += 1) {
        const signed = sign(item[i]);
        if (signed !== item[i]) (copy ??= item.slice())[i] = signed;
      }
      if (copy) return copy;
    } else {
      const fields = item as Record<string, unknown>;
      let copy: Record<string, unknown> | null = null;
      for (const key in fields) {
        const signed = sign(fields[key]);
        if (signed !== fields[key]) (copy ??= { ...fields })[key] = signed;
      }
      if (copy) return copy;
    }
    figureFree.add(item);
    return item;
  };
  return sign(value) as T;
}
