// /my-qa: the student's courses, each leading to its forum list with how many questions it has.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ForumCourse } from '../../contracts/forum';
import { forumApi } from '../../services/forum';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { showFailure } from '../ui/toast';
import { CoverImage } from '../content/CoverImage';
import { SectionTabs } from '../app/SectionTabs';

export function MyQaScreen() {
  const [courses, setCourses] = useState<ForumCourse[] | null>(null);
  useEffect(() => {
    forumApi.courses().then(setCourses, (error: unknown) => {
      showFailure(error);
      setCourses([]);
    });
  }, []);
  if (!courses) return <Spinner label="Loading courses…" showLabel />;
  return (
    <section>
      <SectionTabs />
      <h1 className="mb-4 text-lg font-semibold text-slate-900">Question and Answer</h1>
      {courses.length === 0 && <Notice>You are not in a batch with a course yet.</Notice>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {courses.map((course) => (
          <Link key={course._id} to={`/qa-forum-list/${course._id}`} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:shadow-md">
            <CoverImage src={course.image} />
            <span className="p-4">
              <span className="block text-lg font-semibold text-slate-900">{course.name}</span>
              <span className="text-sm text-slate-600">{course.questions === 1 ? '1 question' : `${course.questions} questions`}</span>
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}
