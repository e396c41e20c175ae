// The head of an item's videos and notes pages: breadcrumbs and the Videos / Notes tab pair.
import { NavLink } from 'react-router-dom';
import type { ItemDetail } from '../../contracts/content';
import type { ItemType } from '../../contracts/paths';
import { Breadcrumbs } from './Breadcrumbs';
import { subjectTabPath } from './SubjectItemsScreen';

export function ItemTabs({ itemId, type, item }: { itemId: string; type: ItemType; item: ItemDetail | null }) {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `flex-1 rounded-md px-4 py-2 text-center text-sm font-semibold sm:flex-none ${isActive ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'}`;
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { label: 'My Courses', to: '/courses' },
          { label: item?.courseName ?? 'Course', to: item ? `/subjects/${item.courseId}` : undefined },
          { label: item?.subjectName ?? 'Subject', to: item ? subjectTabPath(type, item.subjectId) : undefined },
          { label: item?.name ?? '…' },
        ]}
      />
      <h1 className="mb-3 text-xl font-semibold text-slate-900">{item?.name ?? ''}</h1>
      <nav aria-label="Item contents" className="mb-4 flex gap-2">
        <NavLink to={`/videos/${itemId}/${type}`} className={tab}>
          Videos
        </NavLink>
        <NavLink to={`/notes/${itemId}/${type}`} className={tab}>
          Notes
        </NavLink>
      </nav>
    </>
  );
}
