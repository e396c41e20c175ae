import { forumListMachine } from '../../src/machines/forumList.machine';
import type { PathModel } from '../support/machine-paths';

export const question = (id: string) => ({
  _id: id, studentId: { _id: 's1', name: 'Anna' }, questionDescription: `Question ${id}`, courseId: 'c1', subjectId: 'sub1', chapterId: 'ch1',
  media: [], status: 'OPEN', answers: 0, likes: 0, isLiked: false, isBookmarked: false, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', lastActivityAt: '2026-11-01T00:00:00.000Z',
});

const model: PathModel<typeof forumListMachine> = {
  machine: forumListMachine,
  input: { studentId: 's1', courseId: 'c1' },
  events: [
    { type: 'search.type', text: 'heart' },
    { type: 'search.type', text: 'h' },
    { type: 'search.submit' },
    { type: 'search.type', text: '' },
    { type: 'search.clear' },
    { type: 'suggestion.pick', questionId: 'q1' },
    { type: 'sort.select', sort: 'Popularity' },
    { type: 'subject.select', subjectId: 'sub1' },
    { type: 'chapter.select', chapterId: 'ch1' },
    { type: 'page.change', page: 2 },
    { type: 'pageSize.change', limit: 40 },
    { type: 'reset' },
    { type: 'questions.retry' },
  ],
  outcomes: {
    loadQuestions: { done: [{ questions: [question('q1')], totalRecords: 1, totalCapped: false }], error: [new Error('offline')] },
    loadSuggestions: { done: [[{ _id: 'q1', questionDescription: 'Question q1', answers: 0 }]], error: [new Error('offline')] },
  },
  // Which states are active, the sort and whether the list shows a search: the rest of the context only fills the request.
  serializeState: ((snapshot: { value: unknown; context: { filter: string; search: string } }) =>
    JSON.stringify({ value: snapshot.value, filter: snapshot.context.filter, searched: snapshot.context.search !== '' })) as never,
};

export const models = [model];
