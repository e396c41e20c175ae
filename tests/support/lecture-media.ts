// Small generated videos for the lecture tests (ffmpeg's lavfi test sources), made once per test run
// in a temporary folder: a few seconds at 240p unless a test needs the ladder's rungs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lecture-media-'));
const made = new Map<string, string>();

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });

export interface ClipOptions {
  seconds?: number;
  height?: number;
  audio?: boolean;
  /** The index at the end of the file (ffmpeg's default); the front with faststart. */
  faststart?: boolean;
}

/** A test-pattern clip with a tone: `seconds` long, `height` pixels high (16:9). */
export function clip({ seconds = 2, height = 240, audio = true, faststart = false }: ClipOptions = {}): string {
  const name = `clip-${seconds}s-${height}p${audio ? '' : '-silent'}${faststart ? '-fast' : ''}.mp4`;
  const found = made.get(name);
  if (found) return found;
  const file = path.join(dir, name);
  const width = Math.round((height * 16) / 9 / 2) * 2;
  ffmpeg([
    '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=24:duration=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
    ...(faststart ? ['-movflags', '+faststart'] : []), file,
  ]);
  made.set(name, file);
  return file;
}

/** Files the packaging must refuse, each in its own words. */
export const badFiles = {
  text(): string {
    const file = path.join(dir, 'notes.mp4');
    fs.writeFileSync(file, 'These are my lecture notes, not a video.\n'.repeat(50));
    return file;
  },
  /** The first half of an MP4 whose index is at its end: the index never arrived. */
  truncated(): string {
    const whole = fs.readFileSync(clip({ seconds: 2 }));
    const file = path.join(dir, 'cut.mp4');
    fs.writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    return file;
  },
  /** A video stream with no frames in it. */
  empty(): string {
    const file = path.join(dir, 'empty.mp4');
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=24', '-frames:v', '0', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file]);
    return file;
  },
  audioOnly(): string {
    const file = path.join(dir, 'talk.mp4');
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:a', 'aac', file]);
    return file;
  },
};
