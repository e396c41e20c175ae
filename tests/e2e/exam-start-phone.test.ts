// Starting and resuming an exam on a 390 px phone: the live card says when it closes, the instruction
// names the exam, its duration and marks, the Bangla advisory shows once per attempt (OK focused, Enter
// closes it) and not at a reload or a reopen, online or offline, and an exam under way says
// "Resume · N min left" instead of "Start Exam".
import { describe, expect, it } from 'vitest';
import { browserSuite, newPage, signIn } from '../support/browser';
import { currentAttempt, DEMO, DEMO_STUDENT } from '../support/demo-academy';
import { formatExamStart } from '../../src/domain/academyTime';
import { attemptEndMs } from '../../src/domain/examTiming';

const PHONE = { width: 390 };
const suite = browserSuite();

const ADVISORY = 'সতর্কতা';

describe('starting an exam on a phone', () => {
  it('names the exam in its instruction, shows the advisory once per attempt and offers to resume with the minutes left', async () => {
    const page = await newPage(suite.browser, suite.baseUrl, PHONE);
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
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
    await expect.poll(() => card.getByTestId('exam-closes').textContent()).toBe(formatExamStart(assignment.ends_at));
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
    await resume.click();
    await instruction.getByRole('button', { name: 'Start Exam' }).click();
    await page.waitForURL(/\/live-exam\//);
    await page.getByRole('timer').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().setOffline(false);
    await page.context().close();
  });
});
