// The teacher desk's session: who is signed in at the desk. The desk asks on start (and after a
// reload), so a staff session still alive opens the desk without the password again. Paths are
// relative to the API base (/api).
import { Type } from '@sinclair/typebox';
import { Data, failures, type RouteContract } from './common';
import { Staff } from './account';
import { accountPaths } from './paths';

const NoQuery = Type.Object({}, { additionalProperties: false });

export const deskSessionContract = {
  /** The signed-in teacher or administrator; 401 without a live session, 403 for a student's session. */
  staffSession: {
    method: 'GET',
    url: accountPaths.staffSession,
    config: { access: 'staff', staff: 'ownCourses' },
    schema: { querystring: NoQuery, response: { 200: Data(Type.Object({ staff: Staff })), ...failures(400, 401, 403) } },
  },
} satisfies Record<string, RouteContract>;
