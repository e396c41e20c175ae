// The moving watermark of protected videos: the student's username and id over the picture, at the
// spot the player machine chooses (it moves every 2000 ms).
import { WATERMARK_SPOTS } from '../../machines/videoPlayer.machine';

export function Watermark({ spot, username, studentId }: { spot: number; username: string; studentId: string }) {
  const place = WATERMARK_SPOTS[spot % WATERMARK_SPOTS.length]!;
  return (
    <div
      data-testid="watermark"
      data-spot={spot}
      aria-hidden="true"
      className="pointer-events-none absolute z-10 select-none whitespace-nowrap text-xs font-semibold text-white/60 drop-shadow transition-all duration-500 sm:text-sm"
      style={{ top: `${place.top}%`, left: `${place.left}%` }}
    >
      {username}
      <br />
      {studentId}
    </div>
  );
}
