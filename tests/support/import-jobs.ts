// The desk's import as a test drives it: the upload answers with a job at once (202), the server's job
// runner checks and writes it, and the job's outcome is read back.
import type { ImportJob } from '../../src/contracts/import.js';
import { staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from './api-path.js';
import type { TestServer } from './test-server.js';

/** Uploads a file for a check (or with `apply`, to be written): the answer with its job. */
export async function sendImport(server: TestServer, session: string, name: string, data: Buffer, apply = false): Promise<{ status: number; body: any }> {
  const response = await server.call({
    method: 'POST', url: `${apiPath(staffPaths.import)}?name=${encodeURIComponent(name)}${apply ? '&apply=true' : ''}`, session,
    headers: { 'content-type': 'application/octet-stream' }, payload: data,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

export async function importJob(server: TestServer, session: string, id: string): Promise<ImportJob> {
  const response = await server.call({ method: 'GET', url: apiPath(staffPaths.importJob.replace(':jobId', id)), session });
  if (response.statusCode !== 200) throw new Error(`GET import job answered ${response.statusCode}: ${response.body}`);
  return JSON.parse(response.body).data as ImportJob;
}

/** Uploads a file and waits for its job to end: the job as it ended. */
export async function importAndWait(server: TestServer, session: string, name: string, data: Buffer, apply = false): Promise<ImportJob> {
  const sent = await sendImport(server, session, name, data, apply);
  if (sent.status !== 202) throw new Error(`the import upload answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  await server.app.jobs.idle();
  return importJob(server, session, sent.body.data.id);
}
