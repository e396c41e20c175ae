// The one error path: routes throw ApiError; app.ts turns it into { errors: { title, message, code } }.
// A code is one the contracts list at the error's status (src/contracts/refusals.ts): a code no
// contract lists is a compile error, and the api tests fail on a route answering a code its own
// contract does not list. A new code is listed in its route's contract first (`failures(...)`).
import type { RefusalCode } from '../src/contracts/refusals.js';

export class ApiError extends Error {
  private constructor(
    readonly status: number,
    readonly title: string,
    readonly code: RefusalCode,
    message?: string,
  ) {
    super(message ?? title);
  }

  /** A refusal at `status` with one of the codes the contracts list at that status. */
  static of<S extends number>(status: S, title: string, code: RefusalCode<S>, message?: string): ApiError {
    return new ApiError(status, title, code as RefusalCode, message);
  }
}

export const badRequest = (title: string, code: RefusalCode<400>, message?: string) => ApiError.of(400, title, code, message);
export const notLoggedIn = () => ApiError.of(401, 'You are not logged in. Please sign in again.', 'notLoggedIn');
export const forbidden = (title: string, code: RefusalCode<403>, message?: string) => ApiError.of(403, title, code, message);
export const notFound = (title: string, code: RefusalCode<404>, message?: string) => ApiError.of(404, title, code, message);
export const conflict = (title: string, code: RefusalCode<409>, message?: string) => ApiError.of(409, title, code, message);
export const tooManyRequests = (title: string, code: RefusalCode<429>, message?: string) => ApiError.of(429, title, code, message);
export const serviceUnavailable = (title: string, code: RefusalCode<503>, message?: string) => ApiError.of(503, title, code, message);
