// Starting and resuming an exam on a 390 px phone: the live card says when it closes, the instruction
// names the exam, its duration and marks, the Bangla advisory shows once per attempt (OK focused, Enter
// closes it) and not at a reload or a reopen, online or offline, and an exam under way says
// "Resume · N min left" instead of "Start Exam". Before a first live exam the start asks the candidate
// category, faculty and subject (the academy's lists), remembers them, and the submit stores them.
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn } from '../support/browser';
import { currentAttempt, DEMO, DEMO_STUDENT, rememberStartFilters } from '../support/demo-academy';
import { formatAcademyTime } from '../../src/domain/academyTime';
import { attemptEndMs } from '../../src/domain/examTiming';

const PHONE = { width: 390 };
const suite = browserSuite();

const ADVISORY = 'সতর্কতা';

describe('starting an exam on a phone', () => {
  it('names the exam in its instruction, shows the advisory once per attempt and offers to resume with the minutes left', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await rememberStartFilters(page);
    const assignment = await suite.server.app.db
      .selectFrom('exam_assignments')
      .innerJoin('exams', 'exams.id', 'exam_assignments.exam_id')
      .select(['exam_assignments.starts_at', 'exam_assignments.ends_at', 'exam_assignments.duration', 'exams.total_marks'])
      .where('exams.id', '=', DEMO.liveExam)
      .where('exam_assignments.group_id', '=', DEMO.group)
      .executeTakeFirstOrThrow();

    await page.goto(`/exams?course=${DEMO.mbbsCourse}`);
    const card = page.getByRole('article', { name: DEMO.liveExamTitle });
    // A live card says when it closes, on the academy's clock.
    await expect.poll(() => card.getByTestId('exam-closes').textContent()).toBe(formatAcademyTime(assignment.ends_at));
    await card.getByRole('button', { name: 'Start Exam' }).click();
    const instruction = page.getByRole('dialog', { name: 'Exam Instruction' });
    const named = instruction.getByTestId('instruction-exam');
    await named.getByRole('heading', { name: DEMO.liveExamTitle }).waitFor();
    await expect(named.textContent()).resolves.toContain(`Duration: ${assignment.duration} minutes · Marks: ${assignment.total_marks}`);
    await instruction.getByRole('button', { name: 'Start Exam' }).click();
    await page.waitForURL(/\/live-exam\//);

    // The advisory, before the first answer: OK has the focus and Enter closes it.
    const advisory = page.getByRole('dialog', { name: ADVISORY });
    await advisory.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('OK');
    await page.keyboard.press('Enter');
    await advisory.waitFor({ state: 'detached' });
    await page.getByRole('timer').waitFor();

    // A reload of the same attempt: no advisory (it would open with the exam, in the same render).
    await page.reload();
    await page.getByRole('timer').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Back on the list, the exam under way offers to resume with the minutes left.
    const attempt = (await currentAttempt(suite.server, DEMO.liveExam))!;
    const endMs = attemptEndMs({ startsAt: assignment.starts_at, endsAt: assignment.ends_at, duration: assignment.duration, isPracticeExam: false }, attempt.started_at);
    await page.goto(`/exams?course=${DEMO.mbbsCourse}`);
    const resume = card.getByRole('button', { name: /^Resume · \d+ min left$/ });
    await resume.waitFor();
    const shownMinutes = Number(/(\d+) min left/.exec((await resume.textContent())!)![1]);
    const minutesNow = Math.ceil((endMs - Date.now()) / 60_000);
    // The card was drawn a moment before this reading: the same minute or the one before.
    expect([minutesNow, minutesNow + 1]).toContain(shownMinutes);
    expect(await card.getByRole('button', { name: 'Start Exam' }).count()).toBe(0);

    // Reopened from the card with the connection lost: the exam opens from the phone, without the advisory.
    await page.context().setOffline(true);
    // Resume opens the paper itself: its instruction was read at the start.
    await resume.click();
    await page.waitForURL(/\/live-exam\//);
    await page.getByRole('timer').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().setOffline(false);
    await page.context().close();
  });

  it('asks the candidate category, faculty and subject before a first live exam, remembers them (changeable) and submits them', async () => {
    const peer = { id: '570000000000000000000003', phone: '01700000003' };
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, suite.baseUrl, peer.phone, DEMO_STUDENT.password);
    await page.goto(`/exams?course=${DEMO.mbbsCourse}`);
    await page.getByRole('article', { name: DEMO.liveExamTitle }).getByRole('button', { name: 'Start Exam' }).click();
    const instruction = page.getByRole('dialog', { name: 'Exam Instruction' });
    await instruction.getByRole('button', { name: 'Start Exam' }).click();

    // The step has its own title, says what to do, and starts on its first field.
    const details = page.getByRole('dialog', { name: 'Your candidate details' });
    const form = details.getByRole('region', { name: 'Candidate details' });
    const save = details.getByRole('button', { name: 'Save and start' });
    await form.waitFor();
    await form.getByText(/^Choose your candidate category, faculty and subject before /).waitFor();
    expect(await save.isDisabled()).toBe(true);
    const category = form.getByLabel('Candidate category');
    const faculty = form.getByLabel('Faculty');
    const subject = form.getByLabel('Subject');
    await expect.poll(() => category.evaluate((element) => element === document.activeElement)).toBe(true);
    // While Save is disabled, the step says what is still missing.
    const missing = form.getByRole('status');
    await expect.poll(() => missing.textContent()).toBe('Still to choose: candidate category, faculty, subject.');
    expect(await category.locator('option').allTextContents()).toEqual(['Select candidate category', 'Govt.', 'Non-Govt.', 'AMC', 'Others']);
    expect(await faculty.locator('option').allTextContents()).toEqual([
      'Select faculty', 'Medicine', 'Surgery', 'Obstetrics and Gynaecology', 'Paediatrics', 'Basic Science', 'Dental Science MD faculty', 'Dental Science MS faculty', 'No faculty',
    ]);
    expect(await subject.isDisabled()).toBe(true);
    await category.selectOption('Non-Govt.');
    await faculty.selectOption('Medicine');
    // The academy's subjects of the faculty, and 'No Subject'.
    expect(await subject.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Cardiology', 'Nephrology', 'No Subject']));
    await expect.poll(() => missing.textContent()).toBe('Still to choose: subject.');
    await subject.selectOption('Cardiology');
    await expect.poll(() => missing.textContent()).toBe('');
    // Another faculty: its own subjects, chosen again.
    await faculty.selectOption('Surgery');
    await expect.poll(() => subject.inputValue()).toBe('');
    expect(await save.isDisabled()).toBe(true);
    expect(await subject.locator('option').allTextContents()).toContain('Urology');
    await subject.selectOption('Urology');
    await save.click();
    await page.waitForURL(/\/live-exam\//);
    const stored = await page.evaluate(() => ['exam_candidateCategory', 'exam_faculty', 'exam_subject'].map((key) => JSON.parse(localStorage.getItem(key) ?? 'null')));
    expect(stored).toEqual(['Non-Govt.', 'Surgery', 'Urology']);

    // The submit sends them and the attempt keeps them for the merit list.
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('article', { name: 'Question 1' }).getByRole('radio').first().check();
    await expect.poll(() => page.getByTestId('answered-count').textContent()).toBe('Answered: 1/8');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Submit exam' }).getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/exams');
    const attempt = await currentAttempt(suite.server, DEMO.liveExam, peer.id);
    expect(attempt).toMatchObject({ candidate_category: 'Non-Govt.', faculty: 'Surgery', subject_name: 'Urology' });

    // Remembered for the next live exam, and changeable there.
    await page.getByRole('article', { name: 'Segmented Model Test: Basic Sciences' }).getByRole('button', { name: 'Start Exam' }).click();
    const remembered = instruction.getByTestId('start-filters');
    await expect.poll(() => remembered.textContent()).toContain('Non-Govt. · Surgery · Urology');
    await remembered.getByRole('button', { name: 'Change' }).click();
    await expect.poll(() => form.getByLabel('Subject').inputValue()).toBe('Urology');
    await form.getByLabel('Candidate category').selectOption('AMC');
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => remembered.textContent()).toContain('AMC · Surgery · Urology');
    // Back on the instruction, the focus is on the exam's name, not lost to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Segmented Model Test: Basic Sciences');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('exam_candidateCategory') ?? 'null'))).toBe('AMC');
    await page.context().close();
  });
});
