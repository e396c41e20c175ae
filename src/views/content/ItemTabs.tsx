// The head of an item's videos and notes pages: breadcrumbs and the Videos / Notes tab pair.
import type { ItemDetail } from '../../contracts/content';
import type { ItemType } from '../../contracts/paths';
import { NavTabs } from '../ui/NavTabs';
import { Breadcrumbs } from './Breadcrumbs';
import { subjectTabPath } from './SubjectItemsScreen';

export function ItemTabs({ itemId, type, item }: { itemId: string; type: ItemType; item: ItemDetail | null }) {
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
      <NavTabs
        label="Item contents"
        stretch
        tabs={[
          { to: `/videos/${itemId}/${type}`, label: 'Videos' },
          { to: `/notes/${itemId}/${type}`, label: 'Notes' },
        ]}
      />
    </>
  );
}
