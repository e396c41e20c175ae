// The three tabs of a subject (/chapters, /lectures, /question-solve): item cards with Videos and
// Notes links, under breadcrumbs My Courses > course > subject.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { contentApi } from '../../services/content';
import type { ItemSummary, SubjectDetail } from '../../contracts/content';
import type { ItemType } from '../../contracts/paths';
import { SectionTabs } from '../app/SectionTabs';
import { ButtonLink } from '../ui/ButtonLink';
import { NavTabs } from '../ui/NavTabs';
import { Breadcrumbs } from './Breadcrumbs';
import { ContentListStatus, useContentList } from './ContentListStatus';

const TABS: ReadonlyArray<{ type: ItemType; label: string }> = [
  { type: 'chapter', label: 'Chapters' },
  { type: 'lecture', label: 'Lectures' },
  { type: 'question-solve', label: 'Question Solve' },
];

/** Route of a subject tab: the item type names the path (chapter -> /chapters). */
export const subjectTabPath = (type: ItemType, subjectId: string) => `/${type === 'question-solve' ? 'question-solve' : `${type}s`}/${subjectId}`;

export function SubjectItemsScreen({ type }: { type: ItemType }) {
  const { subjectId = '' } = useParams();
  return <SubjectItems key={`${type}/${subjectId}`} type={type} subjectId={subjectId} />;
}

function SubjectItems({ type, subjectId }: { type: ItemType; subjectId: string }) {
  const { actor, items, heading } = useContentList<ItemSummary, SubjectDetail>(async () => {
    const [subject, list] = await Promise.all([contentApi.subject(subjectId), contentApi.itemsOfSubject(type, subjectId)]);
    return { items: list, heading: subject };
  });
  return (
    <section>
      <SectionTabs />
      <Breadcrumbs
        crumbs={[
          { label: 'My Courses', to: '/courses' },
          { label: heading?.courseName ?? 'Course', to: heading ? `/subjects/${heading.courseId}` : undefined },
          { label: heading?.name || 'Subject' },
        ]}
      />
      <h1 className="mb-3 text-xl font-semibold text-slate-900">{heading?.name || 'Subject'}</h1>
      <NavTabs label="Subject sections" look="underline" tabs={TABS.map((tab) => ({ to: subjectTabPath(tab.type, subjectId), label: tab.label }))} />
      <ContentListStatus actor={actor} />
      {items.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={TABS.find((tab) => tab.type === type)!.label}>
          {items.map((item) => (
            <li key={item._id}>
              <ItemCard item={item} type={type} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ItemCard({ item, type }: { item: ItemSummary; type: ItemType }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="font-semibold text-slate-900">
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          title={expanded ? 'Show less' : 'Show the whole name'}
          className={`min-h-10 text-left ${expanded ? '' : 'line-clamp-2'}`}
        >
          {item.name}
        </button>
      </h2>
      {item.description && <p className="mt-1 flex-1 text-sm text-slate-600">{item.description}</p>}
      <div className="mt-4 flex gap-2">
        <ButtonLink to={`/videos/${item._id}/${type}`} className="flex-1" aria-label={`Videos of ${item.name}`}>
          Videos
        </ButtonLink>
        <ButtonLink to={`/notes/${item._id}/${type}`} variant="secondary" className="flex-1" aria-label={`Notes of ${item.name}`}>
          Notes
        </ButtonLink>
      </div>
    </article>
  );
}
