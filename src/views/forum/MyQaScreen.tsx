// /my-qa: the student's courses that have forum questions (spec: "List of courses that have forum
// questions"), each leading to its forum list with how many questions it has. When none has any yet,
// a link opens the first course's list, where the first question is asked.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ForumCourse } from '../../contracts/forum';
import { forumApi } from '../../services/forum';
import { Notice } from '../ui/Notice';
import { ButtonLink } from '../ui/ButtonLink';
import { Spinner } from '../ui/Spinner';
import { showFailure } from '../ui/toast';
import { CoverImage } from '../content/CoverImage';
import { SectionTabs } from '../app/SectionTabs';
import { useBlockedContextMenu } from '../ui/blockContextMenu';

export function MyQaScreen() {
  const [courses, setCourses] = useState<ForumCourse[] | null>(null);
  useBlockedContextMenu();
  useEffect(() => {
    forumApi.courses().then(setCourses, (error: unknown) => {
      showFailure(error);
      setCourses([]);
    });
  }, []);
  if (!courses) return <Spinner label="Loading courses…" showLabel />;
  const asked = courses.filter((course) => course.questions > 0);
  return (
    <section>
      <SectionTabs />
      <h1 className="mb-4 text-lg font-semibold text-slate-900">Question and Answer</h1>
      {courses.length === 0 && <Notice>You are not in a batch with a course yet.</Notice>}
      {courses.length > 0 && asked.length === 0 && (
        <Notice action={<ButtonLink to={`/qa-forum-list/${courses[0]!._id}`}>Ask the first question</ButtonLink>}>No questions have been asked in your courses yet.</Notice>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {asked.map((course) => (
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
