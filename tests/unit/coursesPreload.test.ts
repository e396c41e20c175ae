// My Courses' list asked for with the sign-in's answer (src/services/coursesPreload.ts): the course
// list uses that answer once, for the same student and while fresh; anything else asks the server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const asked: string[] = [];
vi.mock('../../src/services/content', () => ({
  contentApi: {
    coursesOfStudent: (studentId: string) => {
      asked.push(studentId);
      return Promise.resolve([{ _id: `course of ${studentId} #${asked.length}` }]);
    },
  },
}));

const { coursesOfStudent, keepCourses, preloadCourses } = await import('../../src/services/coursesPreload');
const at = (pathname: string) => Object.assign(globalThis, { window: { location: { pathname } } });

describe('the course list asked for ahead', () => {
  beforeEach(() => {
    asked.length = 0;
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    // Nothing kept from one test to the next.
    void coursesOfStudent('nobody');
  });

  it('is asked for once on the way to My Courses, and used by the list once', async () => {
    at('/login');
    preloadCourses('s1');
    preloadCourses('s1');
    expect(asked).toEqual(['s1']);
    await expect(coursesOfStudent('s1')).resolves.toEqual([{ _id: 'course of s1 #1' }]);
    // A Retry or a later visit asks the server again.
    await expect(coursesOfStudent('s1')).resolves.toEqual([{ _id: 'course of s1 #2' }]);
  });

  it('is not asked for on the way to another page, nor used for another student or once stale', async () => {
    at('/exams');
    preloadCourses('s1');
    expect(asked).toEqual([]);

    at('/');
    preloadCourses('s1');
    await coursesOfStudent('s2');
    expect(asked).toEqual(['s1', 's2']);

    preloadCourses('s1');
    vi.advanceTimersByTime(31_000);
    await expect(coursesOfStudent('s1')).resolves.toEqual([{ _id: 'course of s1 #4' }]);
  });

  it('uses the list the sign-in answered with once, with no request, and asks nothing more ahead', async () => {
    at('/login');
    keepCourses('s1', [{ _id: 'from the sign-in' } as never]);
    preloadCourses('s1');
    expect(asked).toEqual([]);
    await expect(coursesOfStudent('s1')).resolves.toEqual([{ _id: 'from the sign-in' }]);
    await expect(coursesOfStudent('s1')).resolves.toEqual([{ _id: 'course of s1 #1' }]);
  });
});
