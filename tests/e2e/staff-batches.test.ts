// The desk's batches and students in real Chromium against the built app and a real server with the
// demo academy. An administrator opens Batches, a batch, adds a new student by phone (the phone
// checked by the spec's rule, the name asked for by the server), sees them listed, opens their page,
// sends a password-reset code (it reaches the SMS sender, never the screen) and removes them after
// confirming. A teacher sees their courses' batches with no add, remove or reset controls. Each
// screen names itself and passes axe at 1280 and 1024 px without horizontal overflow.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage } from '../support/browser';
import { checkScreen, signInAt } from '../support/desk-pages';
import { DEMO_ADMIN, DEMO_TEACHER } from '../support/demo-academy';

const smsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'academy-sms-')), 'codes.jsonl');
const suite = browserSuite({ env: { SMS_TRANSPORT: `file:${smsFile}` } });

const deskTitle = (screen: string) => `${screen} · Teacher desk · Medical Academy`;
const EVENING = 'MBBS 2026 Evening Batch';
const MORNING = 'MBBS 2026 Morning Batch';
const PHONE = '01755500077';
const NAME = 'Sumaiya Rahman';

const codesTo = (local: string) =>
  (fs.existsSync(smsFile) ? fs.readFileSync(smsFile, 'utf8').trim().split('\n').filter(Boolean) : [])
    .map((line) => JSON.parse(line) as { phone: string; code: string; purpose: string })
    .filter((line) => line.phone === `88${local}`);

describe("the desk's batches and students", () => {
  it('lets an administrator add a student by phone, open their page, send a reset code and remove them', { timeout: 180_000 }, async () => {
    const desk = await newPage(suite.browser, suite.baseUrl, { width: 1280, bypassCSP: true });
    const findings: Record<string, string[]> = {};
    await signInAt(desk, '/staff/batches', DEMO_ADMIN);
    await desk.getByRole('heading', { name: 'Batches', level: 1 }).waitFor();
    await expect.poll(() => desk.title()).toBe(deskTitle('Batches'));
    await desk.getByRole('link', { name: EVENING }).waitFor();
    expect(await desk.getByRole('navigation', { name: 'Teacher desk' }).locator('[aria-current="page"]').innerText()).toBe('Batches');
    expect(await desk.getByRole('link', { name: 'Add many from a sheet' }).getAttribute('href')).toBe('/staff/import');
    await checkScreen(desk, 'batches', findings);

    await desk.getByRole('link', { name: EVENING }).click();
    await desk.getByRole('heading', { name: EVENING, level: 1 }).waitFor();
    await expect.poll(() => desk.title()).toBe(deskTitle(EVENING));
    await desk.getByRole('table', { name: 'Students of the batch' }).or(desk.getByText('No students in this batch yet.')).waitFor();
    await checkScreen(desk, 'a batch', findings);

    // The add form: the phone by the spec's rule, then the name the server asks for a new phone.
    await desk.getByRole('button', { name: 'Add a student' }).click();
    const form = desk.getByRole('form', { name: 'Add a student by phone' });
    await form.getByLabel('Phone').fill('0123');
    await form.getByRole('button', { name: 'Add to batch' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toBe('Phone no. is not valid');
    await form.getByLabel('Phone').fill(PHONE);
    await form.getByRole('button', { name: 'Add to batch' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toBe("Please enter the student's name.");
    await checkScreen(desk, 'the add form with a problem', findings);
    await form.getByLabel('Name (new students)').fill(NAME);
    await form.getByRole('button', { name: 'Add to batch' }).click();
    await desk.getByRole('status').filter({ hasText: `${NAME} was added to ${EVENING} with a new account` }).waitFor();
    expect(await desk.getByRole('status').filter({ hasText: 'no password yet' }).count()).toBe(1);
    const row = desk.getByRole('table', { name: 'Students of the batch' }).getByRole('row', { name: new RegExp(NAME) });
    await row.waitFor();
    expect(await row.innerText()).toContain(PHONE);
    expect(await row.innerText()).toContain('Not set yet');
    await checkScreen(desk, 'a batch after an add', findings);

    // The student's page, and a reset code that reaches the SMS sender only.
    await row.getByRole('link', { name: NAME }).click();
    await desk.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await expect.poll(() => desk.title()).toBe(deskTitle(NAME));
    await desk.getByText('No exams taken yet.').waitFor();
    await checkScreen(desk, "a student's page", findings);
    const before = codesTo(PHONE).length;
    await desk.getByRole('button', { name: 'Send password-reset code' }).click();
    const confirmReset = desk.getByRole('dialog', { name: `Send a password-reset code to ${PHONE}?` });
    await confirmReset.getByRole('button', { name: 'Send code' }).click();
    await desk.getByRole('status').filter({ hasText: `A password-reset code was sent to ${PHONE}.` }).waitFor();
    const codes = codesTo(PHONE);
    expect(codes).toHaveLength(before + 1);
    expect(codes.at(-1)!.purpose).toBe('reset');
    expect(await desk.locator('body').innerText()).not.toContain(codes.at(-1)!.code);

    // Back to the batch from the student's batches, and removal after confirming.
    await desk.getByRole('region', { name: 'Batches' }).getByRole('link', { name: EVENING }).click();
    await desk.getByRole('heading', { name: EVENING, level: 1 }).waitFor();
    await desk.getByRole('button', { name: `Remove ${NAME} from the batch` }).click();
    const confirmRemove = desk.getByRole('dialog', { name: `Remove ${NAME} from ${EVENING}?` });
    await checkScreen(desk, 'the removal confirmation', findings);
    await confirmRemove.getByRole('button', { name: 'Remove' }).click();
    await desk.getByRole('status').filter({ hasText: `${NAME} was removed from ${EVENING}. Their exams and results stay.` }).waitFor();
    await expect.poll(() => desk.getByRole('button', { name: `Remove ${NAME} from the batch` }).count()).toBe(0);
    const members = await suite.server.app.db.selectFrom('group_members as gm').innerJoin('students as s', 's.id', 'gm.student_id').select('s.name').where('s.username', '=', `88${PHONE}`).execute();
    expect(members).toEqual([]);

    expect(findings).toEqual({});
    await desk.context().close();
  });

  it("shows a teacher their courses' batches and students with no add, remove or reset controls", { timeout: 120_000 }, async () => {
    const desk = await newPage(suite.browser, suite.baseUrl, { width: 1024 });
    await signInAt(desk, '/staff/batches', DEMO_TEACHER);
    await desk.getByRole('heading', { name: 'Batches', level: 1 }).waitFor();
    await desk.getByRole('link', { name: MORNING }).waitFor();
    expect(await desk.getByRole('link', { name: 'FCPS Medicine Batch A' }).count()).toBe(0);
    expect(await desk.getByRole('link', { name: 'Add many from a sheet' }).count()).toBe(0);
    await desk.getByRole('link', { name: MORNING }).click();
    await desk.getByRole('heading', { name: MORNING, level: 1 }).waitFor();
    const table = desk.getByRole('table', { name: 'Students of the batch' });
    await table.waitFor();
    expect(await desk.getByRole('button', { name: 'Add a student' }).count()).toBe(0);
    expect(await desk.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await table.getByRole('link').first().click();
    await desk.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await desk.getByRole('button', { name: 'Send password-reset code' }).count()).toBe(0);
    await desk.context().close();
  });
});
