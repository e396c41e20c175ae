// Where a forum question sits (course, subject, chapter), named from the courses with their chapters
// that the student's batches reach; the forum list's filters and the question page's heading read them.
import { useEffect, useState } from 'react';
import type { CourseWithChapters } from '../../contracts/content';
import { contentApi } from '../../services/content';

/** The student's courses with subjects and chapters (empty until they arrive, or when they could not be loaded). */
export function useCoursesWithChapters(reloadKey: string): CourseWithChapters[] {
  const [courses, setCourses] = useState<CourseWithChapters[]>([]);
  useEffect(() => {
    contentApi.coursesWithChapters().then(setCourses, (error: unknown) => console.warn('Course could not be loaded', error));
  }, [reloadKey]);
  return courses;
}

export interface ForumPlaceNames {
  courseId: string;
  course: string | null;
  subject: string | null;
  chapter: string | null;
}

/** The names of a question's course, subject and chapter, each null where the student's courses do not name it. */
export function forumPlaceNames(courses: readonly CourseWithChapters[], place: { courseId: string; subjectId: string; chapterId: string }): ForumPlaceNames {
  const course = courses.find((c) => c._id === place.courseId);
  const subject = course?.subjects.find((s) => s._id === place.subjectId);
  const chapter = subject?.chapters.find((c) => c._id === place.chapterId);
  return { courseId: place.courseId, course: course?.name ?? null, subject: subject?.name ?? null, chapter: chapter?.name ?? null };
}
