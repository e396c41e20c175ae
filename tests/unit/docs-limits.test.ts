// The documents stay short enough to read: the README is an entrance, docs/performance.md holds the current
// figure of each goal (the runs that led to it go into docs/performance-history.md), and docs/decisions.md
// opens with an index that names every one of its sections.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const lines = (file: string) => fs.readFileSync(file, 'utf8').split('\n').length;

/** A heading's anchor as the repository's Markdown renderer makes it. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

describe('documents', () => {
  it('keeps the README within 200 lines', () => {
    expect(lines('README.md')).toBeLessThanOrEqual(200);
  });

  it('keeps docs/performance.md within 200 lines, one row per goal', () => {
    expect(lines('docs/performance.md')).toBeLessThanOrEqual(200);
  });

  it('lists every section of docs/decisions.md in its index, and only those', () => {
    const text = fs.readFileSync('docs/decisions.md', 'utf8');
    const index = text.slice(text.indexOf('## Index by area'), text.indexOf('\n## ', text.indexOf('## Index by area') + 1));
    const sections = text
      .split('\n')
      .filter((line) => line.startsWith('## ') && line !== '## Index by area')
      .map((line) => line.slice(3));
    const linked = [...index.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]);
    expect(sections.filter((section) => !linked.includes(anchorOf(section)))).toEqual([]);
    expect(linked.filter((anchor) => !sections.some((section) => anchorOf(section) === anchor))).toEqual([]);
  });

  it('makes anchors as the renderer does', () => {
    expect(anchorOf("The teacher desk's forum queue (/staff/forum)")).toBe('the-teacher-desks-forum-queue-staffforum');
    expect(anchorOf('Jobs: one table, taken with a lease (issue 35, S3)')).toBe('jobs-one-table-taken-with-a-lease-issue-35-s3');
  });
});
