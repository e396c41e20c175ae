// Where a form's refusal shows: beside the field its code names, else above the form. Not a machine
// file itself; the desk's forms (a batch's add, a staff account's add, the own password) share it.
import type { FailureCode } from '../contracts/refusals';
import { failureWords, type RefusalWords } from '../domain/messages';

/**
 * The context change for a refused form: `{ fieldProblems }` with the server's title beside the field
 * named for its code in `fieldOfCode`, or `{ problem }` with its words when it names none.
 */
export function placeRefusal<F extends string>(
  fieldOfCode: Partial<Record<string, F>>,
  fieldProblems: Partial<Record<F, string>>,
  error: unknown,
): { fieldProblems: Partial<Record<F, string>> } | { problem: RefusalWords } {
  const code = (error as { code?: FailureCode } | null)?.code;
  const field = code && code in fieldOfCode ? fieldOfCode[code] : undefined;
  const words = failureWords(error);
  return field ? { fieldProblems: { ...fieldProblems, [field]: words.title } } : { problem: words };
}
