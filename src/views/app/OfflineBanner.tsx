// The one offline banner, in the top bar of every signed-in page. A screen with its own advice for
// the offline student (the exam: answers are kept on the device) renders OfflineAdvice; the banner
// gives that advice for as long as the screen is open.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Banner } from '../ui/Banner';
import { useIsOnline } from './RootActors';

export interface Advice {
  /** Follows 'You are offline.' in the banner. */
  message: string;
  /** More words behind a Details button. */
  details?: string;
}

const GENERAL_ADVICE: Advice = { message: 'Please check your internet connection.' };

const AdviceContext = createContext<Advice>(GENERAL_ADVICE);
const SetAdviceContext = createContext<(advice: Advice | null) => void>(() => {});

/** Wraps the signed-in frame so its screens can give their advice to the banner. */
export function OfflineAdviceProvider({ children }: { children: ReactNode }) {
  const [advice, setAdvice] = useState<Advice | null>(null);
  return (
    <SetAdviceContext.Provider value={setAdvice}>
      <AdviceContext.Provider value={advice ?? GENERAL_ADVICE}>{children}</AdviceContext.Provider>
    </SetAdviceContext.Provider>
  );
}

/** While mounted, the offline banner gives this advice instead of the general one. Renders nothing. */
export function OfflineAdvice({ message, details }: Advice) {
  const setAdvice = useContext(SetAdviceContext);
  useEffect(() => {
    setAdvice({ message, details });
    return () => setAdvice(null);
  }, [setAdvice, message, details]);
  return null;
}

export function OfflineBanner() {
  const online = useIsOnline();
  const advice = useContext(AdviceContext);
  if (online) return null;
  return (
    <Banner
      action={
        advice.details && (
          <Popover className="relative">
            <PopoverButton className="min-h-10 rounded px-2 font-semibold underline">Details</PopoverButton>
            <PopoverPanel anchor="bottom end" className="z-50 w-64 rounded-lg border border-slate-200 bg-white p-3 text-left text-sm font-normal text-slate-700 shadow-lg">
              {advice.details}
            </PopoverPanel>
          </Popover>
        )
      }
    >
      {`You are offline. ${advice.message}`}
    </Banner>
  );
}
