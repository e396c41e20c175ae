// Results in a real Chromium against a real server with the demo academy: a practice exam's result,
// printed and retaken; the scoreboard with its course filter, paging, merit list and Progress Report.
import { describe, expect, it } from 'vitest';
import { browserSuite, holdNextRequest, newPage, signIn, type Page } from '../support/browser';
import { currentAttempt, DEMO, DEMO_STUDENT, DEMO_TEACHER, openExam } from '../support/demo-academy';
import { pdfText } from '../support/pdf';

const suite = browserSuite();
const PRACTICE_TITLE = 'Quick Practice: Pharmacology in 2 Minutes';
const question = (page: Page, n: number) => page.getByRole('article', { name: `Question ${n}` });

/** window.print() counts its calls instead of opening a dialog; page.pdf() prints the page as paper. */
async function countPrints(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    (window as unknown as { prints: number }).prints = 0;
    window.print = () => void ((window as unknown as { prints: number }).prints += 1);
  });
  return () => page.evaluate(() => (window as unknown as { prints: number }).prints);
}

async function storedAnswerCount(examId: string): Promise<number> {
  const attempt = await currentAttempt(suite.server, examId);
  if (!attempt) return 0;
  return (await suite.server.app.db.selectFrom('answers').select('attempt_id').where('attempt_id', '=', attempt.id).execute()).length;
}

describe('results in the browser', () => {
  it('shows a practice result, prints it without the app around it, and retakes the exam', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    const prints = await countPrints(page);
    await openExam(page, suite.baseUrl, PRACTICE_TITLE, 'Practice Exam');
    await question(page, 1).getByRole('radio').first().check();
    await expect.poll(() => storedAnswerCount(DEMO.shortPracticeExam)).toBe(1);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Submit exam' }).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === `/result/${DEMO.shortPracticeExam}/${DEMO.group}`);

    await page.getByRole('heading', { level: 1, name: PRACTICE_TITLE }).waitFor();
    const verdict = (await page.getByTestId('result-verdict').textContent())!;
    expect(['PASSED', 'FAILED']).toContain(verdict);
    const marks = (await page.getByTestId('result-marks').textContent())!;
    const figure = /(\d+(?:\.\d+)?) \/ (\d+(?:\.\d+)?)/.exec(marks);
    expect(figure, marks).not.toBeNull();
    // Every question is listed, with the key; the unanswered ones say so.
    await expect.poll(() => page.getByRole('listitem', { name: /^Question \d+$/ }).count()).toBe(4);
    await expect.poll(() => page.getByText('Unanswered').count()).toBe(3);
    await expect.poll(() => page.getByText('Correct answer').count()).toBeGreaterThan(0);
    await page.getByText('Merit Pos.').waitFor();

    await page.getByRole('button', { name: 'Print' }).click();
    expect(await prints()).toBe(1);
    const paper = await pdfText(await page.pdf({ format: 'A4' }));
    expect(paper).toContain(PRACTICE_TITLE);
    expect(paper).toContain(verdict);
    expect(paper).toContain(`${figure![1]} / ${figure![2]}`);
    // No navigation chrome and no buttons on paper.
    expect(paper).not.toContain('Medical Academy');
    expect(paper).not.toContain('Retake Exam');

    const before = await currentAttempt(suite.server, DEMO.shortPracticeExam);
    await page.evaluate(
      ({ student, exam }) => localStorage.setItem('localSavedAnswers', JSON.stringify({ [student]: { [exam]: { q: { answer: [0] } } } })),
      { student: DEMO_STUDENT.id, exam: DEMO.shortPracticeExam },
    );
    await page.getByRole('button', { name: 'Retake Exam' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retake Exam' });
    await confirm.getByText('Retaking exam will remove the previous submission. Do you want to continue?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await currentAttempt(suite.server, DEMO.shortPracticeExam))?.id).toBe(before?.id);
    await page.getByRole('button', { name: 'Retake Exam' }).click();
    // The retake is sent on a slow link (held): Print waits meanwhile, since a press then would be lost.
    const releaseRetake = await holdNextRequest(page, '**/api/exam/retake/**');
    await confirm.getByRole('button', { name: 'Yes, retake' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Retake Exam' }).getAttribute('aria-busy')).toBe('true');
    expect(await page.getByRole('button', { name: 'Print' }).isDisabled()).toBe(true);
    releaseRetake();
    await page.waitForURL((url) => url.pathname === `/live-exam/${DEMO.shortPracticeExam}/${DEMO.group}`);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('answered-count').textContent()).toBe('Answered: 0/4');
    await expect.poll(async () => (await currentAttempt(suite.server, DEMO.shortPracticeExam))?.id).not.toBe(before?.id);
    // The earlier submission is out of sight, kept aside only until the retake is submitted or times out.
    const old = await suite.server.app.db.selectFrom('attempts').select(['id', 'superseded_at']).where('id', '=', before!.id).executeTakeFirst();
    expect(old?.superseded_at).not.toBeNull();
    await page.context().close();
  });

  it('tells the student a live result is not published yet and goes back to My Exams', async () => {
    const page = await newPage(suite.browser, suite.baseUrl);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/result/${DEMO.awaitingMarkingExam}/${DEMO.group}`);
    await page.getByText('The result of this exam has not been published yet.').waitFor();
    await page.waitForURL((url) => url.pathname === '/exams');
    await page.context().close();
  });

  it('pages the scoreboard as the student scrolls, filters by course (a pick made while one loads is taken), opens a merit list and prints the Progress Report', async () => {
    // The table as a wide screen shows it; a phone's cards are tests/e2e/phone-tables.test.ts.
    const page = await newPage(suite.browser, suite.baseUrl, { width: 1280 });
    const prints = await countPrints(page);
    // One row a page, so the demo student's few results take several pages.
    const pageRequests: string[] = [];
    await page.route(
      (url) => url.pathname === '/api/exam/scoreboard',
      (route) => {
        const url = new URL(route.request().url());
        url.searchParams.set('limit', '1');
        pageRequests.push(url.searchParams.get('lastId') ?? '');
        return route.continue({ url: url.toString() });
      },
    );
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/scoreboard');
    await page.getByRole('heading', { name: 'Scoreboard' }).waitFor();
    await page.getByText('Nusrat Jahan').first().waitFor();
    const summary = page.getByRole('definition');
    const exams = Number(await page.getByLabel('Summary').locator('div', { hasText: /^Exams/ }).locator('dd').textContent());
    expect(exams).toBeGreaterThan(1);
    expect(await summary.count()).toBe(6);

    const rows = page.getByRole('table', { name: 'Exam results' }).locator('tbody tr');
    // Scrolling to the end of the table fetches the next page until every result is there, once each.
    for (let shown = 1; shown < exams; shown++) {
      await page.getByTestId('scoreboard-more').scrollIntoViewIfNeeded();
      await expect.poll(() => rows.count()).toBeGreaterThan(shown);
    }
    await expect.poll(() => rows.count()).toBe(exams);
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    expect(new Set(pageRequests).size).toBe(pageRequests.length);
    const titles = await rows.locator('th').allTextContents();
    expect(new Set(titles).size).toBe(exams);
    expect(titles).toContain(DEMO.publishedExamTitle);

    // The exam's name opens its result.
    await rows.getByRole('link', { name: DEMO.publishedExamTitle }).click();
    await page.waitForURL((url) => url.pathname === `/result/${DEMO.publishedExam}/${DEMO.group}`);
    await page.getByRole('heading', { level: 1, name: DEMO.publishedExamTitle }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Scoreboard' }).waitFor();

    // The merit list: every column, the student's own row, a shared rank; closed with Escape. Back on
    // the scoreboard its first page shows again: scrolling brings the exam's row (a newer result leads).
    const meritButton = page.getByRole('button', { name: `Merit list of ${DEMO.publishedExamTitle}` });
    await expect.poll(async () => {
      if ((await meritButton.count()) > 0) return true;
      await page.getByTestId('scoreboard-more').scrollIntoViewIfNeeded({ timeout: 1000 }).catch(() => undefined);
      return false;
    }).toBe(true);
    await meritButton.click();
    const modal = page.getByRole('dialog', { name: `Merit List: ${DEMO.publishedExamTitle}` });
    const merit = modal.getByRole('table', { name: 'Merit list' });
    await merit.waitFor();
    expect(await merit.locator('thead th').allTextContents()).toEqual(['Rank', 'Name', 'Subject', 'Marks', 'Negative Marks', 'Wrong Answers', 'Overall', 'Faculty Pos.', 'Subject Pos.', 'Category Pos.']);
    await modal.getByText('24 students ranked.').waitFor();
    expect(await merit.locator('tbody tr').count()).toBe(24);
    await merit.locator('tr[aria-current="true"]').getByText('Nusrat Jahan').waitFor();
    const ranks = await merit.locator('tbody tr td:first-child').allTextContents();
    expect(new Set(ranks).size).toBeLessThan(ranks.length);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // A course picked while another still loads (held, as on a slow link) is taken: the latest pick shows.
    const select = page.getByLabel('Select Course');
    let releaseCourse!: () => void;
    const courseHeld = new Promise<void>((resolve) => (releaseCourse = resolve));
    const courseRequest = (url: URL) => url.pathname === '/api/exam/scoreboard' && !!url.searchParams.get('courseId');
    await page.route(courseRequest, async (route) => {
      await courseHeld;
      await route.fallback();
    });
    await select.selectOption({ label: DEMO.mbbsCourseName });
    await page.getByText('Loading results…').waitFor();
    await select.selectOption({ label: 'All courses' });
    expect(await select.inputValue()).toBe('');
    await page.getByRole('table', { name: 'Exam results' }).waitFor();
    // The held answer for the first pick arrives late and changes nothing.
    const late = page.waitForResponse((response) => courseRequest(new URL(response.url())));
    releaseCourse();
    await late;
    expect(await select.inputValue()).toBe('');
    expect(Number(await page.getByLabel('Summary').locator('div', { hasText: /^Exams/ }).locator('dd').textContent())).toBe(exams);
    await page.unroute(courseRequest);

    // Select Course: only that course's results, and the summary of that course.
    const beforeCourse = pageRequests.length;
    await select.selectOption({ label: DEMO.mbbsCourseName });
    // A course change starts paging over: its first request asks from the start (more pages may follow as rows show).
    await expect.poll(async () => pageRequests[beforeCourse]).toBe('');
    await page.getByRole('table', { name: 'Exam results' }).waitFor();
    const mbbsExams = Number(await page.getByLabel('Summary').locator('div', { hasText: /^Exams/ }).locator('dd').textContent());
    for (let shown = 1; shown < mbbsExams; shown++) {
      await page.getByTestId('scoreboard-more').scrollIntoViewIfNeeded();
      await expect.poll(() => rows.count()).toBeGreaterThan(shown);
    }
    await expect.poll(() => rows.count()).toBe(mbbsExams);
    expect(new Set(await rows.locator('td:nth-of-type(8)').allTextContents())).toEqual(new Set([DEMO.mbbsCourseName]));
    await page.getByTestId('marks-chart').waitFor();

    // Print: the whole report on paper, Roll, Branch and Name, and nothing of the screen around it.
    await select.selectOption({ label: 'All courses' });
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // Every row is read first (held here, as on a slow link): meanwhile the course and the Merit List
    // buttons wait, since a pick or a press then would be lost.
    let releaseReport!: () => void;
    const reportHeld = new Promise<void>((resolve) => (releaseReport = resolve));
    await page.route('**/api/exam/newScoreBoard**', async (route) => {
      await reportHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).getAttribute('aria-busy')).toBe('true');
    expect(await select.isDisabled()).toBe(true);
    expect(await rows.getByRole('button', { name: /^Merit list of / }).first().isDisabled()).toBe(true);
    releaseReport();
    await expect.poll(prints).toBe(1);
    const report = page.getByTestId('progress-report');
    // Printing reads every row of the filter first, however far the student scrolled.
    await expect.poll(() => report.locator('table').nth(1).locator('tbody tr').count()).toBe(exams);
    const paper = await pdfText(await page.pdf({ format: 'A4' }));
    expect(paper).toContain('Progress Report');
    expect(paper).toMatch(/Roll MA26-0001/);
    expect(paper).toMatch(/Branch Farmgate/);
    expect(paper).toMatch(/Name Nusrat Jahan/);
    for (const title of titles) expect(paper).toContain(title);
    expect(paper).not.toContain('Select Course');
    expect(paper).not.toContain('Merit List');
    await page.context().close();
  });

  it('draws per-subject bars on a segmented result, loads the chart library only on results screens, and fits 360 px', async () => {
    // The demo's segmented live exam, sat through the API with three subjects and published a day after it ends.
    const session = await suite.server.sessionFor(DEMO_STUDENT.id);
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => suite.server.call({ method, url, session, ...(payload ? { payload } : {}) });
    const selection = {
      examId: DEMO.segmentedExam,
      studentId: DEMO_STUDENT.id,
      isPracticeExam: false,
      mandatorySubjects: [{ subjectId: '500000000000000000000001', count: 2 }],
      compulsoryOptionalSubjects: [{ subjectId: '500000000000000000000002', count: 2 }],
      optionalSubjects: [{ subjectId: '500000000000000000000004', count: 2 }],
    };
    expect((await call('POST', '/api/exam/add-segmented-exam-subject', selection)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/exam/start/${DEMO.segmentedExam}/group-id/${DEMO.group}`)).statusCode).toBe(200);
    const questions = JSON.parse((await call('GET', `/api/exam/id/${DEMO.segmentedExam}/groupId/${DEMO.group}`)).body).data.questions as { _id: string }[];
    expect((await call('PATCH', `/api/exam/add-answer/${DEMO.segmentedExam}/group/${DEMO.group}?isLive=true`, { questionId: questions[0]!._id, answer: [0], timestamp: 1 })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/exam/submit/${DEMO.segmentedExam}/group/${DEMO.group}`, {})).statusCode).toBe(200);
    suite.server.clock.advance(2 * 86_400_000);
    const teacher = await suite.server.sessionFor(DEMO_TEACHER.id, 'staff');
    const published = await suite.server.call({ method: 'POST', url: '/api/staff/exam-assignments/e30000000000000000000006/publish', session: teacher });
    expect(published.statusCode, published.body).toBe(200);

    const page = await newPage(suite.browser, suite.baseUrl, { width: 360 });
    // The chart library is the build's `charts` chunk (src/views/results/charts.tsx).
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
    const chartsLoaded = () => scripts.some((path) => /\/assets\/charts-[^/]*\.js$/.test(path));
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto('/exams');
    await page.getByText('Choose course for exam information').waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(chartsLoaded()).toBe(false);

    await page.goto(`/result/${DEMO.segmentedExam}/${DEMO.group}`);
    const bySubject = page.getByRole('region', { name: 'By subject' });
    const chart = bySubject.getByTestId('subject-chart');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/^Marks by subject: .*Anatomy .* of 2/);
    expect(await bySubject.locator('tbody tr').count()).toBe(3);
    expect(chartsLoaded()).toBe(true);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);

    await page.goto('/scoreboard');
    await page.getByTestId('marks-chart').waitFor();
    expect(await overflow()).toBe(0);
    // Keyboard: Tab reaches the merit list buttons of the table.
    const merit = page.getByRole('button', { name: /^Merit list of / }).first();
    for (let presses = 0; presses < 40 && !(await merit.evaluate((b) => b === document.activeElement)); presses++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /^Merit List: / }).waitFor();
    await page.context().close();
  });
});

