// When a new version of the app may take over. The service worker keeps a new version waiting; it
// is offered ('A new version is ready', Reload) only while no exam runs on this device, withdrawn
// when an exam starts in this tab, and applied only if still no exam runs when the student presses
// Reload. An exam is never reloaded under the student: a new version during an exam waits for its end.

export interface UpdateOutside {
  /** Whether an exam runs in this tab or another of this device. */
  examRunning(): Promise<boolean>;
  /** Resolves once no exam runs on this device. */
  untilNoExamRunning(): Promise<void>;
  /** Resolves when an exam starts in this tab. */
  whenExamStarts(): Promise<void>;
  /** Shows the prompt; `chosen` resolves when the student presses Reload, `withdraw` takes it away. */
  askToReload(): { chosen: Promise<void>; withdraw(): void };
  /** Lets the waiting version take over and reloads the page. */
  activate(): void;
}

/** Offers a waiting version until the student takes it at a moment when no exam runs. */
export async function offerUpdate(outside: UpdateOutside): Promise<void> {
  for (;;) {
    while (await outside.examRunning()) await outside.untilNoExamRunning();
    const prompt = outside.askToReload();
    const outcome = await Promise.race([prompt.chosen.then(() => 'reload' as const), outside.whenExamStarts().then(() => 'examStarted' as const)]);
    if (outcome === 'examStarted') {
      prompt.withdraw();
      continue;
    }
    if (await outside.examRunning()) continue;
    outside.activate();
    return;
  }
}
