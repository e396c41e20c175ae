// Signed API calls of the test suites: the status, the parsed envelope and the raw text (which suites
// scan for answer keys), each body also kept in `bodies`.
import type { TestServer } from './test-server.js';

export interface Reply {
  status: number;
  body: { data?: any; errors?: { title: string; message: string; code: string } };
  raw: string;
}

export type Call = (method: 'GET' | 'PATCH' | 'POST', url: string, session: string, payload?: unknown) => Promise<Reply>;

/** A call function on the server that records every response body into `bodies`. */
export function signedCalls(server: () => TestServer, bodies: () => string[]): Call {
  return async (method, url, session, payload) => {
    const response = await server().call({ method, url, session, ...(payload === undefined ? {} : { payload: payload as object }) });
    bodies().push(response.body);
    return { status: response.statusCode, body: JSON.parse(response.body), raw: response.body };
  };
}
