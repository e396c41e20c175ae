// Tabs that are links to other addresses (My Courses / My Exams, Chapters / Lectures / Question Solve,
// Videos / Notes): a navigation landmark whose current tab says so (aria-current).
import { NavLink } from 'react-router-dom';

export interface NavTab {
  to: string;
  label: string;
  /** Counts as current on other addresses too (My Courses on '/'). */
  alsoCurrent?: boolean;
}

const LOOKS = {
  /** Filled buttons; `stacked` lays them one under another below 576 px (the spec's tab menu). */
  pills: {
    list: 'mb-4 flex gap-2',
    tab: (current: boolean) =>
      `flex min-h-10 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold ${current ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 ring-1 ring-inset ring-slate-200 hover:bg-slate-50'}`,
  },
  /** Underlined words in a row that scrolls sideways on narrow screens. */
  underline: {
    list: 'mb-4 flex gap-1 overflow-x-auto border-b border-slate-200',
    tab: (current: boolean) =>
      `flex min-h-10 items-center whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${current ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`,
  },
};

export function NavTabs({ label, tabs, look = 'pills', stacked = false, stretch = false }: { label: string; tabs: NavTab[]; look?: keyof typeof LOOKS; stacked?: boolean; stretch?: boolean }) {
  const style = LOOKS[look];
  return (
    <nav aria-label={label} className={`${style.list} ${stacked ? 'flex-col min-[576px]:flex-row' : ''}`}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) => `${style.tab(isActive || !!tab.alsoCurrent)} ${stretch ? 'flex-1 sm:flex-none' : ''}`}
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
