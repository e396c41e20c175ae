// Paths are written once in src/contracts/paths.ts; pathTo fills their placeholders the same way
// for every area.
import { describe, expect, it } from 'vitest';
import { contentPaths, examsPaths, isItemType, pathTo } from '../../src/contracts/paths';

describe('pathTo', () => {
  it('fills every placeholder of a path', () => {
    expect(pathTo(examsPaths.start, { examId: 'e1', groupId: 'g1' })).toBe('/exam/start/e1/group-id/g1');
    expect(pathTo(contentPaths.itemContent, { type: 'question-solve', itemId: 'i1' })).toBe('/question-solve/i1');
  });

  it('URL-encodes each value, so an id can never reach another route', () => {
    expect(pathTo(contentPaths.subject, { subjectId: '../exam/id/x?y=1#z' })).toBe('/subject/..%2Fexam%2Fid%2Fx%3Fy%3D1%23z');
    expect(pathTo(examsPaths.paper, { examId: 'a b', groupId: 'ü/ä' })).toBe('/exam/id/a%20b/groupId/%C3%BC%2F%C3%A4');
  });

  it('leaves a path without placeholders as it is', () => {
    expect(pathTo(contentPaths.courses)).toBe('/course');
  });

  it('refuses to build a path with a value missing', () => {
    const params = { examId: 'e1' } as unknown as { examId: string; groupId: string };
    expect(() => pathTo(examsPaths.start, params)).toThrow(':groupId');
  });
});

describe('item types', () => {
  it('knows the three item types of the content paths and nothing else', () => {
    expect(['chapter', 'lecture', 'question-solve'].every(isItemType)).toBe(true);
    expect(isItemType('course')).toBe(false);
    expect(isItemType(undefined)).toBe(false);
  });
});
