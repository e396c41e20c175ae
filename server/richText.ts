// The server's side of the rich-text rule (src/domain/richText.ts): DOMPurify over a jsdom window,
// loaded on first use, so only an import that carries HTML pays for jsdom.
import type { WindowLike } from 'dompurify';
import { rememberBounded } from './bounded-memory.js';

let cleaner: Promise<(html: string) => string> | null = null;

/** Cleans staff-written HTML with the same allow-list the app applies before showing it. */
export async function cleanRichText(html: string): Promise<string> {
  cleaner ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }, { richTextCleaner }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
      import('../src/domain/richText.js'),
    ]);
    return richTextCleaner(createDOMPurify(new JSDOM('').window as unknown as WindowLike));
  })();
  return (await cleaner)(html);
}

/** At most this many stored texts keep their cleaned form in memory; the oldest goes first. */
const MAX_CLEANED = 500;
const cleaned = new Map<string, Promise<string>>();

/**
 * Stored rich text on its way out of the API (an exam's instruction): cleaned with the same rule as
 * at import, so HTML written into the database by another way (an old import, a hand edit) never
 * reaches a student as stored. Each distinct text is cleaned once and then served from memory.
 */
export function cleanStoredRichText(html: string | null): Promise<string | null> {
  if (html === null) return Promise.resolve(null);
  let clean = cleaned.get(html);
  if (!clean) {
    clean = cleanRichText(html);
    rememberBounded(cleaned, html, clean, MAX_CLEANED);
    clean.catch(() => cleaned.delete(html));
  }
  return clean;
}
