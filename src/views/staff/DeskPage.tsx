// The frame of the desk's batch and student pages: the desk's header with its sections and the page
// in a main landmark; a signed-in student is told the desk is for staff. Each page names itself in
// the document title once its data is known.
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStudent } from '../app/RootActors';
import { staffDeskTitleOf } from '../app/pageTitles';
import { StudentOnDesk } from './StudentOnDesk';

const SECTIONS = [
  { to: '/staff', label: 'Grading' },
  { to: '/staff/forum', label: 'Forum questions' },
  { to: '/staff/batches', label: 'Batches' },
] as const;

/** Sets the document title to the screen's name on the desk while it is shown. */
export function useDeskTitle(screen: string | null) {
  useEffect(() => {
    if (screen) document.title = staffDeskTitleOf(screen);
  }, [screen]);
}

export function DeskPage({ current, children }: { current: (typeof SECTIONS)[number]['to']; children: ReactNode }) {
  const student = useStudent();
  if (student) {
    return <StudentOnDesk name={student.name} />;
  }
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex min-h-14 w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1 sm:px-6">
          <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
          <span className="font-semibold text-brand-800">Teacher desk</span>
          <nav aria-label="Teacher desk" className="ml-auto flex flex-wrap gap-1 text-sm">
            {SECTIONS.map((section) => (
              <Link
                key={section.to}
                to={section.to}
                aria-current={section.to === current ? 'page' : undefined}
                className={`rounded-lg px-3 py-2 font-semibold ${section.to === current ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {section.label}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl px-3 py-4 sm:px-6">{children}</main>
    </div>
  );
}
