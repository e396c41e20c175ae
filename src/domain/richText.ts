// Rich text (HTML written by staff, such as an exam's instruction) is cleaned by one rule, the same
// in the app before it is shown and on the server when an academy is imported: DOMPurify with an
// allow-list of formatting tags. No scripts, no event handlers, no images, frames, forms or styles;
// links keep only their address (DOMPurify drops javascript: and other unsafe schemes).
import type { Config, DOMPurify } from 'dompurify';

const RICH_TEXT_TAGS = [
  'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'small', 'mark',
  'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a',
] as const;

const RICH_TEXT_ATTRIBUTES = ['href', 'title', 'colspan', 'rowspan'] as const;

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
};

/** The cleaning function over a DOMPurify instance (the browser's window in the app, jsdom's on the server). */
export function richTextCleaner(purify: DOMPurify): (html: string) => string {
  return (html) => purify.sanitize(html, CONFIG) as string;
}
