// The real outside world of the exam attempt: the exam API, the answers stored on this device,
// toasts, navigation, and the page's storage and visibility events. The coordination between the
// outbox, countdown and submission is the machine's own (src/machines/examAttempt.machine.ts).
import { fromCallback, fromPromise } from 'xstate';
import { answerOutboxMachine } from '../../machines/answerOutbox.machine';
import { examSubmissionMachine } from '../../machines/examSubmission.machine';
import type { ExamAttemptContext, ExamAttemptEvent, KeptPaper, OpenedPaper, PageWatcherEvent, StartedAt } from '../../machines/examAttempt.machine';
import { MESSAGES, RESTORED_TOAST_MS, uploadFailedMessage } from '../../domain/messages';
import { answerStore } from '../../services/answerStore';
import { afterNextPaint } from '../../services/nextPaint';
import { keptAttempts } from '../../services/keptAttempts';
import { examLock } from '../../services/examLock';
import { examsApi, type AnswerToSend } from '../../services/exams';
import type { Attachment, CurrentExam, StartedAttempt, SubmitReply } from '../../contracts/exams';
import { contentApi } from '../../services/content';
import { removeKey, STORAGE_KEYS } from '../../services/storage';
import type { ConnectionActor } from '../app/rootActorsStart';
import { toast } from '../ui/toast';
import { examListAddress } from '../../domain/examPlace';

/**
 * The server calls of an attempt and where its result is read: an exam's by default; a mistakes
 * practice set is taken with the same machine through its own calls (src/views/mistakes).
 */
export interface AttemptCalls {
  paper: (examId: string, groupId: string) => Promise<CurrentExam>;
  start: (examId: string, groupId: string) => Promise<StartedAttempt>;
  sendAnswer: (input: AnswerToSend) => Promise<{ uploaded: Attachment[]; skipped: string[] }>;
  submit: (examId: string, groupId: string) => Promise<SubmitReply>;
  resultAddress: (examId: string, groupId: string) => string;
}

export const examCalls: AttemptCalls = {
  paper: examsApi.paper,
  start: examsApi.start,
  sendAnswer: (input) => examsApi.sendAnswer(input),
  submit: examsApi.submit,
  resultAddress: (examId, groupId) => `/result/${examId}/${groupId}`,
};

interface Outside {
  studentId: string;
  connection: ConnectionActor;
  navigate: (to: string, options?: { state?: unknown }) => void;
  calls?: AttemptCalls;
}

export function examAttemptImplementations({ studentId, connection, navigate, calls = examCalls }: Outside) {
  return {
    actions: {
      keepAttempt: ({ context }: { context: ExamAttemptContext }) => {
        if (context.exam && context.timing) keptAttempts.keep(context.studentId, context.examId, { groupId: context.groupId, exam: context.exam, timing: context.timing });
      },
      forgetKeptAttempt: ({ context }: { context: ExamAttemptContext }) => keptAttempts.forget(context.studentId, context.examId),
      notifyRemoved: (_: unknown, { groupId }: { groupId: string }) => {
        toast.error(MESSAGES.examRemoved);
        void contentApi.group(groupId).catch(() => undefined);
      },
    },
    actors: {
      loadPaper: fromPromise<OpenedPaper, { examId: string; groupId: string }>(async ({ input }) => {
        const exam = await calls.paper(input.examId, input.groupId);
        return { exam, stored: answerStore.read(studentId, input.examId), receivedAt: Date.now() };
      }),
      loadKeptAttempt: fromPromise<KeptPaper | null, { studentId: string; examId: string; groupId: string }>(async ({ input }) => {
        const kept = keptAttempts.read(input.studentId, input.examId, input.groupId);
        if (!kept) return null;
        return { exam: kept.exam, stored: answerStore.read(input.studentId, input.examId), receivedAt: kept.timing.receivedAt, timing: kept.timing };
      }),
      markExamRunning: fromCallback(() => examLock.holdExamRunning()),
      startAttempt: fromPromise<StartedAt, { examId: string; groupId: string }>(async ({ input }) => {
        const started = await calls.start(input.examId, input.groupId);
        return { started, receivedAt: Date.now() };
      }),
      answerOutbox: answerOutboxMachine.provide({
        actors: {
          // The answer is on the device already (persistAnswers ran in the same step); its request starts
          // once the chosen option is on screen, so the tap's frame does not wait for it.
          sendAnswer: fromPromise(async ({ input }) => {
            await afterNextPaint();
            return calls.sendAnswer(input);
          }),
        },
        actions: {
          persistAnswers: (_, { studentId: sid, examId, entries, removed }) => answerStore.writeExam(sid, examId, entries, removed),
          notifyLocked: () => toast.error(MESSAGES.answerLocked),
          notifySavedLocally: () => toast.warning(MESSAGES.savedLocally),
          notifyRestored: () => toast.success(MESSAGES.restored, MESSAGES.restoredDescription, RESTORED_TOAST_MS),
          notifyUploadSkipped: (_, { names }) => names.forEach((name) => toast.error(uploadFailedMessage(name))),
          reloadGroup: (_, { groupId }) => void contentApi.group(groupId).catch(() => undefined),
        },
      }),
      examSubmission: examSubmissionMachine.provide({
        actors: { submitExam: fromPromise(({ input }) => calls.submit(input.examId, input.groupId)) },
        actions: {
          alert: (_, { message }) => toast.warning(message),
          notify: (_, { kind, message }) => (kind === 'success' ? toast.success(message) : toast.error(message)),
          clearLocalData: ({ context }) => {
            answerStore.clearExam(studentId, context.examId);
            removeKey(STORAGE_KEYS.selectedSegmentedExamSubjects);
            removeKey(STORAGE_KEYS.subjectOfSelectedExam);
          },
          leaveExam: (_, params) =>
            params.isPracticeExam ? navigate(calls.resultAddress(params.examId, params.groupId), { state: { hasResult: true } }) : navigate(examListAddress()),
        },
      }),
      watchPage: fromCallback<PageWatcherEvent, { studentId: string; examId: string }>(({ sendBack, receive, input }) => {
        const sendStored = () => sendBack({ type: 'page.answersStored', stored: answerStore.read(input.studentId, input.examId) } satisfies ExamAttemptEvent);
        // Another tab of the same exam saved answers (storage events come from other tabs only).
        const onStorage = (event: StorageEvent) => {
          if (event.key === STORAGE_KEYS.localSavedAnswers) sendStored();
        };
        // A phone that slept or a hidden tab measures the remaining time again at once.
        const onVisibility = () => sendBack({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' } satisfies ExamAttemptEvent);
        // Leaving the page (closed, reloaded, navigated away) sends a choice still waiting for its pause.
        const onPageHide = () => sendBack({ type: 'page.hidden' } satisfies ExamAttemptEvent);
        receive((event) => {
          if (event.type === 'page.readAnswers') sendStored();
        });
        window.addEventListener('storage', onStorage);
        document.addEventListener('visibilitychange', onVisibility);
        window.addEventListener('pagehide', onPageHide);
        return () => {
          window.removeEventListener('pagehide', onPageHide);
          window.removeEventListener('storage', onStorage);
          document.removeEventListener('visibilitychange', onVisibility);
        };
      }),
      watchConnection: fromCallback(({ sendBack }) => {
        // The attempt starts with the connection's current value; only changes are told.
        let online = connection.getSnapshot().matches('online');
        const subscription = connection.subscribe((snapshot) => {
          const now = snapshot.matches('online');
          if (now === online) return;
          online = now;
          sendBack({ type: online ? 'connection.online' : 'connection.offline' } satisfies ExamAttemptEvent);
        });
        return () => subscription.unsubscribe();
      }),
    },
  };
}
