// A course card: cover image (placeholder fallback), name ('Title' when missing) and description.
// The same card serves My Courses (to the course page) and the Q&A course list (to its forum).
import { Link } from 'react-router-dom';
import type { CourseSummary } from '../../contracts/content';
import { CoverImage } from '../content/CoverImage';

export function CourseCard({ course, to }: { course: Pick<CourseSummary, '_id' | 'name' | 'description' | 'image'>; to: string }) {
  return (
    <Link to={to} className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <CoverImage src={course.image} />
      <div className="p-4">
        <h2 className="text-lg font-semibold text-slate-900 group-hover:text-brand-800">{course.name || 'Title'}</h2>
        {course.description && <p className="mt-1 text-sm text-slate-600">{course.description}</p>}
      </div>
    </Link>
  );
}
