// An answer-key challenge walked through both real screens: one Chromium, two browser contexts, one real
// server over real HTTP. The student, on a 390 px phone, opens the published live exam's result from the
// bell's notice, challenges question 1 (the key A; they chose B) with a Bengali reason and sees it open. The
// teacher, at 1280 px, signs in to the desk, goes from the exam's row to its results, to "Challenges (1)",
// to question 1, changes the key to B, corrects the explanation (at 1024 px) and reads the regrade summary. The student's page, never reloaded,
// takes the live notification on the bell ("Question 1's key was corrected: your marks 1 → 3, rank 7 → 2")
// and the open result reads itself again: the challenge accepted, the regrade note with its history, the
// new marks and rank, and the corrected explanation under question 1; then the scoreboard's merit list ranks the student 2nd. axe finds nothing serious or
// critical on either screen.
import { describe, expect, it } from 'vitest';
import { animationsEnded, axeViolations, browserSuite, newPage, signIn, type Page } from '../support/browser';
import { CHALLENGER, challengeBundle, publishWithChallengeWindow, regradeSummary, scoreboardAfterRegrade, signInAtDesk } from '../support/answer-challenge-screens';
import { GROUP } from '../api/exams-fixture';
import { ANALYSED, ANALYSED_ASSIGNMENT, Q } from '../api/item-analysis-fixture';

const suite = browserSuite({ bundle: challengeBundle() });

const REASON = 'পাঠ্যবইয়ের ৪২ পৃষ্ঠা অনুযায়ী সঠিক উত্তর B (Aortic)।';
const REPLY = 'ঠিক বলেছ: সঠিক উত্তর B।';
const REGRADED = "Question 1's key was corrected: your marks 1 → 3, rank 7 → 2";
const EXPLAINED = 'The aortic valve closes at the second heart sound: B.';

const bell = (page: Page, unread: number) => page.getByRole('button', { name: `Notifications, ${unread} unread` });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('an answer-key challenge from the student to the teacher and back', () => {
  it('walks a challenge through the result on a phone and the desk, and the student sees the new marks and rank live', { timeout: 180_000 }, async () => {
    await publishWithChallengeWindow(suite.server);

    // The student signs in on a phone; the bell tells of the published result, which opens from there.
    const student = await newPage(suite.browser, suite.baseUrl, { width: 390, bypassCSP: true });
    await signIn(student, suite.baseUrl, CHALLENGER.phone, CHALLENGER.password);
    await bell(student, 1).click();
    await drawer(student).getByRole('listitem').filter({ hasText: 'The result of Analysed Grand Test is published.' }).getByRole('button').first().click();
    await student.waitForURL(`**/result/${ANALYSED}/${GROUP}`);
    await student.getByRole('heading', { name: 'Analysed Grand Test' }).waitFor();
    await bell(student, 0).waitFor();
    await student.getByTestId('challenge-window').waitFor();
    expect(await student.getByText('Merit Pos.').locator('..').innerText()).toContain('7');
    expect(await student.getByTestId('result-marks').innerText()).toContain('1 / 8');

    // "Challenge this answer" on question 1: the option the student believes right, a reason, sent.
    await student.getByRole('button', { name: 'Challenge this answer: question 1' }).click();
    const dialog = student.getByRole('dialog', { name: 'Challenge question 1' });
    await dialog.getByRole('radio', { name: /Aortic/ }).check();
    await dialog.getByLabel('Your reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Send challenge' }).click();
    await dialog.getByText('Your challenge is sent:').waitFor();
    expect(await dialog.getByText('Open: waiting for a teacher').count()).toBe(1);
    expect(await dialog.getByText('You proposed: B.').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const mine = student.getByTestId(`challenge-${Q.mcq}`);
    expect(await mine.innerText()).toContain('Open: waiting for a teacher');
    expect(await mine.innerText()).toContain(REASON);
    await animationsEnded(student);
    expect(await axeViolations(student)).toEqual([]);
    expect(await overflows(student)).toBe(false);

    // The page is marked, so that a reload (which would lose the mark) shows; its socket is in the student's room.
    await student.evaluate(() => ((window as unknown as { walkMark: string }).walkMark = 'not reloaded'));
    await expect
      .poll(async () => (await suite.server.app.realtime.io.in(`student:${CHALLENGER.id}`).fetchSockets()).length, { message: 'the student page opened no socket' })
      .toBeGreaterThan(0);

    // The teacher signs in to the desk and goes from the exam's row to its results, then to its challenges.
    const teacher = await newPage(suite.browser, suite.baseUrl, { width: 1280, bypassCSP: true });
    await teacher.goto('/staff');
    await signInAtDesk(teacher);
    await teacher.getByRole('link', { name: 'See results of Analysed Grand Test, Morning Batch' }).click();
    await teacher.getByRole('heading', { name: 'Results: Analysed Grand Test' }).waitFor();
    expect(new URL(teacher.url()).pathname).toBe(`/staff/exams/${ANALYSED_ASSIGNMENT}/results`);
    await teacher.getByRole('link', { name: 'Challenges (1)' }).click();
    await teacher.getByRole('heading', { name: 'Challenges: Analysed Grand Test' }).waitFor();
    const card = teacher.getByRole('article', { name: 'Question 1' });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('1 student challenged, 1 awaiting a decision');
    expect(text).toContain('Key should be B: 1 student');
    expect(text).toContain(REASON);
    expect(await teacher.getByRole('article').count()).toBe(1);
    await animationsEnded(teacher);
    expect(await axeViolations(teacher)).toEqual([]);

    // The key becomes the student's option: the regrade summary.
    await card.getByRole('button', { name: 'Decide: question 1' }).click();
    await card.getByRole('radio', { name: /Change the key/ }).check();
    await card.getByRole('checkbox', { name: /^B\. Aortic/ }).check();
    await card.getByRole('checkbox', { name: /^A\. Mitral/ }).uncheck();
    await card.getByLabel('Reply to every challenger (required)').fill(REPLY);
    // The explanation that argued for A is corrected with the decision.
    const explanation = card.getByLabel('Explanation students read under the question');
    expect(await explanation.inputValue()).not.toBe(EXPLAINED);
    await explanation.fill(EXPLAINED);
    await teacher.setViewportSize({ width: 1024, height: 768 });
    expect(await overflows(teacher)).toBe(false);
    await card.getByRole('button', { name: 'Send decision' }).click();
    const { words } = await regradeSummary(card);
    expect(words).toContain('Key changed: the exam was regraded.');
    expect(words).toContain('12 attempts regraded');
    expect(words).toContain('12 students notified');
    expect(await card.innerText()).toContain('Key changed to B');
    expect(await teacher.getByRole('region', { name: 'Regrades of this exam' }).innerText()).toContain('question 1 key changed · 12 results regraded');
    await animationsEnded(teacher);
    expect(await axeViolations(teacher)).toEqual([]);
    expect(await overflows(teacher)).toBe(false);

    // The student, without reloading: the bell counts the live notification, and the open result reads itself again.
    await bell(student, 1).waitFor();
    await mine.getByText('Accepted').waitFor();
    expect(await mine.innerText()).toContain(`Teacher's reply: ${REPLY}`);
    expect(await mine.getByRole('button').count()).toBe(0);
    const note = student.getByTestId('regrade-note');
    expect(await note.innerText()).toMatch(/^Regraded \d{2} [A-Z][a-z]{2} \d{4} \| \d{2}:\d{2} (am|pm)/);
    expect(await note.innerText()).toContain(REGRADED);
    expect(await student.getByTestId('result-marks').innerText()).toContain('3 / 8');
    expect(await student.getByText('Merit Pos.').locator('..').innerText()).toContain('2');
    await student.getByText(EXPLAINED).waitFor();
    expect(await student.evaluate(() => (window as unknown as { walkMark?: string }).walkMark)).toBe('not reloaded');
    await animationsEnded(student);
    expect(await axeViolations(student)).toEqual([]);
    expect(await overflows(student)).toBe(false);

    // The bell's drawer lists it on top, unseen.
    await bell(student, 1).click();
    const newest = drawer(student).getByRole('list', { name: 'Notification list' }).getByRole('listitem').first();
    await newest.waitFor();
    expect(await newest.innerText()).toContain(REGRADED);
    expect(await newest.getAttribute('data-unseen')).toBe('true');
    await animationsEnded(student);
    expect(await axeViolations(student)).toEqual([]);
    // Escape closes it once the drawer has taken the focus (it moves there as the drawer opens).
    await expect.poll(() => drawer(student).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await student.keyboard.press('Escape');
    await drawer(student).waitFor({ state: 'detached' });

    // The scoreboard: the exam's card tells of the regrade, and its merit list ranks the student 2nd.
    const scoreboard = await scoreboardAfterRegrade(student);
    expect(scoreboard.note).toContain('your marks 1 → 3, rank 7 → 2');
    expect(scoreboard.rank).toBe('2');
    await animationsEnded(student);
    expect(await axeViolations(student)).toEqual([]);

    await teacher.context().close();
    await student.context().close();
  });
});
