// The challenge decision path model and the fixtures its tests share.
import { challengeDecisionMachine, correctedExplanation, decidingQuestion } from '../../src/machines/challengeDecision.machine';
import type { ChallengeDesk, DecisionReply, DeskQuestion } from '../../src/contracts/challenges';
import type { PathModel } from '../support/machine-paths';
import { assignment } from './staffDesk.model';
import { analysis } from './itemAnalysis.model';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });
export const sessionGone = Object.assign(new Error('Please sign in again.'), { status: 401, code: 'unauthorized', title: 'Please sign in again.' });
export const stillSitting = Object.assign(new Error('A batch is still sitting this exam.'), {
  status: 409, code: 'examStillRunning', title: 'A batch is still sitting this exam.', message: 'Decide once every batch has finished, so that no submission is scored with the old key.',
});

export const question = (over: Partial<DeskQuestion> = {}): DeskQuestion => ({
  questionId: 'q1',
  number: 1,
  title: 'Which valve closes first?',
  type: 'MCQ',
  point: 1,
  options: ['Mitral', 'Aortic', 'Tricuspid', 'Pulmonary'],
  keyOptions: [0],
  explanation: 'The mitral valve closes first: S1.',
  dropped: false,
  challengers: 2,
  open: 2,
  proposals: [{ options: [1], flawed: false, count: 1 }, { options: [], flawed: true, count: 1 }],
  challenges: [
    {
      _id: 'c1', student: { _id: 's1', name: 'Rahim', sid: '1001' }, groupName: 'Batch 1', options: [1], flawed: false, reason: 'The textbook says aortic.',
      media: [{ mediaType: 'image/jpeg', mediaUrl: '/uploads/page.jpg' }], status: 'open', createdAt: '2026-01-02T09:00:00.000Z', updatedAt: '2026-01-02T09:00:00.000Z',
    },
    {
      _id: 'c2', student: { _id: 's2', name: 'Karim', sid: '1002' }, groupName: 'Batch 1', options: [], flawed: true, reason: 'দুটি উত্তরই ঠিক।',
      media: [], status: 'open', createdAt: '2026-01-02T09:05:00.000Z', updatedAt: '2026-01-02T09:05:00.000Z',
    },
  ],
  stats: analysis(12).questions[0]!,
  decision: null,
  ...over,
});

export const desk = (questions: DeskQuestion[] = [question()]): ChallengeDesk => ({
  assignment: { ...assignment, resultPublished: true, publishedAt: '2026-01-02T08:00:00.000Z' },
  window: { closesAt: '2026-01-04T08:00:00.000Z', open: true },
  questions,
  regrades: [],
  examResults: 41,
});

export const changed: DecisionReply = {
  questionId: 'q1',
  decision: { _id: 'd1', kind: 'change', options: [0, 1], reply: 'Both are accepted.', decidedAt: '2026-01-02T10:00:00.000Z', decidedBy: 'Dr. Akter' },
  unchanged: false,
  regrade: { _id: 'r1', questionId: 'q1', questionNumber: 1, kind: 'change', regradedAt: '2026-01-02T10:00:00.000Z', results: 12, changed: 3, notified: 3 },
};

export const kept: DecisionReply = {
  questionId: 'q1',
  decision: { _id: 'd2', kind: 'keep', options: [], reply: 'The key is right.', decidedAt: '2026-01-02T10:00:00.000Z', decidedBy: 'Dr. Akter' },
  unchanged: false,
  regrade: null,
};

/**
 * Two states differ by where the flow is and what the form holds in kind; the reply's text does not
 * count, only whether there is one, nor the explanation's, only whether the teacher changed it.
 */
const serializeState = (snapshot: { value: unknown; context: { kind: string; reply: string; options: number[]; decisionProblem: unknown; questionId: string | null; explanation: string; desk: ChallengeDesk | null } }) =>
  JSON.stringify({
    value: snapshot.value, kind: snapshot.context.kind, reply: snapshot.context.reply.trim() !== '', options: snapshot.context.options.length > 0,
    problem: snapshot.context.decisionProblem !== null, question: snapshot.context.questionId,
    explained: correctedExplanation(decidingQuestion(snapshot.context), snapshot.context.explanation) !== undefined,
  });

export const models: PathModel<typeof challengeDecisionMachine>[] = [
  {
    machine: challengeDecisionMachine,
    input: { assignmentId: 'a1' },
    events: [
      { type: 'challenges.retry' },
      { type: 'question.decide', questionId: 'q1' },
      { type: 'question.decide', questionId: 'missing' },
      { type: 'decision.kind', kind: 'keep' },
      { type: 'decision.kind', kind: 'change' },
      { type: 'decision.kind', kind: 'drop' },
      { type: 'decision.option', option: 1 },
      { type: 'decision.reply', text: 'The key is right.' },
      { type: 'decision.reply', text: '  ' },
      { type: 'decision.explanation', text: 'The aortic valve: S2.' },
      { type: 'decision.submit' },
      { type: 'decision.confirm' },
      { type: 'decision.back' },
      { type: 'decision.cancel' },
      { type: 'summary.close' },
    ],
    outcomes: {
      loadDesk: { done: [desk(), desk([])], error: [networkError, sessionGone] },
      decide: { done: [changed, kept], error: [stillSitting, sessionGone] },
    },
    serializeState: serializeState as never,
  },
];
