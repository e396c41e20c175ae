// A new student's first screens on a 390 px phone: a student just registered (their name is still their
// phone number) and in no batch sees a drawn person as their avatar, never the phone's first digit, and
// My Exams tells them how to be added to a batch instead of a bare heading; a named student sees their
// initials.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, type Locator } from '../support/browser';
import { DEMO_STUDENT } from '../support/demo-academy';
import { registerStudent } from '../../server/account/queries';
import { hashPassword } from '../../server/account/passwords';
import { toApiPhone } from '../../src/domain/phone';
import { initialsOf } from '../../src/views/ui/Avatar';

const suite = browserSuite();
const NO_BATCH = 'You are not added to a batch yet, To view contents you must be added to a student batch. Please ask Medical Academy Administration to add you to a batch.';

/** What an avatar shows: its drawn initials, or 'person' for the drawn figure. */
const avatarShows = (avatar: Locator) => avatar.locator('[data-initials], [data-testid="avatar-person"]').evaluate((node) => node.getAttribute('data-initials') ?? 'person');

describe("a new student's first screens", () => {
  it('initials come from the letters of a name, never from its digits', () => {
    expect(initialsOf('Nusrat Jahan')).toBe('NJ');
    expect(initialsOf('md. abdur rahim khan')).toBe('MK');
    expect(initialsOf('Rahim')).toBe('R');
    expect(initialsOf('01712345678')).toBe('');
    expect(initialsOf('  ')).toBe('');
    expect(initialsOf('ইমরান হোসেন')).toBe('ইহ');
  });

  it('shows a person, not "0", in the avatar, and the no-batch notice on My Exams', async () => {
    const phone = '01712340390';
    const passwordHash = await hashPassword('student123', 2 ** 14);
    await registerStudent(suite.server.app.db, { username: toApiPhone(phone), localPhone: phone, passwordHash, now: suite.server.clock.now() });
    const page = await newPage(suite.browser, suite.baseUrl, { width: 390 });
    await signIn(page, suite.baseUrl, phone, 'student123');
    await page.goto('/courses');
    await page.getByText(NO_BATCH).waitFor();
    expect(await avatarShows(page.getByRole('button', { name: 'Account menu' }))).toBe('person');
    expect(await page.getByRole('button', { name: 'Account menu' }).textContent()).not.toContain('0');

    await page.goto('/exams');
    await page.getByRole('heading', { name: 'Choose course for exam information' }).waitFor();
    await page.getByText(NO_BATCH).waitFor();
    await page.context().close();
  });

  it("shows a named student's initials", async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 390 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    expect(await avatarShows(page.getByRole('button', { name: 'Account menu' }))).toBe('NJ');
    await page.context().close();
  });
});
