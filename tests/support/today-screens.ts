// The Today strip as its model tests drive it (tests/e2e/model-today.test.ts): what a person (or the
// clock, or the connection) does for each event of tests/models/today.model.ts, and what each state shows on
// My Courses. Every path is a new student of the demo batch, so the strip has the demo's live exam open now and
// the next one to show; the model "an answer kept" starts with the phone keeping the server's own answer.
// The Today request is held until the path lets the server answer it (or fails it as a lost connection).
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { pauseClock, type Page } from './browser';
import { connectionReturns, holdRequests, offlineBanner, runClockUntil, type DriverStep, type HeldRequests, type ScreenMapping } from './model-driver';
import type { TestServer } from './test-server';
import { newStudentPage } from './exam-submission-screens';
import { STORAGE_KEYS } from '../../src/services/storage';
import { TODAY_REFRESH_MS, TODAY_TICK_MS, type TodayContext } from '../../src/machines/today.machine';

const TODAY = /^\/api\/exam\/today$/;

export interface TodayWorld {
  page: Page;
  held: HeldRequests;
  /** How many Today requests the app has made so far. */
  asked: () => number;
}

const contextOf = (step: DriverStep) => step.state.context as TodayContext;
const strip = (page: Page) => page.getByRole('region', { name: 'Today' });

/** The connection is back as the app sees it: the socket is up again and the offline banner gone. */
const settled = (page: Page) => runClockUntil(page, async () => (await offlineBanner(page).count()) === 0, 'the connection is back');

export function todayScreens(suite: { browser: Browser; server: TestServer; baseUrl: string }, options: { keep: boolean }): ScreenMapping<TodayWorld> {
  return {
    async start() {
      const { page, session, studentId } = await newStudentPage(suite.browser, suite.server, suite.baseUrl);
      let asked = 0;
      page.on('request', (request) => {
        if (TODAY.test(new URL(request.url()).pathname)) asked++;
      });
      if (options.keep) {
        // What the phone kept from an earlier opening: the server's own answer for this student.
        const today = (await suite.server.call({ method: 'GET', url: '/api/exam/today', session })).json().data as unknown;
        await page.addInitScript(
          ({ key, studentId, today }) => localStorage.setItem(key, JSON.stringify({ [studentId]: { today, receivedAt: Date.now() } })),
          { key: STORAGE_KEYS.today, studentId, today },
        );
      }
      const held = await holdRequests(page, [TODAY]);
      // The strip's clock (its half-minute tick, its five-minute refresh) is the page's, moved by the paths.
      await page.clock.install();
      await page.goto('/');
      await held.made(TODAY);
      // From here the page's time moves only as the paths say (the strip's tick and refresh).
      await pauseClock(page);
      return { page, held, asked: () => asked };
    },

    events: {
      'done(loading)': async ({ held }) => {
        expect((await held.answer(TODAY)).status()).toBe(200);
      },
      'error(loading)': async ({ held }) => {
        await held.fail(TODAY);
      },
      'today.retry': async ({ page, held }) => {
        await strip(page).getByRole('button', { name: 'Try again' }).click();
        await held.made(TODAY);
      },
      'connection.online': async ({ page, held, asked }) => {
        // The phone loses its connection and gets it back: the app asks again once it hears it is online.
        const before = asked();
        await connectionReturns(page, () => asked() > before, 'the Today request after the connection returned');
        await held.made(TODAY);
        await settled(page);
      },
      'after(tick)': async ({ page }) => {
        await page.clock.runFor(TODAY_TICK_MS);
      },
      'after(refresh)': async ({ page, held }) => {
        await page.clock.runFor(TODAY_REFRESH_MS);
        await held.made(TODAY);
        // Five minutes of the page's clock at once let the socket's heartbeat lapse: it reconnects while the
        // strip's request is held, which asks nothing more of the strip.
        await settled(page);
      },
    },

    states: {
      loading: async ({ page, held }, step) => {
        expect(held.count(TODAY), 'the Today request is on its way').toBeGreaterThan(0);
        if (contextOf(step).kept) await strip(page).getByRole('link').first().waitFor();
        else await page.getByRole('status', { name: 'Loading Today' }).waitFor();
      },
      'current.showing': async ({ page, held }) => {
        expect(held.count(TODAY), 'no Today request waits').toBe(0);
        await strip(page).getByRole('link').first().waitFor();
        await expect.poll(() => strip(page).getByTestId('today-updated').count()).toBe(0);
        await expect.poll(() => page.getByRole('status', { name: 'Loading Today' }).count()).toBe(0);
      },
      kept: async ({ page }) => {
        await expect.poll(() => strip(page).getByTestId('today-updated').textContent()).toMatch(/^Updated (just now|\d+ min ago)/);
        await strip(page).getByRole('link').first().waitFor();
      },
      failed: async ({ page }) => {
        await strip(page).getByText(/^Today could not be loaded/).waitFor();
        await strip(page).getByRole('button', { name: 'Try again' }).waitFor();
      },
    },
  };
}
