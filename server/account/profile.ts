// The student's own profile: the GPAs and the picture are all a student may change. The use-case floor
// under account/routes.ts.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';
import { GPA_MESSAGES, isValidGpa, pictureProblem } from '../../src/domain/password.js';
import type { ProfileUpdate } from '../../src/contracts/account.js';
import { findStoredFile } from '../storage/queries.js';
import { isFileKey } from '../storage/signing.js';
import type { Student as StudentRow } from '../db/schema.js';
import { studentView } from './student-view.js';
import { updateProfile } from './queries.js';
import { ACCOUNT_TITLES } from './titles.js';

export async function changeProfile(app: FastifyInstance, student: StudentRow, body: ProfileUpdate) {
  const { SSCGPA, HSCGPA, profilePic } = body;
  if (!isValidGpa(SSCGPA)) throw badRequest(GPA_MESSAGES.invalid, 'gpaInvalid', 'SSCGPA must be a number from 0 to 5.');
  if (!isValidGpa(HSCGPA)) throw badRequest(GPA_MESSAGES.invalid, 'gpaInvalid', 'HSCGPA must be a number from 0 to 5.');
  const changes: { ssc_gpa: number; hsc_gpa: number; profile_pic?: string } = { ssc_gpa: SSCGPA, hsc_gpa: HSCGPA };
  if (profilePic != null && profilePic !== '') {
    // The app may send back the address it was given; the key is its last part.
    const key = profilePic.replace(/^(?:https?:\/\/[^/]+)?(?:\/api)?\/media\/files\//, '');
    if (key !== student.profile_pic) {
      const file = isFileKey(key) ? await findStoredFile(app.db, key) : undefined;
      if (!file || file.owner_id !== student.id) throw badRequest(ACCOUNT_TITLES.pictureNotYours, 'uploadNotYours');
      if (pictureProblem(file.mime_type)) throw badRequest(ACCOUNT_TITLES.pictureNotImage, 'pictureNotImage');
      changes.profile_pic = key;
    }
  }
  await updateProfile(app.db, student.id, changes);
  app.realtime.studentChanged(student.id);
  return studentView(app.db, { ...student, ...changes });
}
