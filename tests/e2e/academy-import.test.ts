// The desk's Import page in real Chromium against the built app and a real server with the demo
// academy: the administrator opens /staff/import, signs in (the desk brings them back), chooses next week's exam sheet, sees its
// check wait behind another import (and after a reload the page finds it still waiting), then the
// dry run's changes with nothing written, imports, and sees the result; a broken sheet shows its
// problems by row and column. A teacher is told the page is for administrators. A new administrator
// downloads the exam template, fills a 20-question exam naming course, batch and subject by name,
// checks and imports it, a student sees it, the administrator undoes it from the history, and it is gone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_ADMIN, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy';
import { addStaff } from '../../server/staffAccounts/accounts';
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

  it('walks a new administrator from the template to an exam a student sees, and undoes it', { timeout: 120_000 }, async () => {
    // The first day: an administrator made as `npm run academy -- staff add` makes one.
    const { server } = suite;
    const admin = { username: 'nasrin@academy.test', password: 'first-admin-pass-2026' };
    await addStaff({ db: server.app.db, now: () => server.clock.now(), scryptCost: server.config.scryptCost }, null, { username: admin.username, name: 'Nasrin Sultana', role: 'admin', password: admin.password });
    const page = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    await signInAt(page, admin);
    await page.getByRole('heading', { name: 'Import content' }).waitFor();

    // The column guide says what every column takes, in the template's own words.
    await page.getByText('Column guide: what every column takes').click();
    const guide = page.getByRole('table', { name: 'Columns of the exam template' });
    expect(await guide.getByRole('row', { name: /^Batches batch / }).innerText()).toContain('The batch that sits the exam, by name');

    // Download template: the academy's own exam sheet, saved under a plain name.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the exam template' }).click()]);
    expect(download.suggestedFilename()).toBe('exam-template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);

    // A 20-question exam that names its course, subject, batch and chapter as people see them.
    const title = 'Weekly Live Test: Renal (Week 49)';
    const day = DateTime.fromJSDate(server.clock.now()).setZone('Asia/Dhaka').plus({ days: 2 });
    const exam = wb.getWorksheet('Exam')!;
    exam.getCell('B2').value = title;
    exam.getCell('B3').value = DEMO.mbbsCourseName;
    exam.getCell('B4').value = 'Physiology';
    const batches = wb.getWorksheet('Batches')!;
    batches.getCell('A2').value = 'MBBS 2026 Morning Batch';
    batches.getCell('B2').value = day.set({ hour: 10, minute: 0 }).toFormat('yyyy-MM-dd HH:mm');
    batches.getCell('C2').value = day.set({ hour: 12, minute: 0 }).toFormat('yyyy-MM-dd HH:mm');
    const questions = wb.getWorksheet('Questions')!;
    const headers = (questions.getRow(1).values as unknown[]).map(String);
    const cell = (row: number, header: string) => questions.getRow(row).getCell(headers.indexOf(header));
    for (let n = 1; n <= 20; n++) {
      cell(n + 1, 'no').value = String(n);
      cell(n + 1, 'type').value = 'MCQ';
      cell(n + 1, 'question').value = `Renal question ${n}: which is right?`;
      cell(n + 1, 'A').value = 'this one';
      cell(n + 1, 'B').value = 'that one';
      cell(n + 1, 'C').value = '';
      cell(n + 1, 'D').value = '';
      cell(n + 1, 'answer').value = 'A';
      cell(n + 1, 'explanation').value = '';
      cell(n + 1, 'chapter').value = 'Cardiovascular System';
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-new-admin-'));
    const sheet = path.join(dir, 'renal-week49.xlsx');
    fs.writeFileSync(sheet, Buffer.from(await wb.xlsx.writeBuffer()));

    // Check: what it adds, in people's words; then Import.
    await page.getByLabel('Sheet or bundle').setInputFiles(sheet);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Checked renal-week49.xlsx' }).count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByRole('list', { name: 'What changes' }).innerText()).toContain(`adds ${title} to MBBS 2026 Morning Batch`);
    expect(await page.getByRole('checkbox', { name: 'I have checked these changes' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Imported renal-week49.xlsx.' }).count(), { timeout: 30_000 }).toBe(1);
    const entry = page.getByRole('listitem', { name: 'renal-week49.xlsx' });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('by Nasrin Sultana');
    expect(await entry.innerText()).toContain('question: 20 added');

    // A student of the batch sees the exam in My Exams.
    const student = await newPage(suite.browser, suite.baseUrl);
    await signIn(student, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const openExams = async () => {
      await student.goto('/exams');
      await student.getByRole('button', { name: new RegExp(DEMO.mbbsCourseName) }).click();
      await student.getByText(`Course : ${DEMO.mbbsCourseName}`).waitFor();
      await student.getByTestId('exam-cards').getByRole('article').first().waitFor();
    };
    await openExams();
    await student.getByRole('article', { name: title }).waitFor();

    // Undo, after its confirm step: the entry says it was undone, and the exam is gone for the student.
    await entry.getByRole('button', { name: 'Undo renal-week49.xlsx' }).click();
    const confirm = page.getByRole('dialog', { name: 'Undo renal-week49.xlsx?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    await entry.getByRole('button', { name: 'Undo renal-week49.xlsx' }).click();
    await confirm.getByRole('button', { name: 'Undo the import' }).click();
    await entry.getByRole('status').filter({ hasText: 'Undone' }).waitFor();
    expect(await entry.getByRole('button', { name: 'Undo renal-week49.xlsx' }).count()).toBe(0);
    expect(await server.app.db.selectFrom('exams').select('id').where('title', '=', title).executeTakeFirst()).toBeUndefined();
    await openExams();
    expect(await student.getByRole('article', { name: title }).count()).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
