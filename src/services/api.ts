// The app's one door to the API: same-origin /api, agent and Authorization headers, 60 s timeout,
// the { data } / { errors } envelope unwrapped, and 401 notLoggedIn announced to the session.
import { ofetch, FetchError } from 'ofetch';
import { readSessionId } from './storage';

export const REQUEST_TIMEOUT_MS = 60_000;

/** A failed call. `network` is true when no answer came back at all (offline, timeout, DNS). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly code: string | undefined,
    readonly network: boolean,
    message?: string,
  ) {
    super(message ?? title);
    this.name = 'ApiRequestError';
  }
}

export const isApiRequestError = (e: unknown): e is ApiRequestError => e instanceof ApiRequestError;

type Listener = (error: ApiRequestError) => void;
const signedOutListeners = new Set<Listener>();
/** Called when any request is answered 401 notLoggedIn; the session machine signs out everywhere. */
export function onSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

const baseURL = (import.meta.env?.VITE_API_BASE as string | undefined) ?? '/api';

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Read a response header (used for the sessionid header of login). */
  onResponseHeaders?: (headers: Headers) => void;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options, 'json');
  return (response._data as { data: T }).data;
}

/** Raw bytes of a file route (notes), with the same headers and error handling as every call. */
async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send('GET', path, options, 'blob');
  return response._data as Blob;
}

async function send(method: string, path: string, options: RequestOptions, responseType: 'json' | 'blob') {
  const sessionId = readSessionId();
  try {
    const response = await ofetch.raw<unknown, 'json' | 'blob'>(path, {
      responseType,
      baseURL,
      method,
      query: options.query,
      body: options.body as Record<string, unknown> | undefined,
      signal: options.signal,
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
      headers: { agent: 'browser', ...(sessionId ? { Authorization: sessionId } : {}) },
    });
    options.onResponseHeaders?.(response.headers);
    return response;
  } catch (error) {
    throw toApiError(error);
  }
}

function toApiError(error: unknown): ApiRequestError {
  if (error instanceof FetchError && error.response) {
    const body = error.data as { errors?: { title?: string; message?: string; code?: string } } | undefined;
    const errors = body?.errors ?? {};
    const failure = new ApiRequestError(error.response.status, errors.title ?? error.response.statusText ?? 'Request failed', errors.code, false, errors.message);
    if (failure.status === 401 && failure.code === 'notLoggedIn') signedOutListeners.forEach((l) => l(failure));
    return failure;
  }
  const aborted = error instanceof Error && error.name === 'AbortError';
  return new ApiRequestError(0, aborted ? 'Request cancelled' : 'Network error', aborted ? 'aborted' : 'network', !aborted, (error as Error)?.message);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  blob: (path: string, options?: RequestOptions) => requestBlob(path, options),
};
