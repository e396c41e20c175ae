// My Courses (/ and /courses): the Today strip, then the courses of the student's batches.
import { coursesOfStudent, keepCoursesOnPhone, keptCourses } from '../../services/coursesPreload';
import type { CourseSummary } from '../../contracts/content';
import { SectionTabs } from '../app/SectionTabs';
import { useStudent } from '../app/RootActors';
import { ContentListStatus, useContentList } from '../content/ContentListStatus';
import { CourseCard } from './CourseCard';
import { TodayStrip } from './TodayStrip';

function keptPage(studentId: string) {
  const kept = studentId ? keptCourses(studentId) : null;
  return kept && { page: { items: kept.courses }, at: kept.at };
}

export function CoursesScreen() {
  const student = useStudent();
  const studentId = student?._id ?? '';
  // The list kept on the phone shows at once while the fresh one is asked for (a later visit on a slow link).
  const { actor, items } = useContentList<CourseSummary, never>(async () => ({ items: await coursesOfStudent(studentId) }), {
    kept: keptPage(studentId),
    keep: (page) => keepCoursesOnPhone(studentId, [...page.items]),
  });
  return (
    <section>
      {/* The student's picture is the top bar's account menu (with My Profile): a second one here said the same twice. */}
      <h1 className="mb-4 text-xl font-semibold text-slate-900">My Courses</h1>
      <SectionTabs />
      {studentId && <TodayStrip studentId={studentId} />}
      <ContentListStatus actor={actor} />
      {items.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-label="Courses">
          {items.map((course) => (
            <li key={course._id} className="flex">
              <CourseCard course={course} to={`/subjects/${course._id}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
