// axe-core on every screen a student meets, in a real Chromium on a 390 px phone against a real server
// with the demo academy: signed out, signed in, in an exam, in the forum and in their dialogs, with no serious or
// critical violation, and every control a finger can hit (at least 40 px each way).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { animationsEnded, axeViolations, browserSuite, newPage, signIn, smallTargets, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, DEMO_TEACHER, rememberStartFilters } from '../support/demo-academy';

// Codes go to a file, so registration shows the code screen (the console transport would skip it).
const smsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-axe-sms-'));
// A fake camera, so the forum's photo dialogs open as on a phone.
const suite = browserSuite({
  env: { SMS_TRANSPORT: `file:${path.join(smsDir, 'codes.jsonl')}` },
  browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});
afterAll(() => fs.rmSync(smsDir, { recursive: true, force: true }));
const PHONE = { width: 390, bypassCSP: true };
/** A demo forum thread with a teacher's reply. */
const FORUM_QUESTION = 'f00000000000000000000002';

/** What each screen broke, by screen: empty when every screen passes. */
type Findings = Record<string, string[]>;

async function check(page: Page, screen: string, findings: Findings): Promise<void> {
  // Animations (dialogs, toasts) settle first, so colours are measured as they end.
  await animationsEnded(page);
  const found = [...(await axeViolations(page)), ...(await smallTargets(page)).map((target) => `small target ${target}`)];
  if (found.length > 0) findings[screen] = found;
}

describe('axe-core and touch targets on every screen', () => {
  it('finds nothing serious on the signed-out screens', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    const findings: Findings = {};
    for (const address of ['/login', '/register', '/forget-password', '/otp', '/setpassword']) {
      await page.goto(address);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await check(page, address, findings);
    }
    // The code screen of a real registration, with its Resend and Change number.
    await page.goto('/register');
    await page.getByLabel('Mobile number').fill('01899887766');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByLabel('Verification code').waitFor();
    await check(page, '/otp in a registration', findings);
    // A form error shown.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').first().waitFor();
    await check(page, '/login with errors', findings);
    expect(findings).toEqual({});
    await page.context().close();
  }, 90_000);

  it('finds nothing serious on the signed-in screens and their dialogs', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const findings: Findings = {};
    const screens: [string, () => Promise<void>][] = [
      ['/courses', () => page.getByRole('list', { name: 'Courses' }).waitFor()],
      [`/subjects/${DEMO.mbbsCourse}`, () => page.getByRole('list', { name: 'Subjects' }).waitFor()],
      [`/chapters/${DEMO.anatomySubject}`, () => page.getByRole('heading', { level: 1 }).waitFor()],
      [`/videos/${DEMO.upperLimbChapter}/chapter`, () => page.getByRole('heading', { level: 1 }).waitFor()],
      [`/notes/${DEMO.upperLimbChapter}/chapter`, () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['/exams', () => page.getByText('Choose course for exam information').waitFor()],
      [`/exams?course=${DEMO.mbbsCourse}`, () => page.getByRole('article', { name: DEMO.liveExamTitle }).waitFor()],
      [`/exams?course=${DEMO.mbbsCourse}&type=previous`, () => page.getByRole('article', { name: DEMO.publishedExamTitle }).waitFor()],
      [`/exams?course=${DEMO.mbbsCourse}&tab=practice`, () => page.getByRole('tab', { name: 'Practice Exam', selected: true }).waitFor()],
      [`/result/${DEMO.publishedExam}/${DEMO.group}`, () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['/scoreboard', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['/student-profile', () => page.getByRole('button', { name: 'Edit' }).waitFor()],
      ['/no-such-page', () => page.getByRole('link', { name: 'Go to My Courses' }).waitFor()],
    ];
    for (const [address, ready] of screens) {
      await page.goto(address);
      await ready().then(
        () => check(page, address, findings),
        () => void (findings[address] = ['did not open']),
      );
    }

    // Dialogs: notifications, the account menu, logout, the exam instruction.
    await page.goto('/courses');
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    await check(page, 'notifications drawer', findings);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
    await check(page, 'account menu', findings);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Are you sure you want to logout?' }).waitFor();
    await check(page, 'logout dialog', findings);
    await page.getByRole('button', { name: 'Cancel' }).click();
    // The video player over the videos page.
    await page.goto(`/videos/${DEMO.upperLimbChapter}/chapter`);
    await page.getByRole('button', { name: /^Play / }).first().click();
    await page.getByRole('button', { name: 'Close video' }).waitFor();
    await page.getByRole('button', { name: /playback speed$/ }).waitFor();
    await check(page, 'video player', findings);
    await page.getByRole('button', { name: 'Close video' }).click();
    // The exams' course step, chosen by tap: focus lands on the new step's heading, and the search has one clear button.
    await page.goto('/exams');
    await page.getByRole('button', { name: new RegExp(DEMO.mbbsCourseName) }).click();
    const heading = page.getByRole('heading', { level: 1, name: `Course : ${DEMO.mbbsCourseName}` });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    await page.getByRole('searchbox', { name: 'Search exams' }).fill('Weekly');
    await check(page, 'exams with a search typed', findings);
    expect(await page.getByRole('button', { name: 'Clear', exact: true }).count()).toBe(1);
    expect(await page.getByRole('searchbox', { name: 'Search exams' }).getAttribute('type')).toBe('text');
    await page.goto(`/exams?course=${DEMO.mbbsCourse}`);
    await page.getByRole('article', { name: DEMO.liveExamTitle }).getByRole('button', { name: 'Start Exam' }).click();
    await page.getByRole('dialog', { name: 'Exam Instruction' }).getByRole('button', { name: 'Start Exam' }).waitFor();
    await check(page, 'exam instruction', findings);
    expect(findings).toEqual({});
    await page.context().close();
  }, 120_000);

  it('finds nothing serious in a running exam and its dialogs', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await rememberStartFilters(page);
    const findings: Findings = {};
    await page.goto(`/exams?course=${DEMO.mbbsCourse}`);
    await page.getByRole('article', { name: DEMO.liveExamTitle }).getByRole('button', { name: 'Start Exam' }).click();
    await page.getByRole('dialog', { name: 'Exam Instruction' }).getByRole('button', { name: 'Start Exam' }).click();
    await page.waitForURL(/\/live-exam\//);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).waitFor();
    await check(page, 'exam advisory', findings);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('timer').waitFor();
    await check(page, 'exam', findings);
    await page.getByRole('article', { name: 'Question 1' }).getByRole('radio').first().check();
    await check(page, 'exam with an answer', findings);
    await page.getByRole('button', { name: 'Quit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Quit exam' }).waitFor();
    await check(page, 'quit dialog', findings);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Submit exam' }).waitFor();
    await check(page, 'submit dialog', findings);
    expect(findings).toEqual({});
    await page.context().close();
  }, 90_000);

  it('finds nothing serious on the teacher desk', async () => {
    const desk = await newPage(suite.browser, suite.baseUrl, PHONE);
    const findings: Findings = {};
    await desk.goto('/staff');
    await desk.getByRole('heading', { name: 'Teacher desk' }).waitFor();
    await check(desk, 'desk sign-in', findings);
    await desk.getByLabel('Username').fill(DEMO_TEACHER.username);
    await desk.getByLabel('Password').fill(DEMO_TEACHER.password);
    await desk.getByLabel('Password').press('Enter');
    await desk.getByRole('heading', { name: 'Grading queue' }).waitFor();
    await check(desk, 'grading queue', findings);
    await desk.getByRole('button', { name: new RegExp(`^Open ${DEMO.awaitingMarkingExamTitle.replace(/[()]/g, '\\$&')}`) }).click();
    await desk.getByRole('article', { name: /^Answer \d+ of \d+$/ }).waitFor();
    await check(desk, 'marking an answer', findings);
    await desk.getByRole('button', { name: 'Publish results' }).click();
    await desk.getByRole('dialog', { name: 'Publish results?' }).waitFor();
    await check(desk, 'publish dialog', findings);
    expect(findings).toEqual({});
    await desk.context().close();
  }, 90_000);

  it('finds nothing serious in the forum and its dialogs', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    const findings: Findings = {};
    const screens: [string, () => Promise<void>][] = [
      ['/my-qa', () => page.getByRole('link', { name: new RegExp(DEMO.mbbsCourseName) }).waitFor()],
      [`/qa-forum-list/${DEMO.mbbsCourse}`, () => page.getByTestId('question-cards').getByRole('link').first().waitFor()],
      [`/question-details/${FORUM_QUESTION}`, () => page.getByText('Teacher', { exact: true }).waitFor()],
    ];
    for (const [address, ready] of screens) {
      await page.goto(address);
      await ready().then(
        () => check(page, address, findings),
        () => void (findings[address] = ['did not open']),
      );
    }
    // The ask dialog: its guidelines in Bengali, the form with an error shown, the camera and the photo editor.
    await page.goto(`/qa-forum-list/${DEMO.mbbsCourse}`);
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const guidelines = page.getByRole('dialog', { name: 'Guidelines for Asking Questions' });
    await guidelines.getByRole('button', { name: 'OK' }).waitFor();
    await check(page, 'forum guidelines', findings);
    await guidelines.getByRole('button', { name: 'OK' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Question' });
    await form.getByLabel('Question details').waitFor();
    await check(page, 'ask form', findings);
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByRole('alert').first().waitFor();
    await check(page, 'ask form with errors', findings);
    // The camera's preview, then the photo editor with the captured picture.
    await form.getByRole('button', { name: 'Take photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Take photo' });
    const capture = camera.getByRole('button', { name: 'Capture' });
    await expect.poll(() => capture.isEnabled()).toBe(true);
    await check(page, 'camera preview', findings);
    await capture.click();
    const editor = page.getByRole('dialog', { name: 'Edit photo' });
    await expect.poll(() => editor.getByRole('button', { name: 'Rotate 90 degrees clockwise' }).isEnabled()).toBe(true);
    await check(page, 'photo editor', findings);
    expect(findings).toEqual({});
    await page.context().close();
  }, 90_000);
});
