import { profileEditMachine } from '../../src/machines/profileEdit.machine';
import type { Student } from '../../src/contracts/account';
import type { PathModel } from '../support/machine-paths';

export const student = { _id: 'a00000000000000000000001', name: 'Nusrat Jahan', sid: '260001', SSCGPA: 5, HSCGPA: 4.8, profilePic: null } as Student;
/** A file as the paths name it: a Blob alone writes as {}, so a PNG and a PDF would be one event to the traversal. */
const sampleFile = (content: string, type: string) => Object.assign(new Blob([content], { type }), { toJSON: () => ({ type }) });
export const picture = sampleFile('png', 'image/png');
export const pdf = sampleFile('%PDF-1.4', 'application/pdf');

const model: PathModel<typeof profileEditMachine> = {
  machine: profileEditMachine,
  input: { student },
  events: [
    { type: 'profile.edit' },
    { type: 'profile.cancel' },
    { type: 'profile.change', field: 'SSCGPA', value: '5.5' },
    { type: 'profile.change', field: 'SSCGPA', value: '4.25' },
    { type: 'profile.pickPicture', file: picture },
    { type: 'profile.pickPicture', file: pdf },
    { type: 'profile.save' },
  ],
  outcomes: {
    loadProfile: { done: [student], error: [{ status: 0, title: 'Network error', network: true }] },
    uploadPicture: { done: [{ key: 'uploads/p.png', url: '/media/files/uploads/p.png' }], error: [{ status: 400, title: 'Upload failed' }] },
    saveProfile: { done: [{ ...student, SSCGPA: 4.25 }], error: [{ status: 400, title: 'Invalid request' }] },
  },
  serializeState: ((snapshot: { value: unknown; context: { form: { SSCGPA: string }; picture: unknown; pictureError: string | null } }) =>
    JSON.stringify({ value: snapshot.value, ssc: snapshot.context.form.SSCGPA, picture: Boolean(snapshot.context.picture), refused: Boolean(snapshot.context.pictureError) })) as never,
};

export const models = [model];
