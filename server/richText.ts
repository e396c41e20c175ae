// The server's side of the rich-text rule (src/domain/richText.ts): DOMPurify over a jsdom window,
// loaded on first use, so only an import that carries HTML pays for jsdom.
import type { WindowLike } from 'dompurify';

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
