// Typed calls of the Content API: courses, subjects, items, their videos and notes, completion,
// stream tokens and DRM licences. Everything goes through the app's one HTTP client except the note
// download, which needs the raw bytes as a blob.
import { api } from './api';

export type ItemType = 'chapter' | 'lecture' | 'question-solve';
export const ITEM_TYPES: readonly ItemType[] = ['chapter', 'lecture', 'question-solve'];
export const isItemType = (value: string | undefined): value is ItemType => ITEM_TYPES.includes(value as ItemType);

export interface CourseSummary {
  _id: string;
  name: string;
  description: string;
  image: string | null;
  subjects: Array<{ _id: string; name: string; image: string | null }>;
}

export interface SubjectSummary {
  _id: string;
  name: string;
  image: string | null;
  courseId: string;
}

export interface SubjectDetail extends SubjectSummary {
  courseName: string;
}

export interface ItemSummary {
  _id: string;
  name: string;
  description: string;
  subjectId: string;
}

export interface ItemDetail extends ItemSummary {
  subjectName: string;
  courseId: string;
  courseName: string;
  type: ItemType;
}

export type VideoKind = 'hls' | 'dash-drm' | 'iframe' | 'youtube';

export interface Video {
  _id: string;
  title: string;
  URL: string;
  key: string;
  thumbnail: string | null;
  type: 'video';
  isPublished: boolean;
  isVOD: boolean;
  isAvailable: boolean;
  isDrmEnabled: string;
  drmType: string | null;
  videoKind: VideoKind;
  subjects: string[];
}

export interface NoteFile {
  _id: string;
  title: string;
  key: string;
  type: 'file';
  createdAt: string;
}

export interface ItemContent {
  item: ItemDetail;
  contents: unknown[];
  videoContents: Video[];
  fileContents: NoteFile[];
}

export interface SubjectCompletion {
  subjectId: string;
  videos: string[];
  files: string[];
}

export interface StreamToken {
  token: string;
  expiresAt: string;
}

export interface DrmAuth {
  widevineToken: string | null;
  fairplayToken: string | null;
  playReadyToken: string | null;
  clearKeyToken: string | null;
  licenseServers: {
    clearKey?: string;
    widevine?: string;
    playReady?: string;
    fairPlay?: string;
    fairPlayCertificate?: string;
  };
}

export interface CompletionTarget {
  contentId: string;
  courseId: string;
  subjectId: string;
  type: 'video' | 'file';
}

/** Only protected videos ('1') carry a watermark and need a licence. */
export const isProtectedVideo = (video: Pick<Video, 'isDrmEnabled'>): boolean => video.isDrmEnabled === '1';

const itemPath = (type: ItemType) => `/${type}`;

export const contentApi = {
  coursesOfStudent: (studentId: string) => api.get<CourseSummary[]>(`/student/courseByStudent/${studentId}`),
  subjectsOfCourse: (courseId: string) => api.get<SubjectSummary[]>(`/subject/by-course-id/${courseId}`, { query: { forExam: false } }),
  subject: (subjectId: string) => api.get<SubjectDetail>(`/subject/${subjectId}`),
  itemsOfSubject: (type: ItemType, subjectId: string) => api.get<ItemSummary[]>(`${itemPath(type)}/by-subject-id/${subjectId}`),
  itemContent: (type: ItemType, itemId: string) => api.get<ItemContent>(`${itemPath(type)}/${itemId}`),
  subjectCompletion: (courseId: string) => api.get<SubjectCompletion[]>(`/course/${courseId}/subject-completion`),
  markComplete: ({ contentId, courseId, subjectId, type }: CompletionTarget) =>
    api.patch<{ completed: true; recordedNow: boolean }>(`/content/mark-as-complete/${contentId}`, { courseId, subjectId, type }),
  streamToken: (key: string) => api.post<StreamToken>('/lecture/getToken', { key }),
  drmAuth: (userId: string, contentId: string, platform: string) => api.post<DrmAuth>('/content/drm-auth', { userId, contentId, platform }),
};

/** The note's bytes with the student's session, so the browser can save it under the note's title. */
export const downloadNoteFile = (contentId: string, signal?: AbortSignal): Promise<Blob> =>
  api.blob(`/content/file/${contentId}`, { signal });
