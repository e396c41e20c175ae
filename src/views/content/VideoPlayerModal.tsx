// The full-width, black-backed player modal of a video card with the custom controls: play/pause,
// seek bar, skip 10 s (buttons, or a double click on the skip icons), speed, quality, fullscreen.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { formatMediaTime } from '../../domain/academyTime';
import { useBlocker } from 'react-router-dom';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PLAYBACK_RATES, SKIP_SECONDS, videoPlayerMachine } from '../../machines/videoPlayer.machine';
import { MESSAGES } from '../../domain/messages';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { Watermark } from './Watermark';

export type VideoPlayerActor = ActorRefFrom<typeof videoPlayerMachine>;

export function VideoPlayerModal({ actor, videoRef, studentSid }: { actor: VideoPlayerActor; videoRef: RefObject<HTMLVideoElement | null>; studentSid: string }) {
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const title = useSelector(actor, (s) => s.context.video.title);
  const close = () => actor.send({ type: 'player.close' });
  return (
    <Modal open={open} onClose={close} placement="theatre" title={title} closeLabel="Close video">
      {open && <BackButtonGuard onBack={close} />}
      <PlayerSurface actor={actor} videoRef={videoRef} studentSid={studentSid} />
    </Modal>
  );
}

/** While the player is open, the browser back button closes it instead of leaving the page. */
function BackButtonGuard({ onBack }: { onBack: () => void }) {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    window.alert(MESSAGES.browserBack);
    blocker.reset();
    onBack();
  }, [blocker, onBack]);
  return null;
}

function PlayerSurface({ actor, videoRef, studentSid }: { actor: VideoPlayerActor; videoRef: RefObject<HTMLVideoElement | null>; studentSid: string }) {
  const surface = useSelector(actor, (s) =>
    s.matches({ open: { playback: 'embedded' } }) ? 'embedded' : s.matches({ open: { playback: 'failed' } }) ? 'failed' : 'stream',
  );
  const video = useSelector(actor, (s) => s.context.video);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, (s) => s.context.error);
  const watermark = useSelector(actor, (s) => (s.matches({ open: { watermark: 'shown' } }) ? s.context.watermarkSpot : null));
  const username = useSelector(actor, (s) => s.context.viewer.username);
  const embedToken = useSelector(actor, (s) => s.context.access?.token ?? null);
  const containerRef = useRef<HTMLDivElement>(null);

  if (surface === 'embedded') {
    const src =
      video.videoKind === 'youtube'
        ? `https://www.youtube.com/embed/${encodeURIComponent(video.key)}?rel=0&modestbranding=1`
        : `${video.URL}${video.URL.includes('?') ? '&' : '?'}token=${encodeURIComponent(embedToken ?? '')}`;
    return (
      <div className="relative aspect-video w-full">
        <iframe
          src={src}
          title={video.title}
          className="absolute inset-0 h-full w-full"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  }

  return (
    <div ref={containerRef} className="relative bg-black" data-testid="player-surface">
      <div className="relative aspect-video w-full overflow-hidden">
        <video ref={videoRef} className="absolute inset-0 h-full w-full" playsInline controlsList="nodownload" disablePictureInPicture data-testid="video" />
        {watermark !== null && <Watermark spot={watermark} username={username} studentId={studentSid} />}
        {surface === 'stream' && <SkipIcons actor={actor} />}
        {loading && surface === 'stream' && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label="Loading video" className="" />
          </div>
        )}
        {surface === 'failed' && (
          <div className="absolute inset-0 z-20 flex items-center justify-center overflow-y-auto bg-black/80 p-3">
            <Notice tone="error" title="This video could not be played." className="m-0 w-full" action={<Button onClick={() => actor.send({ type: 'player.retry' })}>Try again</Button>}>
              {error}
            </Notice>
          </div>
        )}
      </div>
      {surface === 'stream' && <Controls actor={actor} containerRef={containerRef} />}
    </div>
  );
}

/** The overlay skip icons: a double click within 300 ms on either side seeks 10 s; they wait while the stream gets ready. */
function SkipIcons({ actor }: { actor: VideoPlayerActor }) {
  const canClick = useSelector(actor, (s) => s.can({ type: 'player.clickSkipIcon', direction: 'forward' }));
  const icon = (direction: 'back' | 'forward') => (
    <button
      type="button"
      tabIndex={-1}
      disabled={!canClick}
      aria-label={direction === 'back' ? `Double click to go back ${SKIP_SECONDS} seconds` : `Double click to go forward ${SKIP_SECONDS} seconds`}
      onClick={() => actor.send({ type: 'player.clickSkipIcon', direction })}
      className={`absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-black/30 p-3 text-white/80 hover:bg-black/50 disabled:cursor-not-allowed disabled:opacity-50 ${direction === 'back' ? 'left-3' : 'right-3'}`}
      data-testid={`skip-icon-${direction}`}
    >
      {direction === 'back' ? '« 10' : '10 »'}
    </button>
  );
  return (
    <>
      {icon('back')}
      {icon('forward')}
    </>
  );
}



function Controls({ actor, containerRef }: { actor: VideoPlayerActor; containerRef: RefObject<HTMLDivElement | null> }) {
  const canPlay = useSelector(actor, (s) => s.can({ type: 'player.play' }));
  const canPause = useSelector(actor, (s) => s.can({ type: 'player.pause' }));
  const canSeek = useSelector(actor, (s) => s.can({ type: 'player.seek', time: 0 }));
  const currentTime = useSelector(actor, (s) => s.context.currentTime);
  const duration = useSelector(actor, (s) => s.context.duration);
  const progress = useSelector(actor, (s) => s.context.progress);
  const rate = useSelector(actor, (s) => s.context.rate);
  const qualities = useSelector(actor, (s) => s.context.qualities);
  const selectedQuality = useSelector(actor, (s) => s.context.selectedQuality);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [containerRef]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void containerRef.current?.requestFullscreen?.();
  };
  const qualityLabel = selectedQuality === 'auto' ? 'Auto' : `${qualities.find((quality) => quality.id === selectedQuality)?.height ?? ''}p`;
  const button = 'min-h-10 min-w-10 rounded px-2 py-1 text-sm font-semibold hover:bg-white/10 disabled:cursor-not-allowed disabled:text-white/60';
  const menuItem = 'block w-full px-3 py-1.5 text-left text-sm data-[focus]:bg-white/10';

  return (
    <div className="flex flex-col gap-1 px-2 pb-2 pt-1" data-testid="player-controls">
      <input
        type="range"
        min={0}
        max={Number.isFinite(duration) && duration > 0 ? duration : 0}
        step={0.1}
        value={Math.min(currentTime, Number.isFinite(duration) ? duration : currentTime)}
        disabled={!canSeek}
        onChange={(event) => actor.send({ type: 'player.seek', time: Number(event.target.value) })}
        aria-label="Seek"
        aria-valuetext={`${formatMediaTime(currentTime)} of ${formatMediaTime(duration)}`}
        className="h-10 w-full cursor-pointer accent-brand-500"
      />
      <div className="flex flex-wrap items-center gap-1">
        {canPause ? (
          <button type="button" className={button} onClick={() => actor.send({ type: 'player.pause' })} aria-label="Pause">
            ❚❚
          </button>
        ) : (
          <button type="button" className={button} disabled={!canPlay} onClick={() => actor.send({ type: 'player.play' })} aria-label="Play">
            ▶
          </button>
        )}
        <button type="button" className={button} disabled={!canSeek} onClick={() => actor.send({ type: 'player.skip', direction: 'back' })} aria-label={`−${SKIP_SECONDS}s: back ${SKIP_SECONDS} seconds`}>
          −10s
        </button>
        <button type="button" className={button} disabled={!canSeek} onClick={() => actor.send({ type: 'player.skip', direction: 'forward' })} aria-label={`+${SKIP_SECONDS}s: forward ${SKIP_SECONDS} seconds`}>
          +10s
        </button>
        <span className="px-1 text-xs tabular-nums text-white/80" data-testid="player-time">
          {formatMediaTime(currentTime)} / {formatMediaTime(duration)}
        </span>
        <span className="px-1 text-xs text-white/60" data-testid="player-progress">
          {progress}%
        </span>
        <div className="ml-auto flex items-center gap-1">
          <Menu>
            <MenuButton className={button} aria-label={`${rate}x playback speed`}>
              {rate}x
            </MenuButton>
            <MenuItems anchor="top end" className="z-[60] min-w-24 rounded-md bg-slate-900 py-1 text-white shadow-lg focus:outline-none">
              {PLAYBACK_RATES.map((candidate) => (
                <MenuItem key={candidate}>
                  <button type="button" className={menuItem} onClick={() => actor.send({ type: 'player.setRate', rate: candidate })}>
                    {candidate}x
                    {candidate === rate && <span aria-hidden="true"> ✓</span>}
                  </button>
                </MenuItem>
              ))}
            </MenuItems>
          </Menu>
          <Menu>
            <MenuButton className={button} aria-label={`${qualityLabel} quality`}>
              {qualityLabel}
            </MenuButton>
            <MenuItems anchor="top end" className="z-[60] min-w-40 rounded-md bg-slate-900 py-1 text-white shadow-lg focus:outline-none">
              {qualities.length === 0 ? (
                <div className="px-3 py-1.5 text-sm text-white/70">{MESSAGES.noQualityLevels}</div>
              ) : (
                [
                  <MenuItem key="auto">
                    <button type="button" className={menuItem} onClick={() => actor.send({ type: 'player.selectQuality', id: 'auto' })}>
                      Auto
                      {selectedQuality === 'auto' && <span aria-hidden="true"> ✓</span>}
                    </button>
                  </MenuItem>,
                  ...qualities.map((quality) => (
                    <MenuItem key={quality.id}>
                      <button type="button" className={menuItem} onClick={() => actor.send({ type: 'player.selectQuality', id: quality.id })}>
                        {quality.height}p
                        {quality.id === selectedQuality && <span aria-hidden="true"> ✓</span>}
                      </button>
                    </MenuItem>
                  )),
                ]
              )}
            </MenuItems>
          </Menu>
          <button type="button" className={button} onClick={toggleFullscreen} aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}>
            <FullscreenIcon exit={fullscreen} />
          </button>
        </div>
      </div>
    </div>
  );
}

/** The fullscreen icon: four corners pointing out (enter) or in (exit). */
function FullscreenIcon({ exit }: { exit: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="mx-auto" data-testid={exit ? 'exit-fullscreen-icon' : 'fullscreen-icon'}>
      {exit ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /> : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />}
    </svg>
  );
}
