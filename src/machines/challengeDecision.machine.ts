// The answer-key challenges of one published exam assignment for teachers
// (/staff/exams/:assignmentId/challenges): the challenged questions load, grouped by question (how many
// students, what they propose, their reasons and attachments, the question's item statistics); the
// page says when there are none. The teacher decides one question at a time: keep the key (one reply
// to every challenger, required), change it (to one or several accepted options) or drop the question
// (after a confirmation saying that no one gains or loses its marks). The decision is sent; its answer
// (the regrade: results read, students whose marks moved, students told) shows, and the question's
// decision is written into the list without reading it again. Refusals (a batch still sitting the exam,
// the results not published) show in the server's words beside the decision with the way to send it
// again; a request answered 401 ends the page and the desk asks for the sign-in again. The decision
// may correct the explanation students read under the question (after a key change the old one argued
// for the old key); it is sent with the decision only when the teacher changed it.
import { assign, fromPromise, setup } from 'xstate';
import type { ChallengeDesk, DecisionBody, DecisionKind, DecisionReply, DeskQuestion } from '../contracts/challenges';
import type { QuestionType } from '../contracts/exams';
import { challengeStatusAfter, decisionProblem, decisionReply, DECISION_REPLY_MAX, isChallengeable } from '../domain/challenges';
import { failureOf } from '../domain/failures';
import { failureWords, type RefusalWords } from '../domain/messages';
import { optionLetter } from '../domain/scoring';

export interface ChallengeDecisionContext {
  assignmentId: string;
  desk: ChallengeDesk | null;
  /** Why the challenges could not be had; cleared by the next try. */
  problem: RefusalWords | null;
  /** The question being decided (or last decided). */
  questionId: string | null;
  kind: DecisionKind;
  /** The options a change of the key accepts. */
  options: number[];
  reply: string;
  /** The explanation students read under the question, as the teacher edits it (starts as it stands). */
  explanation: string;
  /** What is wrong with the decision as written (said before sending), or the server's refusal of it. */
  decisionProblem: RefusalWords | null;
  /** The server's answer to the last decision sent. */
  outcome: DecisionReply | null;
}

export type ChallengeDecisionEvent =
  | { type: 'challenges.retry' }
  | { type: 'question.decide'; questionId: string }
  | { type: 'decision.kind'; kind: DecisionKind }
  | { type: 'decision.option'; option: number }
  | { type: 'decision.reply'; text: string }
  | { type: 'decision.explanation'; text: string }
  | { type: 'decision.submit' }
  | { type: 'decision.confirm' }
  | { type: 'decision.back' }
  | { type: 'decision.cancel' }
  | { type: 'summary.close' };

export interface DecisionRequest {
  assignmentId: string;
  questionId: string;
  body: DecisionBody;
}

export const decisionMessages = {
  reply: `Write a reply to the challengers (at most ${DECISION_REPLY_MAX.toLocaleString('en-US')} characters): every one of them reads it.`,
} as const;

/** The question the context names, in the desk as loaded. */
export const decidingQuestion = (context: Pick<ChallengeDecisionContext, 'desk' | 'questionId'>): DeskQuestion | null =>
  context.desk?.questions.find((q) => q.questionId === context.questionId) ?? null;

/** What is wrong with a decision as written, before it is sent: the reply is required; a change names options the question has. */
export function draftProblem(question: Pick<DeskQuestion, 'type' | 'options'>, kind: DecisionKind, options: readonly number[], reply: string): string | null {
  if (decisionReply(reply) === null) return decisionMessages.reply;
  if (kind === 'change') return decisionProblem(question.type as QuestionType, question.options.length, options);
  return null;
}

/** Options as letters: "C", "B or C" for an MCQ (either is accepted), "B and C" where the key is the set. */
function keyWords(type: string, options: readonly number[]): string {
  const named = [...options].sort((a, b) => a - b).map(optionLetter);
  if (named.length <= 1) return named.join('');
  return `${named.slice(0, -1).join(', ')} ${type === 'MCQ' ? 'or' : 'and'} ${named.at(-1)}`;
}

const results = (n: number) => `${n.toLocaleString('en-US')} result${n === 1 ? '' : 's'}`;

/**
 * What the decision as written will do, in words, said beside Send before it leaves: "The key becomes
 * C; 41 results will be regraded." Null while a change names no option yet.
 */
export function decisionSummary(question: Pick<DeskQuestion, 'type' | 'keyOptions' | 'number'>, kind: DecisionKind, options: readonly number[], examResults: number): string | null {
  if (kind === 'keep') return `The key stays ${keyWords(question.type, question.keyOptions)}; no marks change and every challenger reads your reply.`;
  if (kind === 'drop') return `Question ${question.number} is dropped for everyone; ${results(examResults)} will be regraded.`;
  if (options.length === 0) return null;
  const sorted = [...options].sort((a, b) => a - b);
  if (sorted.join() === [...question.keyOptions].sort((a, b) => a - b).join()) return `The key is ${keyWords(question.type, sorted)} already: nothing will be regraded.`;
  return `The key becomes ${keyWords(question.type, sorted)}; ${results(examResults)} will be regraded.`;
}

/** The explanation as the teacher left it, when it differs from the question's: what a decision sends to correct it. */
export function correctedExplanation(question: Pick<DeskQuestion, 'explanation'> | null, explanation: string): string | undefined {
  const written = explanation.trim();
  return written === (question?.explanation ?? '').trim() ? undefined : written;
}

/** The body sent for a decision: the options only for a change (sorted), the reply trimmed, a corrected explanation. */
const decisionBody = (kind: DecisionKind, options: readonly number[], reply: string, explanation?: string): DecisionBody => ({
  kind,
  options: kind === 'change' ? [...options].sort((a, b) => a - b) : [],
  reply: reply.trim(),
  ...(explanation === undefined ? {} : { explanation }),
});

/**
 * The desk after a decision the server accepted: the question carries the decision, its new key (or
 * is dropped), its challenges answered; a regrade joins the exam's regrades. What the server would
 * answer if the desk were read again, without reading it. A decision already in force changes nothing.
 */
export function deskAfterDecision(desk: ChallengeDesk, reply: DecisionReply, explanation?: string): ChallengeDesk {
  if (explanation !== undefined) {
    desk = { ...desk, questions: desk.questions.map((q) => (q.questionId === reply.questionId ? { ...q, explanation: explanation || null } : q)) };
  }
  if (reply.unchanged) return desk;
  const { decision } = reply;
  const status = challengeStatusAfter(decision.kind);
  const questions = desk.questions.map((q): DeskQuestion => {
    if (q.questionId !== reply.questionId) return q;
    return {
      ...q,
      decision,
      keyOptions: decision.kind === 'change' ? [...decision.options].sort((a, b) => a - b) : q.keyOptions,
      dropped: decision.kind === 'drop' ? true : decision.kind === 'change' ? false : q.dropped,
      open: 0,
      challenges: q.challenges.map((c) => ({ ...c, status })),
    };
  });
  if (!reply.regrade) return { ...desk, questions };
  const { notified: _notified, ...summary } = reply.regrade;
  return { ...desk, questions, regrades: [summary, ...desk.regrades.filter((r) => r._id !== summary._id)] };
}

export const challengeDecisionMachine = setup({
  types: {} as { context: ChallengeDecisionContext; events: ChallengeDecisionEvent; input: { assignmentId: string } },
  actors: {
    /** GET /staff/exam-assignments/:assignmentId/challenges. */
    loadDesk: fromPromise<ChallengeDesk, { assignmentId: string }>(async () => {
      throw new Error('provide loadDesk');
    }),
    /** POST /staff/exam-assignments/:assignmentId/challenges/:questionId/decision. */
    decide: fromPromise<DecisionReply, DecisionRequest>(async () => {
      throw new Error('provide decide');
    }),
  },
  guards: {
    anyQuestions: (_, params: { desk: ChallengeDesk }) => params.desk.questions.length > 0,
    sessionEnded: (_, params: { error: unknown }) => failureOf(params.error).status === 401,
    /** The question is on the page and has a key to decide on. */
    decidable: ({ context }, params: { questionId: string }) => {
      const question = decidingQuestion({ desk: context.desk, questionId: params.questionId });
      return question !== null && isChallengeable(question.type as QuestionType);
    },
    draftInvalid: ({ context }) => {
      const question = decidingQuestion(context);
      return question === null || draftProblem(question, context.kind, context.options, context.reply) !== null;
    },
    dropping: ({ context }) => context.kind === 'drop',
  },
  actions: {
    /**
     * Opens the form of a question: keep, nothing ticked for a change and no reply yet. Starting a
     * change from the key in force had a teacher who ticked only C send "B or C".
     */
    startDecision: assign(({ context }, params: { questionId: string }) => ({
      questionId: params.questionId,
      kind: 'keep' as DecisionKind,
      options: [],
      reply: '',
      explanation: decidingQuestion({ desk: context.desk, questionId: params.questionId })?.explanation ?? '',
      decisionProblem: null,
      outcome: null,
    })),
    keepProblem: assign({ problem: (_, params: { error: unknown }) => failureWords(params.error) }),
    sayDraftProblem: assign({
      decisionProblem: ({ context }) => {
        const question = decidingQuestion(context);
        return { title: question ? (draftProblem(question, context.kind, context.options, context.reply) ?? '') : 'That question is not on this page.' };
      },
    }),
    keepDecisionProblem: assign({ decisionProblem: (_, params: { error: unknown }) => failureWords(params.error) }),
    keepOutcome: assign({
      outcome: (_, params: { reply: DecisionReply }) => params.reply,
      desk: ({ context }, params: { reply: DecisionReply }) =>
        context.desk ? deskAfterDecision(context.desk, params.reply, correctedExplanation(decidingQuestion(context), context.explanation)) : null,
    }),
  },
}).createMachine({
  id: 'challengeDecision',
  description: "A published exam's answer-key challenges for teachers: the challenged questions grouped, with what the students propose, why, and the question's item statistics; a decision per question (keep, change, drop) and the regrade it brought.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: deciding on answer-key challenges (issue 28)' },
  context: ({ input }) => ({
    assignmentId: input.assignmentId, desk: null, problem: null, questionId: null, kind: 'keep', options: [], reply: '', explanation: '', decisionProblem: null, outcome: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The challenged questions of the batch are read.',
      tags: ['loading'],
      invoke: {
        src: 'loadDesk',
        input: ({ context }) => ({ assignmentId: context.assignmentId }),
        onDone: [
          {
            guard: { type: 'anyQuestions', params: ({ event }) => ({ desk: event.output }) },
            target: 'listed',
            description: 'Some question was challenged: the questions show, grouped',
            actions: assign({ desk: ({ event }) => event.output, problem: null }),
          },
          { target: 'empty', description: 'No student challenged a question of this exam', actions: assign({ desk: ({ event }) => event.output, problem: null }) },
        ],
        onError: [
          { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut', description: 'The desk session has ended: the desk asks for the sign-in again', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', description: 'The challenges could not be had: the reason shows', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    empty: {
      description: "'No challenges for this exam', whether the window is still open, and Reload.",
      on: { 'challenges.retry': { target: 'loading', description: 'The teacher presses Reload' } },
    },
    failed: {
      description: "The reason in the server's words (offline, results not yet published, a practice exam) with Try again.",
      on: { 'challenges.retry': { target: 'loading', description: 'The teacher presses Try again' } },
    },
    signedOut: {
      description: "'Your desk session has ended.': the desk's sign-in, which comes back to this page.",
    },
    listed: {
      description: 'The challenged questions, each with its challengers, proposals, reasons, attachments, item statistics and flags, and any decision.',
      initial: 'browsing',
      states: {
        browsing: {
          description: 'Every question shows with Decide (or Decide again once decided).',
          on: {
            'question.decide': {
              guard: { type: 'decidable', params: ({ event }) => ({ questionId: event.questionId }) },
              target: 'deciding',
              description: 'The teacher presses Decide on a question',
              actions: { type: 'startDecision', params: ({ event }) => ({ questionId: event.questionId }) },
            },
          },
        },
        deciding: {
          description: "The decision form of the question: keep (the reply), change (the accepted options and the reply) or drop (the reply), and the explanation students read, to correct; what is wrong with it, or the server's refusal, beside it.",
          on: {
            'decision.kind': { description: 'The teacher chooses keep, change or drop', actions: assign({ kind: ({ event }) => event.kind, decisionProblem: null }) },
            'decision.option': {
              description: 'The teacher ticks or unticks an option the key accepts',
              actions: assign({
                options: ({ context, event }) => (context.options.includes(event.option) ? context.options.filter((o) => o !== event.option) : [...context.options, event.option].sort((a, b) => a - b)),
                decisionProblem: null,
              }),
            },
            'decision.reply': { description: 'The teacher writes the reply to the challengers', actions: assign({ reply: ({ event }) => event.text }) },
            'decision.explanation': { description: 'The teacher corrects the explanation students read under the question', actions: assign({ explanation: ({ event }) => event.text }) },
            'decision.submit': [
              { guard: 'draftInvalid', description: 'Something is missing (the reply, the options): it is said beside the form', actions: 'sayDraftProblem' },
              { guard: 'dropping', target: 'confirmingDrop', description: 'The teacher sends a drop: it is confirmed first' },
              { target: 'submitting', description: 'The teacher sends the decision', actions: assign({ decisionProblem: null }) },
            ],
            'decision.cancel': { target: 'browsing', description: 'The teacher cancels: nothing is sent', actions: assign({ questionId: null, decisionProblem: null }) },
          },
        },
        confirmingDrop: {
          description: "'Drop question N?': no one gains or loses its marks (everyone's marks and full marks lose it), every attempt is regraded; Drop the question and Back.",
          on: {
            'decision.confirm': { target: 'submitting', description: 'The teacher confirms the drop', actions: assign({ decisionProblem: null }) },
            'decision.back': { target: 'deciding', description: 'The teacher goes back to the form' },
            'decision.cancel': { target: 'browsing', description: 'The teacher cancels: nothing is sent', actions: assign({ questionId: null }) },
          },
        },
        submitting: {
          description: 'The decision is sent; a change or a drop regrades every submitted attempt of the exam. The form waits.',
          tags: ['submitting'],
          invoke: {
            src: 'decide',
            input: ({ context }) => ({
              assignmentId: context.assignmentId,
              questionId: context.questionId!,
              body: decisionBody(context.kind, context.options, context.reply, correctedExplanation(decidingQuestion(context), context.explanation)),
            }),
            onDone: { target: 'decided', description: 'The decision is recorded: the regrade summary shows', actions: { type: 'keepOutcome', params: ({ event }) => ({ reply: event.output }) } },
            onError: [
              { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#challengeDecision.signedOut', description: 'The desk session has ended: the desk asks for the sign-in again', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
              { target: 'deciding', description: "The decision was refused or not sent: the reason shows beside the form, which can be sent again", actions: { type: 'keepDecisionProblem', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        decided: {
          description: 'What the decision did: the key kept (challengers answered), or the regrade (results read, students whose marks moved, students told); the list shows the decision.',
          on: {
            'summary.close': { target: 'browsing', description: 'The teacher closes the summary' },
            'question.decide': {
              guard: { type: 'decidable', params: ({ event }) => ({ questionId: event.questionId }) },
              target: 'deciding',
              description: 'The teacher decides another question',
              actions: { type: 'startDecision', params: ({ event }) => ({ questionId: event.questionId }) },
            },
          },
        },
      },
    },
  },
});
