import { profileEditMachine } from '../../src/machines/profileEdit.machine';
import type { Student } from '../../src/contracts/account';
import type { PathModel } from '../support/machine-paths';

export const student = { _id: 'a00000000000000000000001', name: 'Nusrat Jahan', sid: '260001', SSCGPA: 5, HSCGPA: 4.8, profilePic: null } as Student;
export const picture = new Blob(['png'], { type: 'image/png' });

const model: PathModel<typeof profileEditMachine> = {
  machine: profileEditMachine,
  input: { student },
  events: [
    { type: 'profile.edit' },
    { type: 'profile.cancel' },
    { type: 'profile.change', field: 'SSCGPA', value: '5.5' },
    { type: 'profile.change', field: 'SSCGPA', value: '4.25' },
    { type: 'profile.pickPicture', file: picture },
    { type: 'profile.save' },
  ],
  outcomes: {
    loadProfile: { done: [student], error: [{ status: 0, title: 'Network error', network: true }] },
    uploadPicture: { done: [{ key: 'uploads/p.png', url: '/media/files/uploads/p.png' }], error: [{ status: 400, title: 'Upload failed' }] },
    saveProfile: { done: [{ ...student, SSCGPA: 4.25 }], error: [{ status: 400, title: 'Invalid request' }] },
  },
  serializeState: ((snapshot: { value: unknown; context: { form: { SSCGPA: string }; picture: unknown } }) =>
    JSON.stringify({ value: snapshot.value, ssc: snapshot.context.form.SSCGPA, picture: Boolean(snapshot.context.picture) })) as never,
};

export const models = [model];
