// Tabs that switch what one screen shows (Live Exam / Practice Exam): arrow keys move between them.
// Tabs that lead to another address are NavTabs.
import { Tab, TabGroup, TabList } from '@headlessui/react';

export function Tabs<T extends string>({ label, tabs, selected, onChange }: { label: string; tabs: ReadonlyArray<{ id: T; label: string }>; selected: T; onChange: (id: T) => void }) {
  return (
    <TabGroup selectedIndex={Math.max(0, tabs.findIndex((tab) => tab.id === selected))} onChange={(index) => onChange(tabs[index]!.id)}>
      <TabList aria-label={label} className="mb-3 flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            className="-mb-px min-h-10 whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900 data-[selected]:border-brand-700 data-[selected]:text-brand-800"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
    </TabGroup>
  );
}
