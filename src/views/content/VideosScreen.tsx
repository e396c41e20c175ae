// Videos of an item (/videos/{itemId}/{type}): cards that open the player modal. Right-click is
// blocked on this page so the stream address and picture are not one menu away.
import { Navigate, useParams } from 'react-router-dom';
import { contentApi } from '../../services/content';
import type { ItemDetail, Video } from '../../contracts/content';
import { isItemType, type ItemType } from '../../contracts/paths';
import { useStudent } from '../app/RootActors';
import { ContentListStatus, useContentList } from './ContentListStatus';
import { ItemTabs } from './ItemTabs';
import { VideoCard } from './VideoCard';
import { useBlockedContextMenu } from '../ui/blockContextMenu';

interface VideosHeading {
  item: ItemDetail;
  completedVideoIds: string[];
}

/** Unpublished videos, and on-demand videos not marked available, are hidden. */
const isWatchable = (video: Video) => video.isPublished && (!video.isVOD || video.isAvailable);

export function VideosScreen() {
  const { chapterId = '', type } = useParams();
  if (!isItemType(type)) return <Navigate to="/" replace />;
  return <ItemVideos key={`${type}/${chapterId}`} itemId={chapterId} type={type} />;
}

function ItemVideos({ itemId, type }: { itemId: string; type: ItemType }) {
  const student = useStudent();
  const { actor, items, heading } = useContentList<Video, VideosHeading>(async () => {
    const content = await contentApi.itemContent(type, itemId);
    // Completion only decorates the cards; the videos still show when it cannot be read.
    const completion = await contentApi.subjectCompletion(content.item.courseId).catch(() => []);
    const completedVideoIds = completion.filter((entry) => entry.subjectId === content.item.subjectId).flatMap((entry) => entry.videos);
    return { items: content.videoContents.filter(isWatchable), heading: { item: content.item, completedVideoIds } };
  });

  useBlockedContextMenu();

  return (
    <section>
      <ItemTabs itemId={itemId} type={type} item={heading?.item ?? null} />
      <ContentListStatus actor={actor} emptyText="No Video Available" skeleton="cards" />
      {items.length > 0 && heading && student && (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-label="Videos">
          {items.map((video) => (
            <li key={video._id}>
              <VideoCard
                video={video}
                viewer={{ id: student._id, username: student.username }}
                studentSid={student.sid}
                courseId={heading.item.courseId}
                subjectId={heading.item.subjectId}
                alreadyCompleted={heading.completedVideoIds.includes(video._id)}
                chapterId={type === 'chapter' ? itemId : ''}
                item={{ id: itemId, type }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
