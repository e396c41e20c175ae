// From a result to learning on a 390 px phone, against the demo academy: each result question's
// "Study: …" opens its own chapter's tab that has something (the demo import gives the questions their
// chapters), or its subject's chapters when that chapter has nothing yet or the batch does not reach it; "Ask about this question" opens the course's ask
// form filled in and the question posts, and the scoreboard shows the strength per subject beside the
// marks chart with its figures in words.
import { describe, expect, it } from 'vitest';
import { animationsEnded, axeViolations, browserSuite, newPage, signIn, smallTargets, toast, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy';

const PHONE = { width: 390, bypassCSP: true };
const suite = browserSuite();
const BIOCHEMISTRY = '500000000000000000000003';
const ENZYMES = 'ca0000000000000000000006';
const CARBOHYDRATE_METABOLISM = 'ca0000000000000000000007';

/** Serious or critical axe findings and controls smaller than a finger, after animations end. */
async function problems(page: Page): Promise<string[]> {
  await animationsEnded(page);
  return [...(await axeViolations(page)), ...(await smallTargets(page)).map((target) => `small target ${target}`)];
}

async function openResult(page: Page) {
  await page.goto(`/result/${DEMO.publishedExam}/${DEMO.group}`);
  const first = page.getByRole('listitem', { name: 'Question 1' });
  await first.waitFor();
  return first;
}

describe('from a result to learning', () => {
  it("opens a question's own chapter, asks about it in the forum, and opens the subject when the batch lacks the chapter", async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    let first = await openResult(page);
    expect(await problems(page)).toEqual([]);

    // Biochemistry has two chapters for the batch: each question opens its own, where it has something to
    // study. Carbohydrate Metabolism has nothing yet: its question leads to the subject's chapters instead.
    let fourth = page.getByRole('listitem', { name: 'Question 4' });
    expect(await fourth.getByRole('link', { name: 'Study: Biochemistry (question 4)' }).getAttribute('href')).toBe(`/chapters/${BIOCHEMISTRY}`);
    // Notes added to it: Study names the chapter and opens its Notes tab, the one that has something.
    await suite.server.app.db
      .insertInto('contents')
      .values({
        id: '7f0000000000000000000099', item_id: CARBOHYDRATE_METABOLISM, type: 'file', title: 'Glycolysis notes', url: null, key: 'notes/glycolysis.pdf', thumbnail: null,
        video_kind: null, is_published: 1, is_vod: 0, is_available: 1, is_drm_enabled: '0', drm_type: null, drm_keys: null, subjects: '[]', position: 1, created_at: new Date().toISOString(),
      })
      .execute();
    first = await openResult(page);
    fourth = page.getByRole('listitem', { name: 'Question 4' });
    expect(await fourth.getByRole('link', { name: 'Study: Carbohydrate Metabolism (question 4)' }).getAttribute('href')).toBe(`/notes/${CARBOHYDRATE_METABOLISM}/chapter`);
    await first.getByRole('link', { name: 'Study: Enzymes (question 1)' }).click();
    await page.waitForURL((url) => url.pathname === `/videos/${ENZYMES}/chapter`);
    await page.getByRole('heading', { level: 1, name: 'Enzymes' }).waitFor();

    first = await openResult(page);
    const title = ((await first.locator('p').first().textContent()) ?? '').replace(/^1\.\s*/, '');
    await first.getByRole('button', { name: 'Ask about this question (question 1)' }).click();
    await page.waitForURL((url) => url.pathname === `/qa-forum-list/${DEMO.mbbsCourse}`);
    await page.getByRole('dialog', { name: 'Guidelines for Asking Questions' }).getByRole('button', { name: 'OK' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Question' });
    await expect.poll(() => form.getByLabel('Course').inputValue()).toBe(DEMO.mbbsCourse);
    await expect.poll(() => form.getByLabel('Subject').inputValue()).toBe(BIOCHEMISTRY);
    await expect.poll(() => form.getByLabel('Chapter').inputValue()).toBe(ENZYMES);
    const quoted = `About question 1 of "${DEMO.publishedExamTitle}":\n“${title}”\n\n`;
    expect(await form.getByLabel('Question details').inputValue()).toBe(quoted);
    expect(await problems(page)).toEqual([]);

    await form.getByLabel('Question details').fill(`${quoted}Why is this option the right one?`);
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/question-details/'));
    await toast(page, 'Question submitted successfully!').waitFor();
    await page.getByText('Why is this option the right one?').first().waitFor();
    const questionId = new URL(page.url()).pathname.split('/').pop()!;
    const stored = await suite.server.app.db.selectFrom('forum_questions').selectAll().where('id', '=', questionId).executeTakeFirstOrThrow();
    expect({ course: stored.course_id, subject: stored.subject_id, chapter: stored.chapter_id, student: stored.student_id }).toEqual({
      course: DEMO.mbbsCourse, subject: BIOCHEMISTRY, chapter: ENZYMES, student: DEMO_STUDENT.id,
    });

    // A batch that does not reach the question's chapter is led to the subject's chapters, never to another chapter.
    await suite.server.app.db.deleteFrom('group_items').where('group_id', '=', DEMO.group).where('item_id', '=', ENZYMES).execute();
    first = await openResult(page);
    await first.getByRole('link', { name: 'Study: Biochemistry (question 1)' }).click();
    await page.waitForURL((url) => url.pathname === `/chapters/${BIOCHEMISTRY}`);
    await page.getByRole('link', { name: /Carbohydrate Metabolism/ }).first().waitFor();
    await page.context().close();
  }, 120_000);

  it('shows the strength per subject on the scoreboard, in words as well as bars', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/scoreboard');
    const strengths = page.getByRole('region', { name: 'Strength by subject' });
    await strengths.waitFor();
    const answer = await suite.server.call({ method: 'GET', url: '/api/exam/newScoreBoard', session: await suite.server.sessionFor(DEMO_STUDENT.id) });
    const expected = (JSON.parse(answer.body) as { data: { strengths: { subjects: { subjectName: string; percent: number }[] } } }).data.strengths.subjects;
    expect(expected.length).toBeGreaterThan(0);
    const items = strengths.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(expected.length);
    for (const [i, subject] of expected.entries()) {
      expect(await items.nth(i).textContent()).toContain(`${subject.subjectName}:${subject.percent}%`);
    }
    expect(await problems(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
