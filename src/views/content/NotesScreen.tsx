// Notes of an item (/notes/{itemId}/{type}): a table with a DOWNLOAD button per note; the file is
// fetched as a blob with the student's session and saved under the note's title.
import { Navigate, useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { notesDownloadMachine, type NoteRequest } from '../../machines/notesDownload.machine';
import { formatYear } from '../../domain/academyTime';
import { contentApi } from '../../services/content';
import type { ItemDetail, NoteFile } from '../../contracts/content';
import { isItemType, type ItemType } from '../../contracts/paths';
import { Button } from '../ui/Button';
import { saveBlob } from '../ui/saveBlob';
import { ContentListStatus, useContentList } from './ContentListStatus';
import { ItemTabs } from './ItemTabs';

export function NotesScreen() {
  const { chapterId = '', type } = useParams();
  if (!isItemType(type)) return <Navigate to="/" replace />;
  return <ItemNotes key={`${type}/${chapterId}`} itemId={chapterId} type={type} />;
}

/** The file name of a note: its title, with .pdf unless it names its own extension. */
const noteFileName = (title: string): string => (/\.[a-z0-9]{2,4}$/i.test(title) ? title : `${title}.pdf`);

function ItemNotes({ itemId, type }: { itemId: string; type: ItemType }) {
  const { actor, items, heading } = useContentList<NoteFile, ItemDetail>(async () => {
    const content = await contentApi.itemContent(type, itemId);
    return { items: content.fileContents, heading: content.item };
  });
  const downloads = useActorRef(
    notesDownloadMachine.provide({
      actors: {
        downloadNote: fromPromise<Blob, NoteRequest>(({ input }) => contentApi.noteFile(input.contentId)),
        recordCompletion: fromPromise<unknown, NoteRequest>(({ input }) =>
          contentApi.markComplete({ contentId: input.contentId, courseId: input.courseId, subjectId: input.subjectId, type: 'file' }),
        ),
      },
      actions: {
        saveFile: (_, { blob, note }) => saveBlob(blob, noteFileName(note.title)),
        logFailure: (_, { error }) => console.error('Note download failed', error),
      },
    }),
  );
  const downloadingId = useSelector(downloads, (s) => (s.hasTag('loading') ? s.context.current?.contentId : null));

  return (
    <section>
      <ItemTabs itemId={itemId} type={type} item={heading} />
      <ContentListStatus actor={actor} skeleton="table" />
      {items.length > 0 && heading && (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[320px] text-left text-sm">
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">Sl.</th>
                <th scope="col" className="px-3 py-2">Title</th>
                <th scope="col" className="px-3 py-2">Year</th>
                <th scope="col" className="px-3 py-2">Resource</th>
              </tr>
            </thead>
            <tbody>
              {items.map((note, index) => (
                <tr key={note._id} className="border-t border-slate-200">
                  <td className="px-3 py-2 tabular-nums">{index + 1}</td>
                  <td className="px-3 py-2">{note.title}</td>
                  <td className="px-3 py-2 tabular-nums">{formatYear(note.createdAt)}</td>
                  <td className="px-3 py-2">
                    <Button
                      busy={downloadingId === note._id}
                      onClick={() =>
                        downloads.send({
                          type: 'note.download',
                          note: { contentId: note._id, title: note.title, courseId: heading.courseId, subjectId: heading.subjectId },
                        })
                      }
                      aria-label={`Download ${note.title}`}
                      className="px-3 text-xs"
                    >
                      {downloadingId === note._id ? 'DOWNLOADING…' : 'DOWNLOAD'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
