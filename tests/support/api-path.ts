// The address of an API route as the tests call it: its path from src/contracts/paths.ts under the
// API base, the placeholders filled (URL-encoded) by the app's own pathTo.
import { API_PREFIX, pathTo, type PathArgs } from '../../src/contracts/paths.js';

/** `apiPath(examsPaths.start, { examId, groupId })` is '/api/exam/start/<examId>/group-id/<groupId>'. */
export function apiPath<P extends string>(path: P, ...args: PathArgs<P>): string {
  return `${API_PREFIX}${pathTo(path, ...args)}`;
}
