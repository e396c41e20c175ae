// Each question card's answer and refusal from the answer outbox. The cards of a paper share one
// subscription to the outbox, which compares each card's entry with the one before and wakes only the
// cards whose entry changed: with a subscription per card, every change of the outbox ran a check for
// each of a 200-question paper's cards (two each) while the tap that made it waited for its frame.
import { useCallback, useSyncExternalStore } from 'react';
import type { ActorRefFrom, SnapshotFrom, Subscription } from 'xstate';
import type { answerOutboxMachine } from '../../machines/answerOutbox.machine';
import type { LocalSavedAnswer, SavedAnswers } from '../../services/answerStore';

type OutboxActor = ActorRefFrom<typeof answerOutboxMachine>;

interface CardWatch {
  /** Calls `wake` whenever this question's entry or refusal changes; returns the way to stop. */
  watch(questionId: string, wake: () => void): () => void;
}

function watchCards(outbox: OutboxActor): CardWatch {
  const waiting = new Map<string, Set<() => void>>();
  let subscription: Subscription | null = null;
  let entries: SavedAnswers = {};
  let refusals: Record<string, string> = {};
  const compare = ({ context }: SnapshotFrom<OutboxActor>) => {
    if (context.entries === entries && context.refusals === refusals) return;
    const woken: (() => void)[] = [];
    for (const [questionId, wakes] of waiting) {
      if (context.entries[questionId] !== entries[questionId] || context.refusals[questionId] !== refusals[questionId]) woken.push(...wakes);
    }
    ({ entries, refusals } = context);
    for (const wake of woken) wake();
  };
  return {
    watch(questionId, wake) {
      if (!subscription) {
        ({ entries, refusals } = outbox.getSnapshot().context);
        subscription = outbox.subscribe(compare);
      }
      const wakes = waiting.get(questionId) ?? new Set();
      waiting.set(questionId, wakes.add(wake));
      return () => {
        wakes.delete(wake);
        if (wakes.size === 0) waiting.delete(questionId);
        if (waiting.size > 0) return;
        subscription?.unsubscribe();
        subscription = null;
      };
    },
  };
}

const watches = new WeakMap<OutboxActor, CardWatch>();

/** This question's saved answer and the reason its last answer was refused, if it was. */
export function useQuestionAnswer(outbox: OutboxActor, questionId: string): { entry: LocalSavedAnswer | undefined; refusal: string | undefined } {
  const subscribe = useCallback(
    (wake: () => void) => {
      let cards = watches.get(outbox);
      if (!cards) watches.set(outbox, (cards = watchCards(outbox)));
      return cards.watch(questionId, wake);
    },
    [outbox, questionId],
  );
  const entry = useSyncExternalStore(subscribe, () => outbox.getSnapshot().context.entries[questionId]);
  const refusal = useSyncExternalStore(subscribe, () => outbox.getSnapshot().context.refusals[questionId]);
  return { entry, refusal };
}
