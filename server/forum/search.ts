// Searching the forum: the questions of the chapters the student's batches reach, by the search body's
// filter, place and words, each unset field at its default (no filter, all places, no words, page 1,
// FORUM_DEFAULT_PAGE_SIZE a page).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import type { SearchBody } from '../../src/contracts/forum.js';
import { FORUM_DEFAULT_PAGE_SIZE } from '../../src/domain/forum.js';
import { reachableChapters, searchQuestions, type SearchInput } from './queries.js';

/** The search body with every unset field at its default; empty place ids mean "all". */
export function searchInputOf(body: SearchBody): SearchInput {
  return {
    filter: body.filter ?? '',
    courseId: body.courseId || undefined,
    subjectId: body.subjectId || undefined,
    chapterId: body.chapterId || undefined,
    searchString: body.searchString ?? '',
    page: body.page ?? 1,
    limit: body.limit ?? FORUM_DEFAULT_PAGE_SIZE,
  };
}

export async function searchForum(db: Kysely<Database>, dialect: Dialect, studentId: string, body: SearchBody) {
  const chapters = await reachableChapters(db, studentId);
  return searchQuestions(db, dialect, studentId, chapters.map((c) => c.id), searchInputOf(body));
}
