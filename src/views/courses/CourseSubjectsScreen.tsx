// The course page (/subjects/{courseId}): banner, breadcrumbs and the course's subject cards.
import { Link, useParams } from 'react-router-dom';
import { contentApi } from '../../services/content';
import type { SubjectSummary } from '../../contracts/content';
import { SectionTabs } from '../app/SectionTabs';
import { useStudent } from '../app/RootActors';
import { useScreenTitle } from '../app/RouteAnnouncer';
import { Breadcrumbs } from '../content/Breadcrumbs';
import { ContentListStatus, useContentList } from '../content/ContentListStatus';
import { CoverImage } from '../content/CoverImage';

interface CourseHeading {
  name: string;
  description: string;
}

export function CourseSubjectsScreen() {
  const { courseId = '' } = useParams();
  return <CourseSubjects key={courseId} courseId={courseId} />;
}

function CourseSubjects({ courseId }: { courseId: string }) {
  const studentId = useStudent()?._id ?? '';
  const { actor, items, heading } = useContentList<SubjectSummary, CourseHeading>(async () => {
    const [courses, subjects] = await Promise.all([contentApi.coursesOfStudent(studentId), contentApi.subjectsOfCourse(courseId)]);
    const course = courses.find((candidate) => candidate._id === courseId);
    return { items: subjects, heading: { name: course?.name || 'Title', description: course?.description ?? '' } };
  });
  useScreenTitle(heading?.name ?? null);
  return (
    <section>
      <SectionTabs />
      <Breadcrumbs crumbs={[{ label: 'My Courses', to: '/courses' }, { label: heading?.name ?? 'Course' }]} />
      {heading && (
        <div className="mb-5 rounded-xl bg-gradient-to-r from-brand-800 to-brand-600 p-5 text-white sm:p-8">
          <h1 className="text-xl font-semibold sm:text-2xl">{heading.name}</h1>
          {heading.description && <p className="mt-2 max-w-3xl text-sm text-brand-50 sm:text-base">{heading.description}</p>}
        </div>
      )}
      <ContentListStatus actor={actor} />
      {items.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" aria-label="Subjects">
          {items.map((subject) => (
            <li key={subject._id} className="flex">
              <Link
                to={`/lectures/${subject._id}`}
                className="group flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
              >
                <CoverImage src={subject.image} className="h-40" />
                <h2 className="p-4 font-semibold text-slate-900 group-hover:text-brand-800">{subject.name || 'Not given'}</h2>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
