// Bundle times: ISO-8601, or relative to the import moment ("now", "now+90m", "now-2d1h").
const UNIT_MS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };

export function resolveTime(value: string, now: Date): string {
  if (!value.startsWith('now')) {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw new Error(`"${value}" is not a time`);
    return date.toISOString();
  }
  const rest = value.slice(3);
  if (rest === '') return now.toISOString();
  const sign = rest[0] === '-' ? -1 : 1;
  let total = 0;
  for (const [, amount, unit] of rest.slice(1).matchAll(/(\d+)([dhms])/g)) total += Number(amount) * UNIT_MS[unit!]!;
  // Whole minutes keep demo schedules readable.
  const at = new Date(now.getTime() + sign * total);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
}
