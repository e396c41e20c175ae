// Staff-written HTML (an exam's instruction), shown only after the one rich-text rule has cleaned it
// (src/domain/richText.ts). Every HTML field the app renders goes through this component.
import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { richTextCleaner } from '../../domain/richText';

const clean = richTextCleaner(DOMPurify);

export function RichText({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => clean(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
