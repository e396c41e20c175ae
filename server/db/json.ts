// JSON columns are text in both dialects; these read them defensively.
export function readJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const writeJson = (value: unknown): string => JSON.stringify(value ?? null);
