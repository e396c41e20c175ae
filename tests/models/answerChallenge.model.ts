// The answerChallenge path models and the fixtures its tests share: a new challenge of an MCQ, and an
// edit of an open checkbox challenge with a stored photo.
import { answerChallengeMachine, type AnswerChallengeInput } from '../../src/machines/answerChallenge.machine';
import type { StudentChallenge } from '../../src/contracts/challenges';
import type { PathModel } from '../support/machine-paths';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0, title: 'Network error' });
export const windowClosed = Object.assign(new Error('closed'), { status: 409, code: 'challengeWindowClosed', title: 'The challenge window of this exam is closed.' });
export const decided = Object.assign(new Error('decided'), { status: 409, code: 'questionDecided', title: 'A teacher has already decided on this question.' });
export const badReason = Object.assign(new Error('reason'), { status: 400, code: 'badReason', title: 'Give a reason of 1 to 2,000 characters.' });
export const serverError = Object.assign(new Error('Boom'), { status: 500, title: 'Something went wrong' });

/** A file as the paths name it: a File alone writes as {}, so a photo and a PDF would be one event to the traversal. */
const sampleFile = (name: string, type: string) => Object.assign(new File([name], name, { type }), { toJSON: () => ({ name, type }) });
export const photo = sampleFile('page42.jpg', 'image/jpeg');
export const pdf = sampleFile('notes.pdf', 'application/pdf');
export const storedPhoto = { mediaType: 'image/jpeg', mediaUrl: '/media/files/uploads/page42.jpg' };

export const challenge = (over: Partial<StudentChallenge> = {}): StudentChallenge => ({
  _id: 'c1', questionId: 'q1', options: [1], flawed: false, reason: 'Guyton, page 42: B.', media: [], status: 'open', reply: null,
  createdAt: '2026-11-27T01:00:00.000Z', updatedAt: '2026-11-27T01:00:00.000Z', decidedAt: null, ...over,
});

export const mcqInput: AnswerChallengeInput = { examId: 'e1', groupId: 'g1', questionId: 'q1', number: 1, type: 'MCQ', optionCount: 3, challenge: null };
export const boxInput: AnswerChallengeInput = { ...mcqInput, questionId: 'q2', number: 2, type: 'checkbox', challenge: challenge({ questionId: 'q2', options: [0, 2], media: [storedPhoto] }) };

// What the next step can depend on: the state, whether the form is complete, photos waiting and stored, the saved status, why closed.
const serializeState = ((snapshot: { value: unknown; context: { options: number[]; flawed: boolean; reason: string; photos: unknown[]; media: unknown[]; saved: StudentChallenge | null; closedBy: string | null; errors: Record<string, string | null> } }) =>
  JSON.stringify({
    value: snapshot.value,
    proposal: snapshot.context.flawed ? 'flawed' : snapshot.context.options.length > 0,
    reason: snapshot.context.reason.trim().length > 0,
    photos: snapshot.context.photos.length,
    media: snapshot.context.media.length,
    saved: snapshot.context.saved?.status ?? null,
    closedBy: snapshot.context.closedBy,
    errors: Object.values(snapshot.context.errors).filter(Boolean).length,
  })) as never;

const events = [
  { type: 'challenge.choose', option: 1 },
  { type: 'challenge.flawed' },
  { type: 'challenge.reason', text: 'পাঠ্যবইয়ের ৪২ পৃষ্ঠা: B' },
  { type: 'challenge.reason', text: '  ' },
  { type: 'challenge.attach', file: photo },
  { type: 'challenge.attach', file: pdf },
  { type: 'challenge.detach', index: 0 },
  { type: 'challenge.send' },
  { type: 'challenge.retry' },
  { type: 'challenge.edit' },
  { type: 'challenge.close' },
] as const;

const outcomes = {
  uploadPhoto: { done: [storedPhoto], error: [networkError] },
  saveChallenge: { done: [challenge()], error: [networkError, windowClosed, decided, badReason, serverError] },
};

export const models: PathModel<typeof answerChallengeMachine>[] = [
  { name: 'a new MCQ challenge', machine: answerChallengeMachine, input: mcqInput, events: [...events], outcomes, serializeState },
  { name: 'an open checkbox challenge edited', machine: answerChallengeMachine, input: boxInput, events: [...events], outcomes, serializeState },
];
