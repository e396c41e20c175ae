// When something happened, as every list writes it: '2 h ago' within the last day, otherwise the moment
// ('22 Nov 2026 | 04:05 pm'), on the academy's clock; the moment itself is the machine-readable datetime.
import { formatAcademyTime, formatSince } from '../../domain/academyTime';

export function TimeSince({ at, className }: { at: string; className?: string }) {
  return (
    <time dateTime={at} title={formatAcademyTime(at)} className={className}>
      {formatSince(at)}
    </time>
  );
}
