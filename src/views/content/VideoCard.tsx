// A video card: thumbnail, title and watched progress; it owns its player (closed until clicked).
import { useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { shownProgress, videoPlayerMachine, type Viewer } from '../../machines/videoPlayer.machine';
import type { Video } from '../../contracts/content';
import { isProtectedVideo } from '../../domain/video';
import { CoverImage } from './CoverImage';
import { videoPlayerImplementations } from './videoPlayer.implementations';
import { VideoPlayerModal } from './VideoPlayerModal';
import { useAskAbout } from '../forum/askAbout';
import { Button } from '../ui/Button';
import { todayStore } from '../../services/today';
import type { ItemType } from '../../contracts/paths';

export interface VideoCardProps {
  video: Video;
  viewer: Viewer;
  studentSid: string;
  courseId: string;
  subjectId: string;
  alreadyCompleted: boolean;
  /** The chapter the video belongs to, for "Ask about this" ('' for a lecture or a question-solve item). */
  chapterId: string;
  /** The item whose videos these are: the Today strip leads back to it to continue. */
  item: { id: string; type: ItemType };
}

export function VideoCard({ video, viewer, studentSid, courseId, subjectId, alreadyCompleted, chapterId, item }: VideoCardProps) {
  const askAbout = useAskAbout();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const implementations = videoPlayerImplementations(() => videoRef.current);
  const keepWatching = (_: unknown, { progress }: { progress: number }) =>
    todayStore.keepWatched(viewer.id, { videoId: video._id, title: video.title, itemId: item.id, itemType: item.type, progress, at: Date.now() });
  const actor = useActorRef(videoPlayerMachine.provide({ ...implementations, actions: { keepWatching } }), {
    // A video without an address cannot play; the player reports it when opened.
    input: { video: { ...video, URL: video.URL ?? '', key: video.key ?? '' }, viewer, courseId, subjectId, alreadyCompleted },
  });
  const progress = useSelector(actor, (s) => shownProgress(s.context));
  return (
    <div className="flex h-full flex-col">
      <button
        type="button"
        onClick={() => actor.send({ type: 'player.open' })}
        className="group relative flex w-full flex-1 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-sm transition hover:shadow-md"
      >
        {/* Named by what it shows, "Play" first: the title, then the progress and the Protected badge. */}
        <span className="sr-only">Play </span>
        <div className="relative w-full">
          <CoverImage src={video.thumbnail} className="aspect-video" />
          <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
            <span className="rounded-full bg-black/60 px-4 py-3 text-white group-hover:bg-brand-700">▶</span>
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-2 p-3">
          <h2 className="line-clamp-2 font-semibold text-slate-900">{video.title}</h2>
          <div className="mt-auto flex items-center gap-2">
            <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label="Watched">
              <div className="h-full bg-brand-600" style={{ width: `${progress}%` }} />
            </div>
            <span className="text-xs tabular-nums text-slate-600" data-testid="video-progress">
              {progress}%
            </span>
          </div>
        </div>
        {isProtectedVideo(video) && <span className="absolute left-2 top-2 rounded bg-black/70 px-2 py-0.5 text-xs font-semibold text-white">Protected</span>}
      </button>
      <Button variant="quiet" className="mt-1 self-start" aria-label={`Ask about this: ${video.title}`} onClick={() => askAbout({ courseId, subjectId, chapterId, details: '' })}>
        Ask about this
      </Button>
      <VideoPlayerModal actor={actor} videoRef={videoRef} studentSid={studentSid} />
    </div>
  );
}
