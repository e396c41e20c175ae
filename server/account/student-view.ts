// The contract's Student object, as login and GET /student/profile return it.
import type { Kysely } from 'kysely';
import type { Database, Student as StudentRow } from '../db/schema.js';
import type { Student } from '../../src/contracts/account.js';
import { groupsOfStudent } from './queries.js';
import { fileUrl } from '../storage/signing.js';

/** A stored key becomes the address the browser loads; a full address is kept as it is. */
export function profilePicUrl(stored: string | null): string | null {
  if (!stored) return null;
  return /^(https?:)?\//.test(stored) ? stored : fileUrl(stored);
}

const gpa = (value: number | null): number | null => (value == null ? null : Number(value));

export async function studentView(db: Kysely<Database>, student: StudentRow): Promise<Student> {
  const rows = await groupsOfStudent(db, student.id);
  const courses = new Map<string, string | null>();
  for (const row of rows) if (!courses.has(row.courseId)) courses.set(row.courseId, row.courseName);
  return {
    _id: student.id,
    name: student.name,
    sid: student.sid,
    username: student.username,
    contact: student.contact,
    session: student.session,
    branch: student.branch_name ? { name: student.branch_name, division: student.branch_division } : null,
    profilePic: profilePicUrl(student.profile_pic),
    SSCGPA: gpa(student.ssc_gpa),
    HSCGPA: gpa(student.hsc_gpa),
    groups: rows.map((row) => ({ _id: row.groupId, name: row.groupName, courseId: row.courseId })),
    courses: [...courses].map(([_id, name]) => ({ _id, name })),
  };
}
