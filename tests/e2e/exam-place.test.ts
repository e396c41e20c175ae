// The student's place on My Exams lives in the address, in a real Chromium on a 390 px phone against a
// real server with the demo academy: a reload, Back, a notification and the return from an exam land on
// the exact list; Back during an exam asks before leaving; logging out during an exam says what happens.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, START_OR_RESUME, rememberStartFilters } from '../support/demo-academy';
import { MESSAGES } from '../../src/domain/messages';

const suite = browserSuite();
const PHONE = { width: 390 };
const COURSE = `course=${DEMO.mbbsCourse}`;

const search = (page: Page) => new URL(page.url()).search;
const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const question = (page: Page, n: number) => page.getByRole('article', { name: `Question ${n}` });

async function chooseCourse(page: Page): Promise<void> {
  await page.getByText('Choose course for exam information').waitFor();
  await page.getByRole('button', { name: new RegExp(DEMO.mbbsCourseName) }).click();
  await page.getByText(`Course : ${DEMO.mbbsCourseName}`).waitFor();
}

describe('the place on My Exams in the address', () => {
  it('keeps course, tab and list type in the address: a reload, Back, Forward and a notification land on the exact list', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/exams');
    await chooseCourse(page);
    await expect.poll(() => search(page)).toBe(`?${COURSE}`);

    await page.getByLabel('Exam type').selectOption('previous');
    await expect.poll(() => search(page)).toBe(`?${COURSE}&type=previous`);
    await card(page, DEMO.publishedExamTitle).waitFor();

    // A reload opens the same course and list.
    await page.reload();
    await page.getByText(`Course : ${DEMO.mbbsCourseName}`).waitFor();
    await card(page, DEMO.publishedExamTitle).waitFor();
    await expect(page.getByLabel('Exam type').inputValue()).resolves.toBe('previous');

    // Away and Back: the same list.
    await page.getByRole('link', { name: 'My Courses' }).first().click();
    await page.waitForURL((url) => url.pathname !== '/exams');
    await page.goBack();
    await page.getByText(`Course : ${DEMO.mbbsCourseName}`).waitFor();
    await card(page, DEMO.publishedExamTitle).waitFor();
    expect(search(page)).toBe(`?${COURSE}&type=previous`);

    // The tab is written in place; Back from the course returns to 'Choose course', Forward to the tab.
    await page.getByRole('tab', { name: 'Practice Exam' }).click();
    await expect.poll(() => search(page)).toBe(`?${COURSE}&tab=practice`);
    await page.goBack();
    await page.getByText('Choose course for exam information').waitFor();
    expect(search(page)).toBe('');
    await page.goForward();
    await page.getByText(`Course : ${DEMO.mbbsCourseName}`).waitFor();
    await expect(page.getByRole('tab', { name: 'Practice Exam' }).getAttribute('aria-selected')).resolves.toBe('true');

    // A practice notice opens its course's practice list, from another page and from My Exams itself.
    for (const from of ['/courses', '/exams']) {
      await page.goto(from);
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      const drawer = page.getByRole('dialog', { name: 'Notifications' });
      await drawer.getByRole('listitem').filter({ hasText: 'Practice Review: Anatomy Essentials' }).getByRole('button').first().click();
      await expect.poll(() => search(page)).toBe(`?${COURSE}&tab=practice`);
      await page.getByText(`Course : ${DEMO.mbbsCourseName}`).waitFor();
      await expect(page.getByRole('tab', { name: 'Practice Exam' }).getAttribute('aria-selected')).resolves.toBe('true');
    }

    // An address naming a course the student does not have shows 'Choose course' and drops the name.
    await page.goto('/exams?course=ffffffffffffffffffffffff&tab=practice');
    await page.getByText('Choose course for exam information').waitFor();
    await expect.poll(() => search(page)).toBe('?tab=practice');
    await page.context().close();
  }, 90_000);

  it('shows the search suggestion where a phone user sees it, and a tap on it searches', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/exams?${COURSE}`);
    await page.getByText(`Course : ${DEMO.mbbsCourseName}`).waitFor();
    const box = page.getByRole('searchbox', { name: 'Search exams' });
    await box.fill('we');
    const suggestion = page.getByRole('button', { name: `Search for ${DEMO.liveExamTitle}` });
    await suggestion.waitFor({ timeout: 5_000 });
    // Painted on top: the element at its middle is the suggestion itself, not the box or a card.
    const middle = (await suggestion.boundingBox())!;
    expect(middle.height).toBeGreaterThanOrEqual(40);
    expect(middle.x + middle.width).toBeLessThanOrEqual(390);
    const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.id ?? null, [middle.x + middle.width / 2, middle.y + middle.height / 2]);
    expect(onTop).toBe('exam-search-suggestion');
    await suggestion.tap();
    await expect(box.inputValue()).resolves.toBe(DEMO.liveExamTitle);
    await expect.poll(() => page.getByTestId('exam-cards').getByRole('article').count()).toBe(1);
    await expect(suggestion.count()).resolves.toBe(0);
    await page.context().close();
  });

  it('asks the quit confirmation on Back during an exam, warns at logout, and returns to the list after Quit and Submit', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await rememberStartFilters(page);

    // Outside an exam the logout confirmation says nothing of answers.
    await page.getByRole('button', { name: 'Logout' }).click();
    const logout = page.getByRole('dialog', { name: MESSAGES.logoutConfirm });
    await logout.waitFor();
    await expect(logout.getByText(MESSAGES.logoutDuringExam).count()).resolves.toBe(0);
    await logout.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/exams');
    await chooseCourse(page);
    await expect.poll(() => search(page)).toBe(`?${COURSE}`);
    const startExam = async ({ firstOpening }: { firstOpening: boolean }) => {
      // A first opening goes through the instruction; Resume opens the paper at once.
      await card(page, DEMO.liveExamTitle).getByRole('button', { name: START_OR_RESUME }).click();
      if (firstOpening) await page.getByRole('dialog', { name: 'Exam Instruction' }).getByRole('button', { name: 'Start Exam' }).click();
      await page.waitForURL(/\/live-exam\//);
      // The advisory opens once per attempt: at its first opening, not when it is resumed.
      if (firstOpening) await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await page.getByRole('timer').waitFor();
    };
    await startExam({ firstOpening: true });

    // Back asks first; Cancel stays in the exam with its clock.
    await page.goBack();
    const quit = page.getByRole('dialog', { name: 'Quit exam' });
    await quit.getByText(MESSAGES.quitConfirm).waitFor();
    expect(page.url()).toMatch(/\/live-exam\//);
    await quit.getByRole('button', { name: 'Cancel' }).click();
    await quit.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/live-exam\//);
    await page.getByRole('timer').waitFor();

    // Logout during the exam says unsent answers stay on the phone.
    await page.getByRole('button', { name: 'Logout' }).click();
    await logout.getByText(MESSAGES.logoutDuringExam).waitFor();
    await logout.getByRole('button', { name: 'Cancel' }).click();

    // Back and Quit: the list the exam was started from.
    await page.goBack();
    await quit.getByRole('button', { name: 'Quit' }).click();
    await page.waitForURL((url) => url.pathname === '/exams');
    expect(search(page)).toBe(`?${COURSE}`);
    await page.getByText(`Course : ${DEMO.mbbsCourseName}`).waitFor();

    // Submitting a live exam returns to that list too.
    await startExam({ firstOpening: false });
    await question(page, 1).getByRole('radio').first().check();
    await expect.poll(() => page.getByTestId('answered-count').textContent()).toBe('Answered: 1/8');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Submit exam' }).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/exams');
    expect(search(page)).toBe(`?${COURSE}`);
    await page.getByText(`Course : ${DEMO.mbbsCourseName}`).waitFor();
    await page.context().close();
  }, 90_000);
});
