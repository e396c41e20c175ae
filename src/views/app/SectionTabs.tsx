// My Courses / My Exams / Q&A: the top-level tabs at the head of every content page (spec: horizontal above
// 575 px, stacked below). Q&A leads to the forum (/my-qa), which no other menu offered.
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
        { to: '/my-qa', label: 'Q&A', alsoCurrent: /^\/(qa-forum-list|question-details)\//.test(pathname) },
      ]}
    />
  );
}
