// The content area's answers shaped from its rows: courses with their subjects (and chapters), an
// item with its videos and notes. Projections, not screens: the app's views are in src/views.
import type { NoteFile, Video } from '../../src/contracts/content.js';
import type { ItemType } from '../../src/contracts/paths.js';
import { isProtectedVideo } from '../../src/domain/video.js';
import { readJson } from '../db/json.js';
import type { ContentRow, coursesOf, itemOf } from './queries.js';

type CourseRows = Awaited<ReturnType<typeof coursesOf>>;

/** The bundle allows only these kinds; a row written some other way plays as the default, HLS. */
const videoKindOf = (value: string | null): Video['videoKind'] =>
  value === 'dash-drm' || value === 'iframe' || value === 'youtube' ? value : 'hls';

export function videoOf(row: ContentRow): Video {
  return {
    _id: row.id,
    title: row.title,
    URL: row.url,
    key: row.key,
    thumbnail: row.thumbnail,
    type: 'video' as const,
    isPublished: Number(row.is_published) === 1,
    isVOD: Number(row.is_vod) === 1,
    isAvailable: Number(row.is_available) === 1,
    isDrmEnabled: isProtectedVideo({ isDrmEnabled: row.is_drm_enabled }) ? '1' : '0',
    drmType: row.drm_type,
    videoKind: videoKindOf(row.video_kind),
    subjects: readJson<string[]>(row.subjects, []),
  };
}

export function fileOf(row: ContentRow): NoteFile {
  return { _id: row.id, title: row.title, key: row.key, type: 'file' as const, createdAt: row.created_at };
}

const courseHead = (course: CourseRows[number]['course']) => ({ _id: course.id, name: course.name, description: course.description, image: course.image });

/** Courses with their subjects and each subject's chapters. */
export const coursesWithChapters = (courses: CourseRows) =>
  courses.map(({ course, subjects }) => ({
    ...courseHead(course),
    subjects: subjects.map(({ subject, chapters }) => ({
      _id: subject.id,
      name: subject.name,
      image: subject.image,
      chapters: chapters.map((c) => ({ _id: c.id, name: c.name })),
    })),
  }));

/** An item (chapter, lecture or question solve) with its visible contents, all, videos and notes. */
export function itemContent(item: NonNullable<Awaited<ReturnType<typeof itemOf>>>, type: ItemType, rows: ContentRow[]) {
  return {
    item: {
      _id: item.id, name: item.name, description: item.description, subjectId: item.subject_id,
      subjectName: item.subject_name, courseId: item.course_id, courseName: item.course_name, type,
    },
    contents: rows.map((row) => (row.type === 'video' ? videoOf(row) : fileOf(row))),
    videoContents: rows.filter((r) => r.type === 'video').map(videoOf),
    fileContents: rows.filter((r) => r.type === 'file').map(fileOf),
  };
}
