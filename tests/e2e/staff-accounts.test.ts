// Staff accounts and the activity log in real Chromium against the built app and a real server with the
// demo academy. An administrator adds a teacher with a course on the Staff page and sees the one-time
// password once; the teacher signs in at the desk with it (and finds no Staff page) and chooses their
// own password on My account; the administrator turns the teacher off after confirming and the
// teacher's session ends at their next step; the administrator reads the Activity page filtered to
// that teacher and downloads it as CSV. Each page passes axe at 1280 and 360 px without horizontal
// overflow.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage } from '../support/browser';
import { checkScreen, signInAt } from '../support/desk-pages';
import { DEMO, DEMO_ADMIN } from '../support/demo-academy';

const suite = browserSuite();

const deskTitle = (screen: string) => `${screen} · Teacher desk · Medical Academy`;
const WIDTHS = [1280, 360] as const;
const USERNAME = 'karim.teacher';
const NAME = 'Karim Uddin';

describe('staff accounts and the activity log on the desk', () => {
  it('adds a teacher who signs in with the one-time password, turns them off, and reads their activity', { timeout: 180_000 }, async () => {
    const findings: Record<string, string[]> = {};
    const admin = await newPage(suite.browser, suite.baseUrl, { width: 1280, bypassCSP: true });
    await signInAt(admin, '/staff/accounts', DEMO_ADMIN);
    await admin.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await expect.poll(() => admin.title()).toBe(deskTitle('Staff'));
    await admin.getByRole('table', { name: 'Staff accounts with their role, courses and state' }).waitFor();
    // The backups' state for the administrator, in the health check's words.
    expect(await admin.getByTestId('backup-state').innerText()).toMatch(/^Backups: not scheduled \(BACKUP_DIR is not set\)/);
    expect(await admin.getByRole('navigation', { name: 'Teacher desk' }).locator('[aria-current="page"]').innerText()).toBe('Staff');

    // The add form: a taken username in the server's words beside it, then a new teacher with a course.
    await admin.getByRole('button', { name: 'Add a staff member' }).click();
    const form = admin.getByRole('form', { name: 'Add a staff member' });
    await form.getByLabel('Username').fill(DEMO_ADMIN.username);
    await form.getByLabel('Name', { exact: true }).fill(NAME);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toBe('This username is taken.');
    await form.getByLabel('Username').fill(USERNAME);
    await form.getByLabel(DEMO.mbbsCourseName).check();
    await checkScreen(admin, 'the add form', findings, WIDTHS);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    const shown = admin.getByRole('region', { name: `One-time password for ${NAME} (${USERNAME})` });
    await shown.waitFor();
    const password = (await shown.getByTestId('one-time-password').innerText()).trim();
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    const row = admin.getByRole('row', { name: NAME });
    expect(await row.innerText()).toContain(DEMO.mbbsCourseName);
    await checkScreen(admin, 'the staff page with a one-time password', findings, WIDTHS);
    await shown.getByRole('button', { name: 'I have noted it' }).click();
    await expect.poll(() => admin.getByTestId('one-time-password').count()).toBe(0);

    // The teacher signs in with it, and finds no Staff page in their desk.
    const teacher = await newPage(suite.browser, suite.baseUrl, { width: 1280, bypassCSP: true });
    await signInAt(teacher, '/staff/account', { username: USERNAME, password });
    await teacher.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await teacher.getByText(`${NAME} · Teacher`).waitFor();
    const teacherNav = teacher.getByRole('navigation', { name: 'Teacher desk' });
    expect(await teacherNav.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    await checkScreen(teacher, 'my account', findings, WIDTHS);

    // The teacher chooses their own password: a wrong current one is said beside it, in the server's words.
    const passwordForm = teacher.getByRole('form', { name: 'Change my password' });
    await passwordForm.getByLabel('Current password').fill('not-the-password');
    await passwordForm.getByLabel('New password', { exact: true }).fill('karim-own-2026');
    await passwordForm.getByLabel('New password again').fill('karim-own-2026');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => passwordForm.getByRole('alert').innerText()).toBe('Your current password is not right.');
    await passwordForm.getByLabel('Current password').fill(password);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await teacher.getByRole('status').filter({ hasText: 'Your password is changed.' }).waitFor();
    expect(await passwordForm.getByLabel('Current password').inputValue()).toBe('');

    // Turned off after confirming: the teacher's session ends at their next step.
    await row.getByRole('button', { name: `Turn off ${NAME}` }).click();
    const confirm = admin.getByRole('dialog', { name: `Turn off ${NAME}?` });
    await confirm.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => row.getByRole('cell').nth(4).innerText()).toBe('Off');
    expect(await row.getByRole('button', { name: `Turn on ${NAME}` }).count()).toBe(1);
    await teacherNav.getByRole('link', { name: 'Batches' }).click();
    await teacher.getByText('Your desk session has ended.').waitFor();
    await teacher.context().close();

    // The activity, filtered to the teacher: only their own entries; then as a sheet.
    await admin.getByRole('navigation', { name: 'Teacher desk' }).getByRole('link', { name: 'Activity' }).click();
    await admin.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    const entries = admin.getByRole('table', { name: 'Activity entries, newest first' });
    await entries.getByText(`Added teacher ${NAME} (${USERNAME})`).waitFor();
    await entries.getByText(`Turned off the account of ${NAME}`).waitFor();
    await admin.getByLabel('Person').selectOption({ label: NAME });
    await admin.getByRole('button', { name: 'Show' }).click();
    // The header row, then the teacher's own entries, newest first: the password, the sign-in.
    await expect.poll(() => entries.getByRole('row').count()).toBe(3);
    expect(await entries.getByRole('row').nth(1).innerText()).toContain(`${NAME} changed their own password`);
    expect(await entries.getByRole('row').nth(2).innerText()).toContain(`${NAME} signed in at the desk`);
    await checkScreen(admin, 'the activity page', findings, WIDTHS);
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('activity.csv');
    const sheet = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
    expect(sheet).toContain(`${NAME} signed in at the desk`);
    expect(sheet).toContain(`${NAME} changed their own password`);
    expect(sheet).not.toContain(`Added teacher ${NAME}`);

    expect(findings).toEqual({});
    await admin.context().close();
  });
});
