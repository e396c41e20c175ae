// The head of an item's videos and notes pages, as on every content page: the shell's My Courses / My
// Exams tabs, breadcrumbs, the item's name and the Videos / Notes tab pair in the subject tabs' look.
import type { ItemDetail } from '../../contracts/content';
import type { ItemType } from '../../contracts/paths';
import { SectionTabs } from '../app/SectionTabs';
import { NavTabs } from '../ui/NavTabs';
import { Breadcrumbs } from './Breadcrumbs';
import { subjectTabPath } from './SubjectItemsScreen';

export function ItemTabs({ itemId, type, item }: { itemId: string; type: ItemType; item: ItemDetail | null }) {
  return (
    <>
      <SectionTabs />
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
        look="underline"
        tabs={[
          { to: `/videos/${itemId}/${type}`, label: 'Videos' },
          { to: `/notes/${itemId}/${type}`, label: 'Notes' },
        ]}
      />
    </>
  );
}
