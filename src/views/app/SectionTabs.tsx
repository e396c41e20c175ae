// My Courses / My Exams: the top-level tabs at the head of every content page (spec: horizontal above
// 575 px, stacked below).
import { useLocation } from 'react-router-dom';
import { NavTabs } from '../ui/NavTabs';

export function SectionTabs() {
  const { pathname } = useLocation();
  return (
    <NavTabs
      label="Main sections"
      stacked
      tabs={[
        { to: '/courses', label: 'My Courses', alsoCurrent: pathname === '/' },
        { to: '/exams', label: 'My Exams' },
      ]}
    />
  );
}
