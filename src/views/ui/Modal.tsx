// The one frame of every dialog (Headless UI Dialog: focus kept inside, Escape and the backdrop call
// onClose, focus given back on close): a title, a body and a row of actions. Three placements:
//   dialog  - centred card; size sm (logout), md (exam dialogs), lg (800 px, the exam instruction)
//   drawer  - slides in from the right, 80vw (notifications)
//   theatre - black, full width, right-click blocked (the video player)
// A dialog that must be answered passes an onClose that does nothing.
import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the foot, the main one last. */
  actions?: ReactNode;
  placement?: 'dialog' | 'drawer' | 'theatre';
  size?: 'sm' | 'md' | 'lg';
  /** Shows a × button in the head with this accessible name ('Close notifications'). */
  closeLabel?: string;
  /** The panel's id, for a control that says it opens this dialog. */
  panelId?: string;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-[800px]' };

export function Modal({ open, onClose, title, children, actions, placement = 'dialog', size = 'md', closeLabel, panelId }: ModalProps) {
  const dark = placement === 'theatre';
  const close = closeLabel && (
    <button
      type="button"
      onClick={onClose}
      aria-label={closeLabel}
      className={`-my-1 flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-2xl leading-none ${dark ? 'text-white/80 hover:bg-white/10 hover:text-white' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`}
    >
      ×
    </button>
  );
  const head = (
    <div className={`flex items-center justify-between gap-3 ${placement === 'dialog' ? '' : dark ? 'px-3 py-2' : 'border-b border-slate-200 p-4'}`}>
      <DialogTitle className={dark ? 'truncate text-sm font-semibold sm:text-base' : 'text-lg font-semibold text-slate-900'}>{title}</DialogTitle>
      {close}
    </div>
  );

  if (placement === 'drawer') {
    return (
      <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
        <DialogBackdrop transition className="fixed inset-0 bg-black/30 transition-opacity duration-200 data-[closed]:opacity-0" />
        <DialogPanel
          id={panelId}
          transition
          className="fixed inset-y-0 right-0 flex w-[80vw] flex-col bg-white shadow-xl transition-transform duration-200 ease-out data-[closed]:translate-x-full"
        >
          {head}
          <div className="flex-1 overflow-y-auto">{children}</div>
          {actions && <div className="flex justify-end gap-2 border-t border-slate-200 p-4">{actions}</div>}
        </DialogPanel>
      </Dialog>
    );
  }

  if (placement === 'theatre') {
    return (
      <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
        <DialogBackdrop className="fixed inset-0 bg-black/90" />
        <div className="fixed inset-0 flex items-center justify-center p-0 sm:p-4">
          <DialogPanel id={panelId} className="w-full max-w-6xl bg-black text-white" onContextMenu={(event) => event.preventDefault()}>
            {head}
            {children}
            {actions && <div className="flex justify-end gap-2 p-3">{actions}</div>}
          </DialogPanel>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-3">
        <DialogPanel id={panelId} className={`max-h-[calc(100dvh-1.5rem)] w-full overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6 ${SIZES[size]}`}>
          {head}
          {children && <div className="mt-3 text-sm text-slate-700">{children}</div>}
          {actions && <div className="mt-5 flex flex-wrap justify-end gap-2">{actions}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
