// The app under its Content Security Policy in real Chromium: the main screens (sign-in, courses,
// videos with HLS, ClearKey and the hosted player, notes, exams, the live exam, profile, the
// notification drawer) raise no policy violation and no console error; stored HTML with an
// <img onerror> cannot run, neither through the rich-text rule nor past it; sign-out leaves no
// delivered answer on the device and keeps the undelivered ones.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, openExam, rememberStartFilters, submitWrittenAnswer } from '../support/demo-academy';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const suite = browserSuite({ browserArgs: ['--autoplay-policy=no-user-gesture-required'] });

interface Watch {
  violations: string[];
  consoleErrors: string[];
}

/** Records every CSP violation (in any frame of the page) and every console error or uncaught error. */
async function watchPage(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [], consoleErrors: [] };
  await page.context().exposeBinding('reportPolicyViolation', (_source, text: string) => {
    watch.violations.push(text);
  });
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname} (${event.sample})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on('pageerror', (error) => watch.consoleErrors.push(`uncaught: ${error.message}`));
  return watch;
}

async function waitForPlayback(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction(
    (limit) => (document.querySelector<HTMLVideoElement>('[data-testid="video"]')?.currentTime ?? 0) > limit,
    seconds,
    { timeout: 20_000, polling: 100 },
  );
}

describe('the app under its Content Security Policy', () => {
  it('sends the policy with the page: scripts from this server only, no framing', async () => {
    const response = await fetch(`${suite.baseUrl}/login`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('runs every main screen with no policy violation and no console error', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 1280 });
    const watch = await watchPage(page);
    const visited: string[] = [];
    const visit = (name: string) => visited.push(name);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    visit('sign-in');
    await page.goto('/register');
    await page.getByRole('heading').first().waitFor();
    visit('registration');

    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await rememberStartFilters(page);
    visit('my courses');
    await page.goto(`/subjects/${DEMO.mbbsCourse}`);
    await page.getByRole('link').filter({ hasText: 'Anatomy' }).first().waitFor();
    visit('subjects');
    await page.goto(`/chapters/${DEMO.anatomySubject}`);
    await page.getByRole('link', { name: 'Videos of Upper Limb' }).click();
    visit('chapters');

    // Clear HLS through Media Source buffers (blob: media).
    await page.getByRole('button', { name: 'Play Brachial Plexus: Roots to Branches' }).click();
    await waitForPlayback(page, 0.5);
    await page.getByRole('button', { name: 'Close video' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    visit('HLS video');

    // ClearKey: the licence comes from this server, the player decrypts with EME.
    await page.getByRole('button', { name: 'Play Shoulder Joint and Rotator Cuff (protected)' }).click();
    await waitForPlayback(page, 0.5);
    await page.getByTestId('watermark').waitFor();
    await page.getByRole('button', { name: 'Close video' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    visit('ClearKey video');

    // The hosted player page, framed by the app under its own policy.
    await page.getByRole('button', { name: 'Play Axilla Dissection (hosted player)' }).click();
    const frame = page.frameLocator('[role="dialog"] iframe');
    await expect.poll(() => frame.locator('video').evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Close video' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    visit('hosted player');

    await page.goto(`/notes/${DEMO.upperLimbChapter}/chapter`);
    await page.getByRole('table').waitFor();
    visit('notes');

    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    await page.keyboard.press('Escape');
    visit('notifications');

    await page.goto('/student-profile');
    await page.getByText(DEMO_STUDENT.phone.slice(1)).first().waitFor();
    visit('profile');

    await page.goto('/exams');
    await page.getByRole('button', { name: new RegExp(DEMO.mbbsCourseName) }).click();
    await page.getByRole('article', { name: DEMO.liveExamTitle }).getByRole('button', { name: 'Start Exam' }).click();
    await page.getByRole('dialog', { name: 'Exam Instruction' }).getByRole('button', { name: 'Start Exam' }).click();
    await page.waitForURL(/\/live-exam\//);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    // The question figures load as images.
    const figure = page.locator('article img').first();
    await figure.waitFor();
    await expect.poll(() => figure.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // A written answer with a file: kept as a data URL on the device, then uploaded and attached.
    const written = page.getByRole('article', { name: 'Question 7' });
    page.on('dialog', (dialog) => void dialog.accept());
    await written.getByRole('textbox').fill('Digoxin toxicity');
    await written.locator('input[type=file]').setInputFiles({ name: 'workings.pdf', mimeType: 'application/pdf', buffer: PDF });
    await submitWrittenAnswer(written);
    // The figure file is named by its name, not its signed address.
    await written.getByRole('link', { name: 'case-sheet.pdf', exact: true }).waitFor();
    const attached = async () => {
      const rows = await suite.server.app.db.selectFrom('answers').select(['answer', 'extra']).execute();
      return rows.filter((row) => row.answer.includes('Digoxin toxicity')).map((row) => JSON.parse(row.extra) as Array<{ name: string; type: string }>);
    };
    await expect.poll(attached, { timeout: 15_000 }).toEqual([[expect.objectContaining({ name: 'workings.pdf', type: 'application/pdf' })]]);
    visit('live exam');

    expect(visited).toHaveLength(12);
    expect(watch.violations, watch.violations.join('\n')).toEqual([]);
    expect(watch.consoleErrors, watch.consoleErrors.join('\n')).toEqual([]);
    await page.context().close();
  });

  it('shows a stored instruction without its <img onerror>, and the policy stops a handler that gets past', async () => {
    // Written straight into the database, as an older import or another tool could have left it.
    const payload = '<p>Read every question.</p><img src="/nowhere.png" onerror="window.__stolen = localStorage.length; fetch(\'/api/stolen\')">';
    await suite.server.app.db.updateTable('exams').set({ instruction: payload }).where('id', '=', DEMO.liveExam).execute();
    const page = await newPage(suite.browser, suite.baseUrl, { width: 1280 });
    const watch = await watchPage(page);
    const stolen: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/stolen')) stolen.push(request.url());
    });
    // A classmate who has not started the exam (the first test did, and Resume would open its paper, not the instruction).
    await signIn(page, suite.baseUrl, '01700000003', DEMO_STUDENT.password);
    await page.goto('/exams');
    await page.getByRole('button', { name: new RegExp(DEMO.mbbsCourseName) }).click();
    await page.getByRole('article', { name: DEMO.liveExamTitle }).getByRole('button', { name: 'Start Exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exam Instruction' });
    await dialog.getByText('Read every question.').waitFor();
    expect(await dialog.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __stolen?: number }).__stolen)).toBeUndefined();

    // Past the rule (HTML put into the page by other means), the policy still refuses the handler.
    await page.evaluate(() => {
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/nowhere.png" onerror="window.__stolen = 1">';
      document.body.append(holder);
    });
    await expect.poll(() => watch.violations.length).toBe(1);
    expect(watch.violations[0]).toMatch(/^script-src-attr blocked inline/);
    expect(await page.evaluate(() => (window as unknown as { __stolen?: number }).__stolen)).toBeUndefined();
    expect(stolen).toEqual([]);
    await page.context().close();
  });

  it('deletes delivered answers from the device at sign-out and keeps undelivered ones', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, { width: 1280 });
    page.on('dialog', (dialog) => void dialog.accept());
    await openExam(page, suite.baseUrl, 'Practice Set: Physiology Basics', 'Practice Exam');
    const question = (n: number) => page.getByRole('article', { name: `Question ${n}` });
    const local = () =>
      page.evaluate(({ student, exam }) => JSON.parse(localStorage.getItem('localSavedAnswers') ?? '{}')[student]?.[exam] ?? {}, { student: DEMO_STUDENT.id, exam: DEMO.practiceExam }) as Promise<
        Record<string, { delivered: boolean; offline: boolean }>
      >;
    await question(1).getByRole('radio').first().check();
    await expect.poll(async () => Object.values(await local()).filter((entry) => entry.delivered).length).toBe(1);
    // The next answer cannot reach the server: it stays on the device, undelivered.
    await page.route('**/api/exam/add-answer/**', (route) => route.abort());
    await question(2).getByRole('radio').nth(1).check();
    await expect.poll(async () => Object.values(await local()).filter((entry) => entry.offline && !entry.delivered).length).toBe(1);
    const before = await local();
    const undelivered = Object.keys(before).filter((id) => !before[id]!.delivered);

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.getByRole('dialog', { name: 'Are you sure you want to logout?' }).getByRole('button', { name: 'Yes, logout' }).click();
    await page.waitForURL(`${suite.baseUrl}/login`);
    const after = await local();
    expect(Object.keys(after)).toEqual(undelivered);
    expect(Object.values(after).every((entry) => !entry.delivered)).toBe(true);
    await page.context().close();
  });
});
