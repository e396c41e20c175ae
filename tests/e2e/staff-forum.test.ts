// The desk's forum queue in real Chromium against the built app and a real server with the demo
// academy: 30 new questions of the demo student arrive; the demo teacher signs in at /staff, opens
// Forum questions and answers every question without a teacher's reply by keyboard alone (n opens the
// next, r writes, Ctrl+Enter sends), until the desk says none waits. The screen has its own title,
// fits 1280 and 1024 px and passes axe, a save on a slow link visibly waits, an edit goes on while activity
// elsewhere has the question read again; the student opens one question and reads the reply as Teacher.
import { describe, expect, it } from 'vitest';
import { axeViolations, browserSuite, holdNextRequest, newPage, signIn, type Page } from '../support/browser';
import { DEMO, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy';
import { forumDeskMessages } from '../../src/machines/staffForum.machine';
import { FORUM_ACTIVITY_EVENT, type ForumActivity } from '../../src/domain/forum';

// The 30 questions come from one student, over the 20 an hour a student may ask.
const suite = browserSuite({ env: { FORUM_QUESTIONS_PER_HOUR: '100' } });

const unansweredCount = async (page: Page) => Number(/\((\d+)\+?\)/.exec(await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Unanswered/ }).innerText())?.[1]);

describe('the desk forum queue', () => {
  it('clears a queue of 30 questions by keyboard and the student reads the reply as Teacher', { timeout: 300_000 }, async () => {
    const student = await suite.server.sessionFor(DEMO_STUDENT.id);
    const chapter = await suite.server.app.db.selectFrom('items').innerJoin('subjects', 'subjects.id', 'items.subject_id').select(['items.id', 'items.subject_id', 'subjects.course_id']).where('items.id', '=', DEMO.upperLimbChapter).executeTakeFirstOrThrow();
    const asked: string[] = [];
    for (let n = 1; n <= 30; n++) {
      const response = await suite.server.call({
        method: 'POST', url: '/api/qa/add-question', session: student,
        payload: { studentId: DEMO_STUDENT.id, courseId: chapter.course_id, subjectId: chapter.subject_id, chapterId: chapter.id, questionDescription: `Desk queue question ${n}: which nerve supplies muscle ${n}?` },
      });
      expect(response.statusCode, response.body).toBe(200);
      asked.push(response.json().data._id);
    }

    // axe is added as a script of its own: the page's policy would refuse it otherwise.
    const desk = await newPage(suite.browser, suite.baseUrl, { width: 1280, bypassCSP: true });
    const threadRead = /\/api\/staff\/qa\/questions\/([^/?]+)$/;
    let lastRead = '';
    desk.on('request', (request) => {
      const read = request.method() === 'GET' ? threadRead.exec(request.url()) : null;
      if (read) lastRead = read[1]!;
    });
    await desk.goto('/staff');
    await desk.getByLabel('Username').fill(DEMO_TEACHER.username);
    await desk.getByLabel('Password').fill(DEMO_TEACHER.password);
    await desk.getByLabel('Password').press('Enter');
    await desk.getByRole('heading', { name: 'Grading queue' }).waitFor();
    await desk.getByRole('link', { name: 'Forum questions' }).click();
    await desk.getByRole('heading', { name: 'Forum questions', level: 1 }).waitFor();
    await desk.getByRole('list', { name: 'Questions' }).waitFor();
    await expect.poll(() => desk.title()).toBe('Forum questions · Teacher desk · Medical Academy');
    const waiting = await unansweredCount(desk);
    expect(waiting).toBeGreaterThanOrEqual(30);
    // Unanswered first: the newest of the 30 leads the queue.
    expect(await desk.getByRole('list', { name: 'Questions' }).getByRole('button').first().innerText()).toContain('Desk queue question 30');
    expect(await axeViolations(desk)).toEqual([]);

    // Live: a question asked now reaches the open queue.
    const late = await suite.server.call({
      method: 'POST', url: '/api/qa/add-question', session: student,
      payload: { studentId: DEMO_STUDENT.id, courseId: chapter.course_id, subjectId: chapter.subject_id, chapterId: chapter.id, questionDescription: 'Desk queue question 31, asked while the desk is open.' },
    });
    asked.push(late.json().data._id);
    await expect.poll(() => unansweredCount(desk)).toBe(waiting + 1);

    const reply = desk.getByLabel('Your reply (shown to students as Teacher)');
    for (let answered = 0; answered < waiting + 1; answered++) {
      await desk.keyboard.press('n');
      await reply.waitFor();
      const heading = await desk.getByRole('heading', { level: 2, name: /question$/ }).innerText();
      expect(heading).toMatch(/question$/);
      await desk.keyboard.press('r');
      await desk.keyboard.type(`Answer ${answered + 1}: see the chapter notes.`);
      await desk.keyboard.press('Control+Enter');
      await desk.getByRole('list', { name: 'Replies' }).getByText(`Answer ${answered + 1}: see the chapter notes.`).waitFor();
      await expect.poll(() => reply.inputValue()).toBe('');
      // The keyboard has left the reply box: the next n opens the next question, no Escape needed.
    }
    await expect.poll(() => unansweredCount(desk)).toBe(0);
    await desk.keyboard.press('n');
    await desk.getByText(forumDeskMessages.noNextUnanswered).waitFor();

    // The teacher edits the last reply and marks the question COMPLETED, then reopens it. Activity on the
    // question elsewhere (here told to the desks directly) has it read again meanwhile: the edit goes on.
    const openId = lastRead;
    const releaseRead = await holdNextRequest(desk, `**/api/staff/qa/questions/${openId}`);
    const reading = desk.waitForRequest((request) => request.method() === 'GET' && threadRead.exec(request.url())?.[1] === openId);
    suite.server.app.realtime.toStaffOfCourse(chapter.course_id, FORUM_ACTIVITY_EVENT, { questionId: openId, kind: 'edit' } satisfies ForumActivity);
    await reading;
    await desk.keyboard.press('e');
    await expect.poll(() => desk.getByLabel('Edit your last reply').inputValue()).toMatch(/^Answer \d+: see the chapter notes\.$/);
    await desk.keyboard.press('Control+a');
    await desk.keyboard.type('Edited: the radial nerve.');
    // On a slow link the save visibly waits, and no other question opens meanwhile.
    const releaseEdit = await holdNextRequest(desk, '**/api/staff/qa/questions/*/replies/*');
    await desk.keyboard.press('Control+Enter');
    const saving = desk.getByRole('button', { name: /Sending…/ });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    expect(await desk.getByRole('button', { name: 'Next unanswered (n)' }).isDisabled()).toBe(true);
    expect(await desk.getByRole('list', { name: 'Questions' }).getByRole('button').first().isDisabled()).toBe(true);
    releaseEdit();
    releaseRead();
    await desk.getByRole('list', { name: 'Replies' }).getByText('Edited: the radial nerve.').waitFor();
    await desk.getByRole('button', { name: 'Mark COMPLETED' }).click();
    await desk.getByRole('button', { name: 'Reopen' }).waitFor();
    await desk.getByRole('button', { name: 'Reopen' }).click();
    await desk.getByRole('button', { name: 'Mark COMPLETED' }).waitFor();

    // At 1024 px the queue and the thread still fit, and axe finds nothing serious.
    await desk.setViewportSize({ width: 1024, height: 768 });
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    expect(await axeViolations(desk)).toEqual([]);

    // The student reads a teacher's reply on their question.
    const page = await newPage(suite.browser, suite.baseUrl, { width: 1024 });
    await signIn(page, suite.baseUrl, DEMO_STUDENT.phone, DEMO_STUDENT.password);
    await page.goto(`/question-details/${asked[0]}`);
    await page.getByText('Desk queue question 1:').waitFor();
    const teacherReply = page.getByRole('article').filter({ hasText: /Answer \d+: see the chapter notes\./ });
    await teacherReply.waitFor();
    expect(await teacherReply.innerText()).toContain('Teacher');
  });
});
