// The import report as the desk's contract answers it: the kinds with changes or rows, each with its
// first changes (the counts cover them all).
import { IMPORT_CHANGES_SHOWN, type ImportResult } from '../../src/contracts/import.js';
import type { ImportReport } from './index.js';

export function resultOf(report: ImportReport, applied: boolean): ImportResult {
  return {
    applied: applied && report.changed,
    changed: report.changed,
    kinds: Object.entries(report.kinds)
      .filter(([, k]) => k.added + k.updated + k.unchanged + k.removed > 0)
      .map(([kind, k]) => ({ kind, added: k.added, updated: k.updated, unchanged: k.unchanged, removed: k.removed, changes: k.changes.slice(0, IMPORT_CHANGES_SHOWN) })),
    problems: [],
    summary: report.summary,
    large: report.large.map((l) => ({ ...l, percent: Math.round((l.changed / l.existing) * 1000) / 10 })),
    importId: applied && report.changed ? report.importId : null,
  };
}
