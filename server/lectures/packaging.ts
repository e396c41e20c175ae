// A lecture's video turned into a protected stream, the recipe of scripts/make-demo-media.sh as a
// product step: ffprobe judges the file (a refusal in plain words within seconds), one ffmpeg run at the
// lowest CPU priority decodes it once into an H.264 ladder of the source's height and below plus one AAC
// track, and shaka-packager encrypts them with the video's own ClearKey (CENC) into DASH and HLS over the
// same segments. Everything is written into a work folder; the caller moves the stream into place whole.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file the packaging will not take, said in words the teacher can act on. */
export class MediaRefusal extends Error {}

export const MEDIA_REFUSALS = {
  notVideo: 'This file is not a video: it could not be read as MP4, MOV, MKV or WebM.',
  damaged: 'The video file is cut short or damaged (its index is missing). Upload the whole file again.',
  audioOnly: 'This file holds only sound, no picture. Upload the video of the lecture.',
  empty: 'This video is 0 seconds long: there is nothing to play.',
  tooLong: (seconds: number, maxSeconds: number) =>
    `This video is ${hoursAndMinutes(seconds)} long; a lecture may be at most ${hoursAndMinutes(maxSeconds)}. Split it into parts.`,
  diskFull: 'The storage is full: the video could not be packaged. Free some space, then retry.',
  stopped: (tool: string, how: string, percent: number) => `The packaging stopped: ${tool} was ${how} at ${percent}%. Retry to package it again.`,
  failed: (tool: string, detail: string) => `The packaging failed: ${tool} said "${detail}". Retry, or upload the file again.`,
} as const;

export function hoursAndMinutes(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes <= 1 && seconds < 90 ? `${Math.max(1, Math.round(seconds))} seconds` : `${minutes} minutes`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`.replace(/^1 h$/, '1 hour').replace(/^(\d+) h$/, '$1 hours');
}

export interface Probe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface Rung {
  height: number;
  /** Peak video bitrate (kbit/s); the quality is constant (CRF) under it. */
  maxKbps: number;
}

/** The ladder's rungs; a source gets those of its height and below (one rung at its own height when it is smaller). */
export const LADDER: readonly Rung[] = [
  { height: 360, maxKbps: 800 },
  { height: 540, maxKbps: 1400 },
  { height: 720, maxKbps: 2500 },
  { height: 1080, maxKbps: 4500 },
];
const AUDIO_KBPS = 96;
const SEGMENT_SECONDS = 4;

export function ladderFor(sourceHeight: number): Rung[] {
  const rungs = LADDER.filter((rung) => rung.height <= sourceHeight);
  if (rungs.length > 0) return rungs;
  const height = Math.max(2, sourceHeight - (sourceHeight % 2));
  return [{ height, maxKbps: Math.max(200, Math.round((LADDER[0]!.maxKbps * height) / LADDER[0]!.height)) }];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const platformBinary: Record<string, string> = { 'linux-x64': 'packager-linux-x64', 'linux-arm64': 'packager-linux-arm64', 'darwin-x64': 'packager-osx-x64', 'darwin-arm64': 'packager-osx-arm64', 'win32-x64': 'packager-win-x64.exe' };

/** The tools the packaging runs; the npm shaka-packager ships one binary per platform. */
export const mediaTools = {
  ffprobe: 'ffprobe',
  ffmpeg: 'ffmpeg',
  packager: path.resolve(here, '../../node_modules/shaka-packager/bin', platformBinary[`${process.platform}-${process.arch}`] ?? 'packager-linux-x64'),
};

/** nice(1), where the machine has it: every thread the tool starts inherits its priority. */
const NICE = ['/usr/bin/nice', '/bin/nice'].find((file) => fs.existsSync(file)) ?? null;

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Runs a tool at the lowest CPU priority (nice 19), killed when `signal` aborts. */
function run(command: string, args: string[], options: { signal?: AbortSignal; onLine?: (line: string) => void; lowPriority?: boolean } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    // nice execs the tool, so the child's pid is the tool's own and a kill reaches it.
    const low = options.lowPriority !== false && NICE !== null;
    const child = low ? spawn(NICE!, ['-n', '19', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!options.onLine) {
        stdout += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    // Only the end of a tool's complaints is kept: it says why it stopped.
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', abort);
      reject(error);
    });
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', abort);
      resolve({ stdout, stderr, code, signal });
    });
  });
}

const lastLine = (text: string) => text.trim().split('\n').filter(Boolean).pop()?.trim().slice(0, 300) ?? '';
const diskFull = (text: string) => /No space left on device|ENOSPC/i.test(text);

/** What ffprobe finds in the file, or a refusal in words. */
export async function probeVideo(file: string, maxSeconds: number): Promise<Probe> {
  const result = await run(mediaTools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { lowPriority: false });
  if (result.code !== 0) {
    if (/moov atom not found|Invalid NAL|truncat|partial file/i.test(result.stderr)) throw new MediaRefusal(MEDIA_REFUSALS.damaged);
    throw new MediaRefusal(MEDIA_REFUSALS.notVideo);
  }
  let parsed: { format?: { duration?: string; format_name?: string }; streams?: { codec_type?: string; width?: number; height?: number; duration?: string; nb_frames?: string; disposition?: { attached_pic?: number } }[] };
  try {
    parsed = JSON.parse(result.stdout);
  } catch {
    throw new MediaRefusal(MEDIA_REFUSALS.notVideo);
  }
  const streams = parsed.streams ?? [];
  // A cover picture in a sound file is a video stream of one frame: it is not a picture to watch.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0);
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  if (!video) {
    if (hasAudio) throw new MediaRefusal(MEDIA_REFUSALS.audioOnly);
    // A container read whole that holds nothing (a recording stopped at once) is a 0-second video.
    if (parsed.format && Number(parsed.format.duration ?? 0) === 0) throw new MediaRefusal(MEDIA_REFUSALS.empty);
    throw new MediaRefusal(MEDIA_REFUSALS.notVideo);
  }
  const durationSeconds = Number(parsed.format?.duration ?? video.duration ?? 0);
  if (!Number.isFinite(durationSeconds) || durationSeconds < 0.5 || video.nb_frames === '0') throw new MediaRefusal(MEDIA_REFUSALS.empty);
  if (durationSeconds > maxSeconds) throw new MediaRefusal(MEDIA_REFUSALS.tooLong(durationSeconds, maxSeconds));
  return { durationSeconds, width: video.width ?? 0, height: video.height ?? 0, hasAudio };
}

export interface TranscodeProgress {
  /** Share of the source transcoded, 0 to 100. */
  percent: number;
  /** Seconds left at the pace so far; null until there is a pace. */
  secondsLeft: number | null;
}

function failureOf(tool: string, result: Run, percent: number): Error {
  if (result.signal) return new Error(MEDIA_REFUSALS.stopped(tool, `killed (${result.signal})`, percent));
  if (diskFull(result.stderr)) return new Error(MEDIA_REFUSALS.diskFull);
  return new Error(MEDIA_REFUSALS.failed(tool, lastLine(result.stderr) || `exit code ${result.code}`));
}

/**
 * One ffmpeg run: the source decoded once, split into every rung (constant quality under a peak
 * rate, a keyframe every segment) and one AAC track, each its own MP4 in `work`.
 */
export async function transcode(source: string, probe: Probe, work: string, options: { signal: AbortSignal; onProgress: (progress: TranscodeProgress) => void; now?: () => number }): Promise<{ rungs: Rung[]; files: string[] }> {
  const rungs = ladderFor(probe.height);
  const split = rungs.map((_, i) => `[s${i}]`).join('');
  const filter = `[0:v]split=${rungs.length}${split};${rungs.map((rung, i) => `[s${i}]scale=-2:${rung.height}:flags=bicubic,format=yuv420p[v${i}]`).join(';')}`;
  const files: string[] = [];
  const outputs: string[] = [];
  rungs.forEach((rung, i) => {
    const file = path.join(work, `v${rung.height}.mp4`);
    files.push(file);
    outputs.push(
      '-map', `[v${i}]`, '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-crf', '23',
      '-maxrate', `${rung.maxKbps}k`, '-bufsize', `${rung.maxKbps * 2}k`,
      '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0', '-an', file,
    );
  });
  if (probe.hasAudio) {
    const file = path.join(work, 'audio.mp4');
    files.push(file);
    outputs.push('-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', file);
  }
  const now = options.now ?? (() => Date.now());
  const started = now();
  let percent = 0;
  const result = await run(
    mediaTools.ffmpeg,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-progress', 'pipe:1', '-nostats', '-stats_period', '1', '-i', source, '-filter_complex', filter, ...outputs],
    {
      signal: options.signal,
      onLine: (line) => {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (!match) return;
        const done = Number(match[1]) / 1e6;
        percent = Math.min(99, Math.floor((done / probe.durationSeconds) * 100));
        const elapsed = (now() - started) / 1000;
        const pace = done > 0 ? elapsed / done : 0;
        options.onProgress({ percent, secondsLeft: pace > 0 ? Math.max(0, Math.round(pace * (probe.durationSeconds - done))) : null });
      },
    },
  );
  // ffmpeg may end with 0 after failing to write its files' ends on a full disk: its words decide then.
  if (result.code !== 0 || diskFull(result.stderr)) throw failureOf('ffmpeg', result, percent);
  return { rungs, files };
}

export interface ClearKeyPair {
  keyId: string;
  key: string;
}

export const newClearKey = (): ClearKeyPair => ({ keyId: randomBytes(16).toString('hex'), key: randomBytes(16).toString('hex') });

/** shaka-packager: the renditions encrypted with the key into `out` (DASH manifest.mpd and HLS master.m3u8, one set of segments). */
export async function packageStream(rungs: Rung[], work: string, hasAudio: boolean, out: string, key: ClearKeyPair, signal: AbortSignal): Promise<void> {
  const streams = rungs.map((rung) => {
    const name = `v${rung.height}`;
    return `in=${path.join(work, `${name}.mp4`)},stream=video,init_segment=${path.join(out, `${name}_init.mp4`)},segment_template=${path.join(out, `${name}_$Number$.m4s`)},playlist_name=${name}.m3u8`;
  });
  if (hasAudio) streams.push(`in=${path.join(work, 'audio.mp4')},stream=audio,init_segment=${path.join(out, 'audio_init.mp4')},segment_template=${path.join(out, 'audio_$Number$.m4s')},playlist_name=audio.m3u8,hls_group_id=audio,hls_name=Audio`);
  const result = await run(
    mediaTools.packager,
    [
      ...streams,
      '--segment_duration', String(SEGMENT_SECONDS), '--generate_static_live_mpd',
      '--enable_raw_key_encryption', '--keys', `label=:key_id=${key.keyId}:key=${key.key}`,
      '--protection_systems', 'CommonSystem', '--clear_lead', '0',
      '--mpd_output', path.join(out, 'manifest.mpd'), '--hls_master_playlist_output', path.join(out, 'master.m3u8'), '--hls_playlist_type', 'VOD',
    ],
    { signal },
  );
  if (result.code !== 0 || diskFull(result.stderr)) throw failureOf('shaka-packager', result, 100);
  // The packager writes playlists with the paths it was given: the stream is served by file name.
  for (const name of await fs.promises.readdir(out)) {
    if (!name.endsWith('.m3u8') && !name.endsWith('.mpd')) continue;
    const file = path.join(out, name);
    const text = await fs.promises.readFile(file, 'utf8');
    await fs.promises.writeFile(file, text.split(`${out}${path.sep}`).join(''));
  }
}

/** A poster: one frame a little into the video (past a black lead-in), 360 pixels high at most. */
export async function writePoster(source: string, probe: Probe, file: string, signal: AbortSignal): Promise<void> {
  const at = Math.min(5, probe.durationSeconds / 3);
  const height = Math.min(360, probe.height - (probe.height % 2));
  const result = await run(mediaTools.ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', at.toFixed(2), '-i', source, '-frames:v', '1', '-vf', `scale=-2:${height}`, '-q:v', '5', file], { signal });
  if (result.code !== 0 || diskFull(result.stderr)) throw failureOf('ffmpeg', result, 100);
}

/** The bytes of each rendition's segments in `out` (its init part and segments). */
export async function renditionBytes(out: string, rungs: Rung[], hasAudio: boolean): Promise<{ name: string; height: number | null; bytes: number }[]> {
  const names = await fs.promises.readdir(out);
  const sum = async (prefix: string) => {
    let bytes = 0;
    for (const name of names) if (name.startsWith(`${prefix}_`)) bytes += (await fs.promises.stat(path.join(out, name))).size;
    return bytes;
  };
  const rows: { name: string; height: number | null; bytes: number }[] = await Promise.all(rungs.map(async (rung) => ({ name: `${rung.height}p`, height: rung.height, bytes: await sum(`v${rung.height}`) })));
  if (hasAudio) rows.push({ name: 'audio', height: null, bytes: await sum('audio') });
  return rows;
}
