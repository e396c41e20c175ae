// The forum found from the app itself on a 390 px phone: a third top tab "Q&A" and the avatar menu lead
// to it, and "Ask about this" on a video and on a result question opens the course's ask form with
// course, subject and chapter filled in (and the exam question quoted).
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';

const PHONE = { width: 390 };
const suite = browserSuite();

/** Passes the guidelines and returns the filled-in form. */
async function askForm(page: Page) {
  await page.waitForURL((url) => url.pathname === `/qa-forum-list/${DEMO.mbbsCourse}`);
  await page.getByRole('dialog', { name: 'Guidelines for Asking Questions' }).getByRole('button', { name: 'OK' }).click();
  return page.getByRole('dialog', { name: 'Create New Question' });
}

describe('the forum found from the app', () => {
  it('leads to the forum from a top tab and the avatar menu', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const tabs = page.getByRole('navigation', { name: 'Main sections' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['My Courses', 'My Exams', 'Q&A']);
    await tabs.getByRole('link', { name: 'Q&A' }).click();
    await page.waitForURL((url) => url.pathname === '/my-qa');
    await page.getByRole('heading', { name: 'Question and Answer' }).waitFor();
    await expect(tabs.getByRole('link', { name: 'Q&A' }).getAttribute('aria-current')).resolves.toBe('page');

    await tabs.getByRole('link', { name: 'My Courses' }).click();
    await page.waitForURL((url) => url.pathname === '/courses');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Q&A' }).click();
    await page.waitForURL((url) => url.pathname === '/my-qa');
    await page.context().close();
  });

  it('asks about a video with its course, subject and chapter filled in', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/videos/${DEMO.upperLimbChapter}/chapter`);
    const ask = page.getByRole('button', { name: /^Ask about this: / }).first();
    await ask.click();
    const form = await askForm(page);
    await expect.poll(() => form.getByLabel('Course').inputValue()).toBe(DEMO.mbbsCourse);
    await expect.poll(() => form.getByLabel('Subject').inputValue()).toBe(DEMO.anatomySubject);
    await expect.poll(() => form.getByLabel('Chapter').inputValue()).toBe(DEMO.upperLimbChapter);
    // The details are open at once: the chapter is chosen.
    expect(await form.getByLabel('Question details').isDisabled()).toBe(false);
    // Closing the form leaves the forum list as it is, and a reload does not open the form again.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Ask a Question' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('asks about a result question with the question quoted', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/result/${DEMO.publishedExam}/${DEMO.group}`);
    const first = page.getByRole('listitem', { name: 'Question 1' });
    const title = ((await first.locator('p').first().textContent()) ?? '').replace(/^1\.\s*/, '');
    const subject = await suite.server.app.db
      .selectFrom('questions')
      .select('subject_id')
      .where('exam_id', '=', DEMO.publishedExam)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    await first.getByRole('button', { name: 'Ask about this question (question 1)' }).click();
    const form = await askForm(page);
    await expect.poll(() => form.getByLabel('Course').inputValue()).toBe(DEMO.mbbsCourse);
    await expect.poll(() => form.getByLabel('Subject').inputValue()).toBe(subject.subject_id);
    expect(await form.getByLabel('Question details').inputValue()).toBe(`About question 1 of "${DEMO.publishedExamTitle}":\n“${title}”\n\n`);
    await page.context().close();
  });
});
