// The Today strip's calls and what the phone keeps for it: the last Today answer with the device time
// it arrived (so the strip shows offline, with when it was last updated), and the videos watched
// part-way on this phone (most recent first, a few at most). Both are the signed-in student's own,
// keyed by student, and cleared at sign-out with the rest of the student's data.
import { api } from './api';
import { readStoredObject, STORAGE_KEYS } from './storage';
import { examsPaths } from '../contracts/paths';
import type { Today, todayContract } from '../contracts/today';
import type { WatchedVideo } from '../domain/today';

/** The last Today answer and the device time it arrived (ms). */
export interface KeptToday {
  today: Today;
  receivedAt: number;
}

const WATCHED_KEPT = 5;

const writeObject = (storage: Storage | null, key: string, value: object) => {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // No room on the device: the strip shows what the server says while online.
  }
};

function createTodayStore(storage: () => Storage | null) {
  return {
    read: (studentId: string): KeptToday | null => readStoredObject<Record<string, KeptToday>>(storage(), STORAGE_KEYS.today)[studentId] ?? null,
    keep(studentId: string, kept: KeptToday) {
      writeObject(storage(), STORAGE_KEYS.today, { [studentId]: kept });
    },
    watched: (studentId: string): WatchedVideo[] => readStoredObject<Record<string, WatchedVideo[]>>(storage(), STORAGE_KEYS.watchedVideos)[studentId] ?? [],
    /** Keeps how far a video was watched: the newest first, replacing the video's earlier entry. */
    keepWatched(studentId: string, video: WatchedVideo) {
      const all = readStoredObject<Record<string, WatchedVideo[]>>(storage(), STORAGE_KEYS.watchedVideos);
      const others = (all[studentId] ?? []).filter((v) => v.videoId !== video.videoId);
      writeObject(storage(), STORAGE_KEYS.watchedVideos, { ...all, [studentId]: [video, ...others].slice(0, WATCHED_KEPT) });
    },
  };
}

export const todayStore = createTodayStore(() => (typeof localStorage === 'undefined' ? null : localStorage));

export const todayApi = {
  load: () => api.call<(typeof todayContract)['today']>('GET', examsPaths.today),
};
