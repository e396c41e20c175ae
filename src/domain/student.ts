// The Student object the API returns (login, GET /student/profile); the server builds it, the app reads it.

export interface Student {
  _id: string;
  name: string;
  sid: string;
  /** Registered mobile with the 88 prefix, e.g. "8801700000001". */
  username: string;
  contact: string | null;
  session: string | null;
  branch: { name: string; division: string | null } | null;
  /** A URL the browser can load, or null. */
  profilePic: string | null;
  SSCGPA: number | null;
  HSCGPA: number | null;
  /** The student's batches; empty for a student in no batch. */
  groups: { _id: string; name: string; courseId: string }[];
  courses: { _id: string; name: string | null }[];
}
