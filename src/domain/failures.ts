// How the app reads a failed request, whatever threw it: the API client's ApiRequestError carries
// these fields; anything else (a thrown string, a bug) reads as an empty failure.
import type { FailureCode } from '../contracts/refusals';

export interface RequestFailure {
  status?: number;
  title?: string;
  /** The server's refusal code (one its contracts list) or the client's own. */
  code?: FailureCode;
  /** No answer at all: offline, timeout, connection refused. */
  network?: boolean;
}

export const failureOf = (error: unknown): RequestFailure => (error && typeof error === 'object' ? (error as RequestFailure) : {});

/** Passing, worth another try: no answer at all, or the server was overloaded or down (not a refusal of the request). */
export const isTransient = (error: unknown): boolean => {
  const f = failureOf(error);
  return f.network === true || (f.status ?? 0) >= 500 || f.status === 429;
};
