// An inline message in place of content that is not there: an empty list, a batch still to join, a
// failed load. `error` notices are alerts and usually carry a retry action.
import type { ReactNode } from 'react';
import { noticeClasses, type NoticeTone } from './looks';

export function Notice({ tone = 'info', title, children, action, className = 'mx-auto my-8' }: { tone?: NoticeTone; title?: ReactNode; children?: ReactNode; action?: ReactNode; className?: string }) {
  const look = noticeClasses(tone);
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${look.frame} ${className}`}>
      {title && <p className={look.title}>{title}</p>}
      {children && <p className={title ? look.message : ''}>{children}</p>}
      {action && <div className={look.actions}>{action}</div>}
    </div>
  );
}
