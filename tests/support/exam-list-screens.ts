// The exams page as its model tests drive it (tests/e2e/model-exam-list.test.ts): what a student does for each
// event of tests/models/examList.model.ts on /exams, and what each state shows. Every path is a new student of
// the demo batch, who has the demo's MBBS course (the model's `c1`) and its exams. The page's four requests
// (the courses, the course's subjects, its exams, the search's suggestion) are held until the path answers them
// or fails them as a lost connection; the search's pause and the cards' 10-second refresh run on the page's
// clock.
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { pauseClock, type Page } from './browser';
import { DEMO } from './demo-academy';
import { connectionReturns, holdRequests, payload, type DriverStep, type HeldRequests, type ScreenMapping } from './model-driver';
import type { TestServer } from './test-server';
import { newStudentPage } from './exam-submission-screens';
import { examPlaceAddress } from '../../src/domain/examPlace';
import { EXAM_CARD_REFRESH_MS } from '../../src/domain/examTiming';
import type { ExamListContext, ExamListType, ExamTab } from '../../src/machines/examList.machine';

const COURSES = /^\/api\/course$/;
const SUBJECTS = /^\/api\/subject\/by-course-id\//;
const EXAMS = /^\/api\/exam\/by-course\//;
const PROMPT = /^\/api\/exam\/getExamNamePrompt$/;
const SEARCH_PAUSE_MS = 500;

/** The model's courses as the demo academy has them: `c1` is MBBS, `other` a course this student is not in. */
const COURSE_IDS: Record<string, string> = { c1: DEMO.mbbsCourse, other: 'c0000000000000000000ffff' };
/**
 * What the student types for the model's texts, in the live tab's upcoming exams where the model types: two
 * letters that begin the demo's upcoming Grand Test (so the server suggests its title), and one letter.
 */
const TYPED: Record<string, string> = { ca: 'Gr', c: 'G' };

export interface ExamListWorld {
  page: Page;
  held: HeldRequests;
}

const contextOf = (step: DriverStep) => step.state.context as ExamListContext;
const courseHeading = (page: Page) => page.getByRole('heading', { name: `Course : ${DEMO.mbbsCourseName}` });
const chooseHeading = (page: Page) => page.getByRole('heading', { name: 'Choose course for exam information' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search exams' });
const suggestion = (page: Page) => page.getByTestId('search-suggestion');
const TAB_LABEL: Record<ExamTab, string> = { live: 'Live Exam', practice: 'Practice Exam' };

/** Moves the address as Back, Forward or a notification's link does: the router hears a history change. */
async function arriveAt(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(history.state, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, address);
}

export function examListScreens(suite: { browser: Browser; server: TestServer; baseUrl: string }, options: { arriveAt?: { courseId: string; tab: ExamTab } } = {}): ScreenMapping<ExamListWorld> {
  return {
    async start() {
      const { page } = await newStudentPage(suite.browser, suite.server, suite.baseUrl);
      const held = await holdRequests(page, [COURSES, SUBJECTS, EXAMS, PROMPT]);
      await page.clock.install();
      const arrival = options.arriveAt;
      await page.goto(arrival ? examPlaceAddress({ courseId: COURSE_IDS[arrival.courseId], tab: arrival.tab }) : '/exams');
      await held.made(COURSES);
      // From here the page's time moves only as the paths say (the search's pause, the cards' refresh).
      await pauseClock(page);
      return { page, held };
    },

    events: {
      'done(loadingCourses)': async ({ held }) => void expect((await held.answer(COURSES)).status()).toBe(200),
      'error(loadingCourses)': ({ held }) => held.fail(COURSES),
      'done(course.list.loading)': async ({ held }) => void expect((await held.answer(EXAMS)).status()).toBe(200),
      'error(course.list.loading)': ({ held }) => held.fail(EXAMS),
      'done(course.subjects.loading)': async ({ held }) => void expect((await held.answer(SUBJECTS)).status()).toBe(200),
      'error(course.subjects.loading)': ({ held }) => held.fail(SUBJECTS),
      'done(course.search.suggesting)': async ({ held }) => void expect((await held.answer(PROMPT)).status()).toBe(200),
      'error(course.search.suggesting)': ({ held }) => held.fail(PROMPT),
      'after(searchDebounce)': async ({ page, held }) => {
        await page.clock.runFor(SEARCH_PAUSE_MS);
        await held.made(PROMPT);
      },
      'after(cardRefresh)': ({ page }) => page.clock.runFor(EXAM_CARD_REFRESH_MS),
      'examList.chooseCourse': async ({ page }, step) => {
        expect(payload<{ courseId: string }>(step).courseId, 'a course card the page shows').toBe('c1');
        await page.getByRole('button', { name: new RegExp(DEMO.mbbsCourseName) }).click();
      },
      'examList.back': ({ page }) => page.getByRole('button', { name: 'Back', exact: true }).click(),
      'examList.selectTab': ({ page }, step) => page.getByRole('tab', { name: TAB_LABEL[payload<{ tab: ExamTab }>(step).tab] }).click(),
      'examList.selectSubject': async ({ page }) => {
        // The model's subject is the course's first one.
        const first = await page.locator('#exam-subject option').nth(1).getAttribute('value');
        await page.locator('#exam-subject').selectOption(first!);
      },
      'examList.selectType': async ({ page }, step) => void (await page.locator('#exam-type').selectOption(payload<{ listType: ExamListType }>(step).listType)),
      'examList.type': ({ page }, step) => searchBox(page).fill(TYPED[payload<{ text: string }>(step).text]!),
      'examList.acceptSuggestion': ({ page }) => searchBox(page).press('Tab'),
      'examList.search': ({ page }) => page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click(),
      'examList.clearSearch': ({ page }) => page.getByRole('search').getByRole('button', { name: 'Clear' }).click(),
      'examList.reload': async ({ page, held }, step) => {
        const before = step.path.steps[step.index - 1]?.state ?? null;
        const pattern = before?.matches('course') ? EXAMS : COURSES;
        const tryAgain = page.getByRole('button', { name: 'Try again' });
        if (!before?.matches('course') && (await tryAgain.count()) > 0) await tryAgain.click();
        else {
          // The phone loses its connection and gets it back: the page asks again.
          const asked = held.count(pattern);
          await connectionReturns(page, () => held.count(pattern) > asked, 'the request after the connection returned');
        }
        await held.made(pattern);
      },
      'examList.goTo': async ({ page }, step) => {
        const { courseId, tab, listType } = payload<{ courseId: string | null; tab: ExamTab; listType: ExamListType }>(step);
        await arriveAt(page, examPlaceAddress({ courseId: courseId ? COURSE_IDS[courseId] : null, tab, listType }));
      },
    },

    states: {
      loadingCourses: async ({ page, held }) => {
        expect(held.count(COURSES), 'the courses are asked for').toBeGreaterThan(0);
        await chooseHeading(page).waitFor();
        await page.getByRole('status', { name: 'Loading…' }).waitFor();
      },
      choosingCourse: async ({ page, held }, step) => {
        await chooseHeading(page).waitFor();
        expect(held.count(COURSES)).toBe(0);
        await expect.poll(() => page.getByRole('status', { name: 'Loading…' }).count()).toBe(0);
        if (contextOf(step).failed) await page.getByRole('button', { name: 'Try again' }).waitFor();
        else await page.getByRole('button', { name: new RegExp(DEMO.mbbsCourseName) }).waitFor();
      },
      'course.list.loading': async ({ page, held }, step) => {
        await courseHeading(page).waitFor();
        await expect.poll(() => page.getByRole('tab', { name: TAB_LABEL[contextOf(step).tab] }).getAttribute('aria-selected')).toBe('true');
        expect(held.count(EXAMS), 'the exams are asked for').toBeGreaterThan(0);
        await page.getByText('Loading exams…').waitFor();
      },
      'course.list.ready': async ({ page, held }, step) => {
        await courseHeading(page).waitFor();
        expect(held.count(EXAMS)).toBe(0);
        await expect.poll(() => page.getByText('Loading exams…').count()).toBe(0);
        const cards = page.getByTestId('exam-cards').locator('> *');
        const none = page.getByText('No exams found.');
        // A failed list shows neither cards nor "No exams found."; an answer shows one of them.
        if (contextOf(step).failed) expect([await cards.count(), await none.count()]).toEqual([0, 0]);
        else await expect.poll(async () => (await cards.count()) + (await none.count())).toBeGreaterThan(0);
      },
      'course.subjects.loading': async ({ held }) => {
        expect(held.count(SUBJECTS), 'the subjects are asked for').toBeGreaterThan(0);
      },
      'course.subjects.ready': async ({ page, held }, step) => {
        expect(held.count(SUBJECTS)).toBe(0);
        if (contextOf(step).tab === 'live') await expect.poll(() => page.locator('#exam-subject option').first().textContent()).toBe('All Subjects');
      },
      'course.search.idle': async ({ page, held }, step) => {
        expect(held.count(PROMPT)).toBe(0);
        if (contextOf(step).suggestion) await suggestion(page).waitFor();
        else await expect.poll(() => suggestion(page).count()).toBe(0);
      },
      'course.search.debouncing': async ({ page, held }, step) => {
        expect(held.count(PROMPT)).toBe(0);
        await expect.poll(() => searchBox(page).inputValue()).toBe(TYPED[contextOf(step).searchText] ?? contextOf(step).searchText);
      },
      'course.search.suggesting': async ({ held }) => {
        expect(held.count(PROMPT), 'the suggestion is asked for').toBeGreaterThan(0);
      },
    },
  };
}
