// One question or reply as the forum shows it: author label, time, the text (always as text, cut at
// 400 characters with 'See more' where asked) and its media, which open in the lightbox.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ForumComment, ForumMedia } from '../../contracts/forum';
import { QUESTION_PREVIEW_CHARS } from '../../domain/forum';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TimeSince } from '../ui/TimeSince';

/** Teacher for admin replies, otherwise the student's name, or Guest when it is gone. */
export const authorLabel = (userType: 'Admin' | 'Student', name: string | null): string => (userType === 'Admin' ? 'Teacher' : name || 'Guest');

/** How a reply's card names its author: a teacher by name with the "Teacher" badge; the marked answer set apart. */
export const replyAuthor = (reply: Pick<ForumComment, 'userType' | 'userId' | 'teacherName' | 'isAnswer'>): { author: string; badge?: string; marked: boolean } => ({
  author: reply.userType === 'Admin' ? reply.teacherName || 'Teacher' : authorLabel(reply.userType, reply.userId.name),
  ...(reply.userType === 'Admin' && reply.teacherName ? { badge: 'Teacher' } : {}),
  marked: reply.isAnswer,
});


/**
 * With `href` (a card in the list) the whole card opens the question: its text is a link stretched over
 * the card, and 'See more' sits above that link, so it expands the text in place instead of opening it.
 */
export function PostCard({ author, badge, marked = false, createdAt, text, media, cut = false, footer, href }: { author: string; badge?: string; marked?: boolean; createdAt: string; text: string; media: ForumMedia[]; cut?: boolean; footer?: ReactNode; href?: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = cut && text.length > QUESTION_PREVIEW_CHARS;
  const shown = long && !expanded ? `${text.slice(0, QUESTION_PREVIEW_CHARS)}…` : text;
  return (
    <article className={`rounded-xl border bg-white p-4 shadow-sm ${marked ? 'border-2 border-green-700' : 'border-slate-200'} ${href ? 'relative hover:shadow-md' : ''}`}>
      {marked && <p className="mb-2 text-sm font-semibold text-green-800">✓ The answer, marked by a teacher</p>}
      <header className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold text-slate-900">
          {author}
          {badge && <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-800">{badge}</span>}
        </span>
        <TimeSince at={createdAt} className="text-slate-500" />
      </header>
      <p className="whitespace-pre-wrap break-words text-slate-800">
        {href ? (
          <Link to={href} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand-600">
            {shown}
          </Link>
        ) : (
          shown
        )}
      </p>
      {long && (
        <Button variant="quiet" className="relative z-10" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'See less' : 'See more'}
        </Button>
      )}
      {media.length > 0 && <MediaStrip media={media} />}
      {footer && <footer className="mt-3 flex flex-wrap items-center gap-2">{footer}</footer>}
    </article>
  );
}

/** How an attachment is named: what it is and its place (Attachment 1, PDF 2, Audio 3). */
export const attachmentLabel = (item: ForumMedia, index: number): string =>
  `${item.mediaType.startsWith('image/') ? 'Attachment' : item.mediaType === 'application/pdf' ? 'PDF' : 'Audio'} ${index + 1}`;

export function MediaStrip({ media }: { media: ForumMedia[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const current = open === null ? null : media[open]!;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {media.map((item, index) => (
        <button key={item.mediaUrl} type="button" onClick={() => setOpen(index)} className="rounded-lg border border-slate-200 p-1 text-sm text-brand-800">
          {item.mediaType.startsWith('image/') ? <img src={item.mediaUrl} alt={attachmentLabel(item, index)} className="h-20 w-20 object-cover" /> : attachmentLabel(item, index)}
        </button>
      ))}
      <Modal open={current !== null} onClose={() => setOpen(null)} title={`Attachment ${(open ?? 0) + 1} of ${media.length}`} size="lg">
        {current && (
          <div className="space-y-3">
            {current.mediaType.startsWith('image/') && <img src={current.mediaUrl} alt={`Attachment ${(open ?? 0) + 1}`} className="mx-auto max-h-[70vh]" />}
            {current.mediaType.startsWith('audio/') && <audio controls src={current.mediaUrl} className="w-full" />}
            {current.mediaType === 'application/pdf' && <a href={current.mediaUrl} className="text-brand-800 underline" download>Download the PDF</a>}
            <div className="flex justify-between">
              <Button variant="secondary" aria-label="Previous attachment" disabled={open === 0} onClick={() => setOpen((open ?? 0) - 1)}>←</Button>
              <Button variant="secondary" aria-label="Next attachment" disabled={open === media.length - 1} onClick={() => setOpen((open ?? 0) + 1)}>→</Button>
            </div>
          </div>
        )}
      </Modal>
    </div>
  );
}
