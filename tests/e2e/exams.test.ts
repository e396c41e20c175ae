// Exams in a real Chromium against a real server with the demo academy: the live exam with every
// question type, answers kept through an offline reload, time over, and a practice submission.
import { describe, expect, it } from 'vitest';
import { browserSuite, holdNextRequest, newPage, signIn, type Page } from '../support/browser';
import { currentAttempt, DEMO, DEMO_STUDENT, openExam, rememberStartFilters, submitWrittenAnswer } from '../support/demo-academy';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const suite = browserSuite();

const attemptOf = (examId: string) => currentAttempt(suite.server, examId);

async function storedAnswers(examId: string) {
  const attempt = await attemptOf(examId);
  if (!attempt) return [];
  return suite.server.app.db.selectFrom('answers').selectAll().where('attempt_id', '=', attempt.id).execute();
}

const question = (page: Page, n: number) => page.getByRole('article', { name: `Question ${n}` });

describe('exams in the browser', () => {
  it('chooses the subjects of the segmented exam with the spec alerts (controls waiting while a request is slow), and searches with a Tab-accepted suggestion', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await rememberStartFilters(page);
    // The courses fail once, then load slowly (held): Try again waits, busy, while they load again.
    let coursesAsked = 0;
    let releaseCourses!: () => void;
    const coursesHeld = new Promise<void>((resolve) => (releaseCourses = resolve));
    await page.route((url) => url.pathname === '/api/course', async (route) => {
      if (++coursesAsked === 1) return route.abort('internetdisconnected');
      await coursesHeld;
      await route.continue();
    });
    await page.goto('/exams');
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await tryAgain.click();
    await expect.poll(() => tryAgain.getAttribute('aria-busy')).toBe('true');
    expect(await tryAgain.isDisabled()).toBe(true);
    releaseCourses();
    await page.getByRole('button', { name: /MBBS Admission 2026/ }).click();

    // Type-ahead: more than one character asks the server after a pause; Tab takes the suggestion.
    const search = page.getByRole('searchbox', { name: 'Search exams' });
    await search.fill('we');
    await expect.poll(() => page.getByTestId('search-suggestion').textContent(), { timeout: 5_000 }).toBe('Weekly Live Test: Cardiovascular Physiology');
    await search.press('Tab');
    await expect(search.inputValue()).resolves.toBe('Weekly Live Test: Cardiovascular Physiology');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByTestId('exam-cards').getByRole('article').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.getByTestId('exam-cards').getByRole('article').count()).toBeGreaterThan(1);

    // An upcoming exam cannot start yet and says when it will.
    const upcoming = page.getByRole('article', { name: 'Grand Test: Anatomy of the Upper Limb' }).getByRole('button', { name: /^Start Time: / });
    await expect(upcoming.isDisabled()).resolves.toBe(true);

    await page.getByRole('article', { name: 'Segmented Model Test: Basic Sciences' }).getByRole('button', { name: 'Start Exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exam Instruction' });
    const anatomy = dialog.getByRole('checkbox', { name: /Anatomy/ });
    await expect(anatomy.isChecked()).resolves.toBe(true);
    await expect(anatomy.isDisabled()).resolves.toBe(true);
    await dialog.getByText('You must select at least 1 compulsory optional subject(s).').waitFor();
    await dialog.getByRole('button', { name: 'Start Exam' }).click();
    await expect.poll(() => alerts).toEqual(['You must select at least 1 compulsory optional subject(s).']);

    await dialog.getByRole('checkbox', { name: /Physiology/ }).check();
    await dialog.getByRole('button', { name: 'Start Exam' }).click();
    await expect.poll(() => alerts.at(-1)).toBe('You must select subjects to meet the total of 3 subjects.');
    await dialog.getByRole('checkbox', { name: /Pharmacology/ }).check();
    // The selection is saved on a slow link (held): the modal cannot close meanwhile, so Cancel waits.
    const releaseSave = await holdNextRequest(page, '**/api/exam/add-segmented-exam-subject');
    await dialog.getByRole('button', { name: 'Start Exam' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Start Exam' }).getAttribute('aria-busy')).toBe('true');
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    releaseSave();
    await page.waitForURL(/\/live-exam\/e10000000000000000000006\//);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    for (const subject of ['Anatomy', 'Physiology', 'Pharmacology']) await page.getByRole('heading', { name: subject }).waitFor();
    await expect(page.getByRole('article', { name: /^Question \d+$/ }).count()).resolves.toBe(6);
    // Start stored the card's subject name for the exam screens.
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('subjectOfSelectedExam'))) ?? 'null')).toContain('Anatomy');
    await page.context().close();
  });

  it('takes the live demo exam with every question type and submits it', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    page.on('dialog', (dialog) => void dialog.accept());
    await openExam(page, suite.baseUrl, 'Weekly Live Test: Cardiovascular Physiology', 'Live Exam');
    await page.getByRole('timer').waitFor();

    await question(page, 1).getByRole('radio').first().check();
    await question(page, 2).getByRole('radio').nth(1).check();
    for (const group of await question(page, 3).getByRole('radiogroup').all()) await group.getByLabel('True').check();
    await question(page, 4).getByRole('checkbox').nth(0).check();
    await question(page, 4).getByRole('checkbox').nth(2).check();
    await question(page, 4).getByRole('button', { name: 'Submit Answer' }).click();
    await question(page, 5).getByRole('radio').nth(2).check();
    for (const group of await question(page, 6).getByRole('radiogroup').all()) await group.getByLabel('False').check();
    await question(page, 7).getByRole('textbox').fill('Digoxin toxicity');
    await question(page, 7).locator('input[type=file]').setInputFiles({ name: 'workings.pdf', mimeType: 'application/pdf', buffer: PDF });
    await submitWrittenAnswer(question(page, 7));
    await question(page, 8).getByRole('textbox').fill('It inhibits the sodium-potassium pump.\nCalcium rises inside the cell.');
    await submitWrittenAnswer(question(page, 8));

    await expect.poll(() => page.getByTestId('answered-count').textContent()).toBe('Answered: 8/8');
    await expect.poll(async () => (await storedAnswers(DEMO.liveExam)).length, { timeout: 15_000 }).toBe(8);
    await question(page, 8).getByRole('button', { name: 'Answer Submitted' }).waitFor();
    const written = (await storedAnswers(DEMO.liveExam)).find((a) => JSON.parse(a.answer)[0] === 'Digoxin toxicity');
    expect(JSON.parse(written!.extra)).toEqual([expect.objectContaining({ name: 'workings.pdf', type: 'application/pdf' })]);

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit exam' });
    await confirm.getByText("Are you sure you want to submit? Once submitted, it can't be changed.").waitFor();
    await confirm.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/exams');
    await page.getByText('Answer submitted successfully!').waitFor();
    expect((await attemptOf(DEMO.liveExam))?.submitted_at).toBeTruthy();
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('localSavedAnswers') ?? '{}'));
    expect(saved[DEMO_STUDENT.id]?.[DEMO.liveExam]).toBeUndefined();
    await page.context().close();
  });

  it('keeps five answers given offline through a reload and delivers them when back online', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    page.on('dialog', (dialog) => void dialog.accept());
    await openExam(page, suite.baseUrl, 'Practice Set: Physiology Basics', 'Practice Exam');
    await page.getByRole('timer').waitFor();

    await page.context().setOffline(true);
    await page.getByText('You are offline. Your answers are saved on this device.').waitFor();
    await question(page, 1).getByRole('radio').first().check();
    await question(page, 2).getByRole('radio').nth(1).check();
    for (const group of await question(page, 3).getByRole('radiogroup').all()) await group.getByLabel('True').check();
    await question(page, 4).getByRole('checkbox').first().check();
    await question(page, 4).getByRole('button', { name: 'Submit Answer' }).click();
    await question(page, 5).getByRole('textbox').fill('The SA node');
    await submitWrittenAnswer(question(page, 5));
    await expect.poll(() => page.getByTestId('offline-count').textContent()).toBe('Offline saved: 5');
    const kept = await page.evaluate(
      ({ student, exam }) => Object.values(JSON.parse(localStorage.getItem('localSavedAnswers') ?? '{}')[student]?.[exam] ?? {}).filter((e) => (e as { offline: boolean }).offline).length,
      { student: DEMO_STUDENT.id, exam: DEMO.practiceExam },
    );
    expect(kept).toBe(5);
    expect(await storedAnswers(DEMO.practiceExam)).toHaveLength(0);

    // An offline reload cannot load the page, so reload right after the connection returns, while
    // answer saves still cannot get through: the five answers must come back from the device.
    let answersGetThrough = false;
    await page.route('**/api/exam/add-answer/**', (route) => (answersGetThrough ? route.continue() : route.abort('internetdisconnected')));
    await page.context().setOffline(false);
    await page.reload();
    expect(await storedAnswers(DEMO.practiceExam)).toHaveLength(0);
    answersGetThrough = true;

    await expect.poll(async () => (await storedAnswers(DEMO.practiceExam)).length, { timeout: 20_000 }).toBe(5);
    const rows = await storedAnswers(DEMO.practiceExam);
    expect(rows.map((r) => JSON.parse(r.answer))).toEqual(expect.arrayContaining([[0], [1], ['The SA node']]));
    // The advisory was read at the attempt's first opening: the reload does not show it again.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByTestId('offline-count').textContent(), { timeout: 10_000 }).toBe('Offline saved: 0');
    await expect.poll(() => page.getByTestId('answered-count').textContent()).toBe('Answered: 5/6');

    // Submitting a practice exam leads to its result page.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Submit exam' }).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === `/result/${DEMO.practiceExam}/${DEMO.group}`);
    expect((await attemptOf(DEMO.practiceExam))?.submitted_at).toBeTruthy();
    await page.context().close();
  });

  it('shows time over when the server clock passes the deadline, and submits from its Ok', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    await openExam(page, suite.baseUrl, 'Quick Practice: Pharmacology in 2 Minutes', 'Practice Exam');
    await page.getByRole('timer').waitFor();
    await question(page, 1).getByRole('radio').first().check();
    await expect.poll(async () => (await storedAnswers(DEMO.shortPracticeExam)).length, { timeout: 10_000 }).toBe(1);

    // Two minutes and ten seconds later on the server: past the deadline, inside the grace period.
    suite.server.clock.advance(130_000);
    await page.reload();
    const timeOver = page.getByRole('dialog', { name: 'Exam time is over!' });
    await timeOver.getByRole('button', { name: 'Ok' }).waitFor();
    // The open modal hides the page from the accessibility tree, so the countdown is read directly.
    await expect.poll(() => page.locator('[role="timer"]').textContent()).toBe('00:00');
    await timeOver.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL((url) => url.pathname === `/result/${DEMO.shortPracticeExam}/${DEMO.group}`);
    const first = await attemptOf(DEMO.shortPracticeExam);
    expect(first?.submitted_at).toBeTruthy();

    // The finished practice exam offers View Result and Retake Exam; a retake starts a fresh attempt.
    await page.goto('/exams', { waitUntil: 'load' });
    await page.getByRole('button', { name: /MBBS Admission 2026/ }).click();
    await page.getByRole('tab', { name: 'Practice Exam' }).click();
    const card = page.getByRole('article', { name: 'Quick Practice: Pharmacology in 2 Minutes' });
    await card.getByRole('button', { name: 'View Result' }).waitFor();
    await card.getByRole('button', { name: 'Retake Exam' }).click();
    await page.getByRole('dialog', { name: 'Exam Instruction' }).getByRole('button', { name: 'Start Exam' }).click();
    await page.waitForURL((url) => url.pathname === `/live-exam/${DEMO.shortPracticeExam}/${DEMO.group}`);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('answered-count').textContent()).toBe('Answered: 0/4');
    await expect.poll(async () => (await attemptOf(DEMO.shortPracticeExam))?.id).not.toBe(first?.id);
    await page.context().close();
  });
});
