// The app's one door to the API: same-origin /api, agent and Authorization headers, 60 s timeout,
// the { data } / { errors } envelope unwrapped, and 401 notLoggedIn announced to the session.
// Every call is typed by its route's contract (src/contracts): the method and path must be the
// contract's, the path's placeholders are filled URL-encoded, and query, body and answer are the
// contract's shapes. Only types and plain path strings come from the contracts at run time.
import { ofetch, FetchError } from 'ofetch';
import type { TSchema } from '@sinclair/typebox';
import type { BodyOf, DataOf, QueryOf, RouteContract } from '../contracts/common';
import type { FailureCode, RefusalCode } from '../contracts/refusals';
import { API_PREFIX, pathTo, type PathArgs } from '../contracts/paths';
import { readSessionId } from './storage';
import { MESSAGES } from '../domain/messages';

export const REQUEST_TIMEOUT_MS = 60_000;

/** A failed call. `network` is true when no answer came back at all (offline, timeout, DNS). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly code: FailureCode | undefined,
    readonly network: boolean,
    message?: string,
  ) {
    super(message ?? title);
    this.name = 'ApiRequestError';
  }
}

type Listener = (error: ApiRequestError) => void;
const signedOutListeners = new Set<Listener>();
/** Called when any request is answered 401 notLoggedIn; the session machine signs out everywhere. */
export function onSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

const baseURL = (import.meta.env?.VITE_API_BASE as string | undefined) ?? API_PREFIX;

/** What a call of route R sends: the path's values, and the query and body its contract declares. */
export type CallInput<R extends RouteContract> = (PathArgs<R['url']> extends [] ? { params?: undefined } : { params: PathArgs<R['url']>[0] }) &
  (R['schema']['querystring'] extends TSchema ? { query?: QueryOf<R> } : { query?: undefined }) &
  (R['schema']['body'] extends TSchema ? { body: BodyOf<R> } : { body?: undefined }) & {
    signal?: AbortSignal;
    /** Reads the response headers (login's sessionid). */
    onResponseHeaders?: (headers: Headers) => void;
    /** The browser's fetch priority: the sign-in's request goes ahead of the code fetched while typing. */
    priority?: RequestPriority;
  };

/** The input may be left out when the route needs none. */
type CallArgs<R extends RouteContract> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

interface SendOptions {
  query?: unknown;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onResponseHeaders?: (headers: Headers) => void;
  priority?: RequestPriority;
  /** The API base, or none for an address of its own (a signed upload link). */
  base: string | undefined;
  timeout: number | undefined;
}

/** The path of a call with its placeholders filled in. */
function addressOf<R extends RouteContract>(path: R['url'], input: CallInput<R> | undefined): string {
  return pathTo(path, ...((input?.params ? [input.params] : []) as PathArgs<R['url']>));
}

/** An API call's options: its query and body, the session's headers, the API base and the timeout. */
function apiOptions<R extends RouteContract>(input: CallInput<R> | undefined): SendOptions {
  const sessionId = readSessionId();
  return {
    query: input?.query,
    body: input?.body,
    signal: input?.signal,
    onResponseHeaders: input?.onResponseHeaders,
    priority: input?.priority,
    headers: { agent: 'browser', ...(sessionId ? { Authorization: sessionId } : {}) },
    base: baseURL,
    timeout: REQUEST_TIMEOUT_MS,
  };
}

async function send(method: string, address: string, options: SendOptions, responseType: 'json' | 'blob') {
  try {
    const response = await ofetch.raw<unknown, 'json' | 'blob'>(address, {
      responseType,
      baseURL: options.base,
      method,
      query: options.query as Record<string, unknown> | undefined,
      body: options.body as Record<string, unknown> | undefined,
      signal: options.signal,
      ...(options.priority ? { priority: options.priority } : {}),
      timeout: options.timeout,
      retry: 0,
      headers: options.headers,
    });
    options.onResponseHeaders?.(response.headers);
    return response;
  } catch (error) {
    throw toApiError(error);
  }
}

/** A refusal the server answered: its status and the error envelope's title, code and message. */
function refusal(status: number, body: unknown): ApiRequestError {
  const errors = (body as { errors?: { title?: string; message?: string; code?: RefusalCode } } | undefined)?.errors ?? {};
  // A refusal without a title reads as the spec's 'Unhandled exception', never the status line ('Bad Request').
  const title = typeof errors.title === 'string' && errors.title.trim() ? errors.title : MESSAGES.unhandledException;
  const failure = new ApiRequestError(status, title, errors.code, false, errors.message);
  if (failure.status === 401 && failure.code === 'notLoggedIn') signedOutListeners.forEach((l) => l(failure));
  return failure;
}

const lostConnection = (aborted: boolean, message?: string) =>
  new ApiRequestError(0, aborted ? 'Request cancelled' : 'Network error', aborted ? 'aborted' : 'network', !aborted, message);

function toApiError(error: unknown): ApiRequestError {
  if (error instanceof FetchError && error.response) return refusal(error.response.status, error.data);
  return lostConnection(error instanceof Error && error.name === 'AbortError', (error as Error)?.message);
}

/** How far an upload has got: bytes sent of the file's bytes. */
export type UploadProgress = (sent: number, total: number) => void;

/** A file's bytes sent with XMLHttpRequest: only it reports how many bytes of a body have gone (`onProgress`). */
function sendBytes<R extends RouteContract>(method: string, url: string, headers: Record<string, string>, file: Blob, onProgress?: UploadProgress): Promise<DataOf<R>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(file.size, file.size);
        resolve((request.response as { data: DataOf<R> }).data);
      } else reject(refusal(request.status, request.response));
    };
    request.onerror = () => reject(lostConnection(false));
    request.onabort = () => reject(lostConnection(true));
    request.send(file);
  });
}

/**
 * Where a resumable (tus) upload goes and the session's headers it carries; tus-js-client sends the
 * requests itself. A refusal it reports is read with `refusalOf`.
 */
export function resumableTarget(path: string): { endpoint: string; headers: Record<string, string> } {
  const { headers } = apiOptions(undefined);
  return { endpoint: `${baseURL}${path}`, headers: headers as Record<string, string> };
}

/** A tus upload's failure as the API's refusals are: the server's words when it answered, else a lost link. */
export function refusalOf(status: number | undefined, body: string | undefined): ApiRequestError {
  if (!status) return lostConnection(false);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? '');
  } catch {
    parsed = undefined;
  }
  return refusal(status, parsed);
}

export const api = {
  /** Calls a JSON route: `api.call<Exams['start']>('PATCH', examsPaths.start, { params: { examId, groupId } })`. */
  async call<R extends RouteContract>(method: R['method'], path: R['url'], ...[input]: CallArgs<R>): Promise<DataOf<R>> {
    const response = await send(method, addressOf(path, input), apiOptions(input), 'json');
    return (response._data as { data: DataOf<R> }).data;
  },

  /** The raw bytes of a file route (a note), with the same headers and error handling as every call. */
  async file<R extends RouteContract>(path: R['url'], ...[input]: CallArgs<R>): Promise<Blob> {
    const response = await send('GET', addressOf(path, input), apiOptions(input), 'blob');
    return response._data as Blob;
  },

  /**
   * PUTs a file's bytes to a signed upload link. The link's signature is its authority, so the
   * session id is not sent (the link may name another host); no timeout, as a large file on a slow
   * phone may take longer than a call; the upload's progress bar shows `onProgress`.
   */
  upload<R extends RouteContract>(signedUrl: string, file: Blob, type: string, onProgress?: UploadProgress): Promise<DataOf<R>> {
    return sendBytes<R>('PUT', signedUrl, { 'Content-Type': type }, file, onProgress);
  },

  /**
   * POSTs a file's bytes to an API route (the desk's import), with the session's headers and the
   * route's query, reporting the bytes sent as `upload` does.
   */
  sendFile<R extends RouteContract>(path: R['url'], input: CallInput<R>, file: Blob, onProgress?: UploadProgress): Promise<DataOf<R>> {
    const { headers, query } = apiOptions(input);
    const search = new URLSearchParams(Object.entries((query ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
    return sendBytes<R>('POST', `${baseURL}${addressOf(path, input)}?${search}`, { ...headers, 'Content-Type': 'application/octet-stream' }, file, onProgress);
  },
};
