// The desk's Import page in real Chromium against the built app and a real server with the demo
// academy: the administrator opens /staff/import, signs in (the desk brings them back), chooses next week's exam sheet, sees its
// check wait behind another import (and after a reload the page finds it still waiting), then the
// dry run's changes with nothing written, imports, and sees the result; a broken sheet shows its
// problems by row and column. A teacher is told the page is for administrators.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, type Page } from '../support/browser';
import { DEMO_ADMIN, DEMO_TEACHER } from '../support/demo-academy';
import { template } from '../../server/import/templates';
import { workbook } from '../../server/import/sheets';
import { insertJob } from '../../server/jobs/queries';

const suite = browserSuite();
const TITLE = 'Weekly Live Test: Week 2 (example)';

async function signInAt(page: Page, who: { username: string; password: string }) {
  await page.goto('/staff/import');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('the desk import page', () => {
  it('walks an exam sheet through upload, dry run, import and result', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-import-'));
    const sheet = path.join(dir, 'week2.xlsx');
    fs.writeFileSync(sheet, await template('exam'));
    const broken = path.join(dir, 'broken.xlsx');
    fs.writeFileSync(broken, await workbook([
      ['Exam', [['title', 'Broken'], ['course', 'c00000000000000000000001'], ['pass mark', '40'], ['batches', '900000000000000000000001'], ['start', '2026-12-10 10:00'], ['end', '2026-12-10 12:00'], ['duration', '60']]],
      ['Questions', [['no', 'type', 'question', 'A', 'B', 'answer'], ['1', 'MCQ', 'Pick', 'a', 'b', 'E']]],
    ]));

    const page = await newPage(suite.browser, suite.baseUrl, { width: 1024 });
    await signInAt(page, DEMO_ADMIN);
    await page.getByRole('heading', { name: 'Import content' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/import');
    expect(await page.title()).toBe('Import content · Teacher desk · Medical Academy');

    // A broken sheet: every problem with its sheet, row and column; nothing to import.
    await page.getByLabel('Sheet or bundle').setInputFiles(broken);
    await page.getByRole('button', { name: 'Check' }).click();
    const problems = page.getByRole('table', { name: 'Problems' });
    await problems.waitFor();
    expect(await problems.innerText()).toContain('broken.xlsx, sheet Questions, row 2, column F (answer)');
    expect(await problems.innerText()).toContain('question 1: answer E is not one of the 2 options');
    expect(await page.getByRole('button', { name: 'Import' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Choose another file' }).click();

    // Another import runs (on another server, under its live lease): the check waits its turn, and a
    // reload finds it waiting.
    const { db } = suite.server.app;
    const other = 'ab00000000000000000000e1';
    await insertJob(db, { id: other, kind: 'import', payload: JSON.stringify({ name: 'other.csv', apply: false }), input: Buffer.from('x'), staffId: null, now: suite.server.clock.now() });
    await db.updateTable('jobs').set({ state: 'running', lease_owner: 'another-server', lease_until: new Date(suite.server.clock.now().getTime() + 600_000).toISOString() }).where('id', '=', other).execute();
    await page.getByLabel('Sheet or bundle').setInputFiles(sheet);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('status').filter({ hasText: 'Waiting for 1 import before it' }).waitFor();
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Waiting for 1 import before it' }).waitFor();
    expect(await page.getByText('Checking week2.xlsx').count()).toBe(1);
    // The other import ends; this one runs, and the page hears its outcome: the changes, nothing written.
    await db.updateTable('jobs').set({ state: 'done', lease_owner: null, lease_until: null, result: 'null' }).where('id', '=', other).execute();
    suite.server.app.jobs.wake();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Checked week2.xlsx' }).count(), { timeout: 30_000 }).toBe(1);
    const changes = page.getByRole('table', { name: 'Changes by kind' });
    expect(await changes.getByRole('row', { name: /^question/ }).innerText()).toMatch(/question\s+9\s+0\s+0\s+0/);
    expect(await suite.server.app.db.selectFrom('exams').select('id').where('title', '=', TITLE).executeTakeFirst()).toBeUndefined();
    // After the reload the page no longer holds the file: it is chosen again to be imported.
    expect(await page.getByRole('button', { name: 'Import' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Choose another file' }).click();
    await page.getByLabel('Sheet or bundle').setInputFiles(sheet);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('button', { name: 'Import' }).click({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Imported week2.xlsx.' }).count(), { timeout: 30_000 }).toBe(1);
    expect(await suite.server.app.db.selectFrom('exams').select('id').where('title', '=', TITLE).executeTakeFirst()).toBeDefined();
    fs.rmSync(dir, { recursive: true, force: true });

    // A teacher's desk has no Import, and the address says why.
    const teacher = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    await signInAt(teacher, DEMO_TEACHER);
    await teacher.getByText('Import is for administrators only.').waitFor();
    expect(await teacher.getByRole('link', { name: 'Import' }).count()).toBe(0);
  });
});
