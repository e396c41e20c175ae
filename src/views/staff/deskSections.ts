// The teacher desk's sections, in the order of its navigation (src/views/staff/DeskLayout.tsx): one
// entry per desk page. A page passes its id as DeskLayout's `section`; `adminsOnly` hides the entry
// from teachers and the layout refuses them the page.
export interface DeskSection {
  id: string;
  label: string;
  path: string;
  adminsOnly?: boolean;
}

export const DESK_SECTIONS = [
  { id: 'marking', label: 'Marking', path: '/staff' },
  { id: 'week', label: 'Week', path: '/staff/week' },
  { id: 'forum', label: 'Forum questions', path: '/staff/forum' },
  { id: 'batches', label: 'Batches', path: '/staff/batches' },
  { id: 'lectures', label: 'Lectures', path: '/staff/lectures' },
  { id: 'import', label: 'Import', path: '/staff/import', adminsOnly: true },
  { id: 'staff', label: 'Staff', path: '/staff/accounts', adminsOnly: true },
  { id: 'activity', label: 'Activity', path: '/staff/activity' },
  { id: 'account', label: 'My account', path: '/staff/account' },
] as const satisfies readonly DeskSection[];

export type DeskSectionId = (typeof DESK_SECTIONS)[number]['id'];
