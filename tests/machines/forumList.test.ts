import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type InspectionEvent } from 'xstate';
import { forumListMachine } from '../../src/machines/forumList.machine';
import type { SearchBody, SearchResult } from '../../src/contracts/forum';
import { describePaths } from '../support/machine-paths';
import { models, question } from '../models/forumList.model';

function startList(options: { load?: (body: SearchBody) => Promise<SearchResult>; inspect?: (inspection: InspectionEvent) => void; clock?: unknown } = {}) {
  const requests: SearchBody[] = [];
  const lookups: string[] = [];
  const opened: string[] = [];
  const actor = createActor(
    forumListMachine.provide({
      actors: {
        loadQuestions: fromPromise(({ input }: { input: SearchBody }) => {
          requests.push(input);
          return options.load ? options.load(input) : Promise.resolve({ questions: [question('q1')], totalRecords: 1, totalCapped: false });
        }),
        loadSuggestions: fromPromise(({ input }: { input: { searchString: string; courseId: string } }) => {
          lookups.push(input.searchString);
          return Promise.resolve([{ _id: 'q7', questionDescription: 'Heart failure drugs', answers: 2 }]);
        }),
      },
      actions: { openQuestion: (_, { questionId }) => opened.push(questionId) },
    }),
    { input: { studentId: 's1', courseId: 'c1' }, inspect: options.inspect, ...(options.clock ? { clock: options.clock as never } : {}) },
  );
  actor.start();
  return { actor, requests, lookups, opened };
}

describe('forum list', () => {
  it('loads the first page of the course, newest first, 10 per page', async () => {
    const { actor, requests } = startList();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(requests).toEqual([{ studentId: 's1', filter: '', courseId: 'c1', subjectId: '', chapterId: '', searchString: '', page: 1, limit: 10 }]);
    expect(actor.getSnapshot().context.totalRecords).toBe(1);
  });

  it('waits 800 ms after typing, then searches the list and asks for suggestions once', async () => {
    vi.useFakeTimers();
    try {
      const { actor, requests, lookups, opened } = startList();
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'search.type', text: 'he' });
      await vi.advanceTimersByTimeAsync(500);
      actor.send({ type: 'search.type', text: 'heart' });
      await vi.advanceTimersByTimeAsync(799);
      expect(lookups).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(lookups).toEqual(['heart']);
      expect(requests.at(-1)).toMatchObject({ searchString: 'heart', page: 1 });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().context.suggestions.map((s) => s._id)).toEqual(['q7']);
      actor.send({ type: 'suggestion.pick', questionId: 'q7' });
      expect(opened).toEqual(['q7']);
      actor.send({ type: 'search.type', text: 'h' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(lookups).toEqual(['heart']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears the active sort when it is clicked again, and Reset clears sort, filters and search', async () => {
    const { actor, requests } = startList();
    actor.send({ type: 'sort.select', sort: 'My Bookmarks' });
    expect(requests.at(-1)).toMatchObject({ filter: 'My Bookmarks' });
    actor.send({ type: 'sort.select', sort: 'My Bookmarks' });
    expect(requests.at(-1)).toMatchObject({ filter: '' });
    actor.send({ type: 'sort.select', sort: 'Date' });
    actor.send({ type: 'subject.select', subjectId: 'sub1' });
    actor.send({ type: 'chapter.select', chapterId: 'ch1' });
    actor.send({ type: 'page.change', page: 3 });
    expect(requests.at(-1)).toMatchObject({ filter: 'Date', subjectId: 'sub1', chapterId: 'ch1', page: 3 });
    actor.send({ type: 'subject.select', subjectId: 'sub2' });
    expect(requests.at(-1)).toMatchObject({ subjectId: 'sub2', chapterId: '', page: 1 });
    actor.send({ type: 'pageSize.change', limit: 40 });
    actor.send({ type: 'reset' });
    expect(requests.at(-1)).toEqual({ studentId: 's1', filter: '', courseId: 'c1', subjectId: '', chapterId: '', searchString: '', page: 1, limit: 40 });
  });

  it('forgets a search once the box is emptied or cleared: later sorts and My Bookmarks ask without it', async () => {
    const { actor, requests } = startList();
    actor.send({ type: 'search.type', text: 'heart' });
    actor.send({ type: 'search.submit' });
    expect(requests.at(-1)).toMatchObject({ searchString: 'heart' });
    actor.send({ type: 'sort.select', sort: 'Date' });
    actor.send({ type: 'search.type', text: '' });
    // Emptying the box resets the list at once, sort kept, search gone.
    expect(requests.at(-1)).toMatchObject({ searchString: '', filter: 'Date', page: 1 });
    actor.send({ type: 'sort.select', sort: 'My Bookmarks' });
    expect(requests.at(-1)).toMatchObject({ searchString: '', filter: 'My Bookmarks' });
    const asked = requests.length;
    // An empty box that held no search asks for nothing.
    actor.send({ type: 'search.type', text: 'h' });
    actor.send({ type: 'search.type', text: '' });
    expect(requests.length).toBe(asked);
    // The Clear button: text, search and suggestions go.
    actor.send({ type: 'search.type', text: 'renal' });
    actor.send({ type: 'search.submit' });
    actor.send({ type: 'search.clear' });
    expect(actor.getSnapshot().context).toMatchObject({ searchText: '', search: '', suggestions: [] });
    expect(requests.at(-1)).toMatchObject({ searchString: '', filter: 'My Bookmarks', page: 1 });
  });

  it('offers Try again after a failed load', async () => {
    let fail = true;
    const { actor } = startList({ load: async () => (fail ? Promise.reject(new Error('offline')) : { questions: [], totalRecords: 0, totalCapped: false }) });
    await waitFor(actor, (s) => s.matches({ list: 'failed' }));
    expect(actor.getSnapshot().context.error).toBe('offline');
    fail = false;
    actor.send({ type: 'questions.retry' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  });
});

describePaths('forum list paths', models, {
  delays: 'send',
  start: ({ machine, inspect, clock }) => {
    const opened: string[] = [];
    const actor = createActor(machine.provide({ actions: { openQuestion: (_: unknown, { questionId }: { questionId: string }) => opened.push(questionId) } } as never), {
      input: { studentId: 's1', courseId: 'c1' },
      inspect,
      clock,
    });
    actor.start();
    return { actor, opened, counted: 0 };
  },
  check: (run, step) => {
    // A question opens exactly when a suggestion is picked.
    expect(run.opened.length - run.counted).toBe(step.event.type === 'suggestion.pick' ? 1 : 0);
    run.counted = run.opened.length;
  },
});
