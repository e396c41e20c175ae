// The figures of the exams' questions (images and PDFs): served by the signed address in the paper, to a
// student who is still in a batch the exam is assigned to. The route sends the file with its headers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { forbidden, notFound } from '../errors.js';
import { figureSignatureValid } from '../media/figures.js';
import { assignmentsOfExamForStudent } from './queries.js';
import { examErrors } from './attempts.js';

const MEDIA_DIR = fileURLToPath(new URL('../db/seed/media/exam/', import.meta.url));
const MEDIA_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.svg': 'image/svg+xml', '.pdf': 'application/pdf' };

export interface FigureFile {
  /** The file on disk. */
  file: string;
  name: string;
  type: string;
}

/** The figure `name` of a signed link: refused when the signature is wrong, the exam left the student's batches, or no such file. */
export async function examFigure(
  db: Kysely<Database>,
  signingSecret: string,
  name: string,
  link: { exam: string; student: string; signature: string },
): Promise<FigureFile> {
  const { exam: examId, student: studentId, signature } = link;
  if (!figureSignatureValid(signingSecret, { examId, studentId, name }, signature)) {
    throw forbidden('This figure link is not valid. Please reopen the exam.', 'figureLinkInvalid');
  }
  const assignments = await assignmentsOfExamForStudent(db, studentId, examId);
  if (!assignments.some((assignment) => assignment.removed_at === null)) throw examErrors.notFound();
  const file = path.join(MEDIA_DIR, name);
  if (!fs.existsSync(file)) throw notFound('File not found', 'fileNotFound');
  return { file, name, type: MEDIA_TYPES[path.extname(name)] ?? 'application/octet-stream' };
}
