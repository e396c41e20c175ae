// The marking desk's small things, in real Chromium against the built app and the demo academy, at 1280
// and 1024 px: the assignment list shows only what needs marking when asked; a question's files are
// named by their file names; the desk's times are the one academy format ("08:30 pm", never "8:30 PM").
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, newPage } from '../support/browser';
import { DEMO, DEMO_TEACHER } from '../support/demo-academy';

const suite = browserSuite();

describe('the marking desk', () => {
  it.each([1280, 1024])('shows only what needs marking, names files, writes times the academy way (%i px)', { timeout: 90_000 }, async (width) => {
    // A written question of the exam awaiting marks carries a file, as an imported question may.
    const { db } = suite.server.app;
    const written = await db.selectFrom('questions').select('id').where('exam_id', '=', DEMO.awaitingMarkingExam).where('type', 'in', ['shortAns', 'paragraph']).execute();
    await db.updateTable('questions').set({ file: JSON.stringify(['https://files.academy.test/notes/pressure-volume-loop.pdf']) }).where('id', 'in', written.map((q) => q.id)).execute();

    const desk = await newPage(suite.browser, suite.baseUrl, { width, bypassCSP: true });
    await desk.goto('/staff');
    await desk.getByLabel('Username').fill(DEMO_TEACHER.username);
    await desk.getByLabel('Password').fill(DEMO_TEACHER.password);
    await desk.getByLabel('Password').press('Enter');
    await desk.getByRole('heading', { name: 'Grading queue' }).waitFor();
    const list = desk.getByRole('list', { name: 'Exam assignments' });
    await list.waitFor();
    const everything = await list.getByRole('listitem').count();
    const toggle = desk.getByRole('button', { name: /^Only what needs marking \(\d+\)$/ });
    const waiting = Number(/\((\d+)\)/.exec(await toggle.innerText())![1]);
    expect(waiting).toBeGreaterThan(0);
    expect(waiting).toBeLessThan(everything);
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(waiting);
    for (const text of await list.getByRole('listitem').allInnerTexts()) expect(text).toMatch(/[1-9]\d* awaiting marks/);
    // Every time on the list is the academy's: lower-case am or pm.
    const listText = await list.innerText();
    expect(listText).toMatch(/\d{2}:\d{2} [ap]m/);
    expect(listText).not.toMatch(/\d:\d{2} ?[AP]M/);
    expect(await axeViolations(desk)).toEqual([]);
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await desk.getByRole('button', { name: new RegExp(`^Open ${DEMO.awaitingMarkingExamTitle.replace(/[()]/g, '\\$&')}`) }).click();
    const answer = desk.getByRole('article', { name: /^Answer \d+ of \d+$/ });
    await answer.waitFor();
    const files = answer.getByRole('list', { name: 'Question files' });
    await files.getByRole('link', { name: 'pressure-volume-loop.pdf' }).waitFor();
    expect(await files.innerText()).not.toContain('Question file');
    expect(await desk.locator('main').innerText()).not.toMatch(/\d:\d{2} ?[AP]M/);
    expect(await axeViolations(desk)).toEqual([]);

    // The exam still running says when it can be published, in the same format.
    await desk.getByRole('button', { name: '← All assignments' }).click();
    await desk.getByRole('button', { name: /^Only what needs marking/ }).waitFor();
    await desk.getByRole('button', { name: new RegExp(`^Open ${DEMO.liveExamTitle.replace(/[()]/g, '\\$&')}`) }).click();
    const when = desk.getByText(/^Can be published after/);
    await when.waitFor();
    expect(await when.innerText()).toMatch(/^Can be published after \d{2} [A-Z][a-z]{2} \d{4} \| \d{2}:\d{2} [ap]m$/);
    await desk.close();
  });
});
