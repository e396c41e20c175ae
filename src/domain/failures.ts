// How the app reads a failed request, whatever threw it: the API client's ApiRequestError carries
// these fields; anything else (a thrown string, a bug) reads as an empty failure.

export interface RequestFailure {
  status?: number;
  title?: string;
  code?: string;
  /** No answer at all: offline, timeout, connection refused. */
  network?: boolean;
}

export const failureOf = (error: unknown): RequestFailure => (error && typeof error === 'object' ? (error as RequestFailure) : {});

/** Passing, worth another try: no answer at all, or the server was overloaded or down (not a refusal of the request). */
export const isTransient = (error: unknown): boolean => {
  const f = failureOf(error);
  return f.network === true || (f.status ?? 0) >= 500 || f.status === 429;
};
