// A small academy with three batches, used by the content and media suites to prove batch isolation:
// batches A1 and A2 share course A but reach different chapters; batch B has course B.
// Its media keys point at the demo media shipped with the server.

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(24 - prefix.length, '0')}`;

export const ids = {
  courseA: id('c1', 1),
  courseB: id('c1', 2),
  subjectA: id('51', 1),
  subjectA2: id('51', 2),
  subjectB: id('51', 3),
  chapterA1: id('ca1', 1),
  lectureA1: id('1e1', 1),
  chapterA2: id('ca1', 2),
  chapterB: id('ca1', 3),
  videoA1: id('7d1', 1),
  drmA1: id('7d1', 2),
  unpublishedA1: id('7d1', 3),
  vodHiddenA1: id('7d1', 4),
  vodShownA1: id('7d1', 5),
  embedA1: id('7d1', 6),
  noteA1: id('7f1', 1),
  videoA2: id('7d1', 7),
  noteA2: id('7f1', 2),
  videoB: id('7d1', 8),
  drmB: id('7d1', 9),
  noteB: id('7f1', 3),
  groupA1: id('91', 1),
  groupA2: id('91', 2),
  groupB: id('91', 3),
  studentA1: id('a1', 1),
  studentA2: id('a1', 2),
  studentB: id('a1', 3),
  studentNone: id('a1', 4),
  staff: id('5f1', 1),
};

export const keys = {
  videoA1: 'clear-hls/batch-a1-video',
  drmA1: 'clearkey-dash/batch-a1-protected',
  unpublishedA1: 'clear-hls/batch-a1-draft',
  vodHiddenA1: 'clear-hls/batch-a1-processing',
  vodShownA1: 'clear-hls/batch-a1-recording',
  embedA1: 'clear-hls/batch-a1-hosted',
  videoA2: 'clear-hls/batch-a2-video',
  videoB: 'clear-hls/batch-b-video',
  drmB: 'clearkey-dash/batch-b-protected',
};

/** The demo ClearKey pair, also in server/db/seed/demo/20-courses.json and scripts/make-demo-media.sh. */
export const clearKey = { keyId: '8f3b2a61c4d94e7fa0b15c6d2e7f8091', key: '5d1c9e4b7a3f2d8061e4c7b9a2f5d3e8' };

const hls = (contentId: string, title: string, key: string, extra: Record<string, unknown> = {}) => ({
  id: contentId, type: 'video', title, videoKind: 'hls', key, url: `/media/streams/${contentId}/master.m3u8`, ...extra,
});
const dash = (contentId: string, title: string, key: string) => ({
  id: contentId, type: 'video', title, videoKind: 'dash-drm', key, url: `/media/streams/${contentId}/manifest.mpd`,
  isDrmEnabled: '1', drmType: 'ClearKey', drmKeys: [clearKey],
});
const note = (contentId: string, title: string) => ({ id: contentId, type: 'file', title, key: 'notes/enzymes-notes.pdf', createdAt: 'now-3d' });

export const batchesBundle = {
  staff: [{ id: ids.staff, name: 'Teacher', username: 'teacher-one', role: 'teacher', password: 'teacher-pass-1' }],
  courses: [
    {
      id: ids.courseA,
      name: 'Course A',
      description: 'Course of batches A1 and A2',
      image: '/media/images/course-mbbs.jpg',
      subjects: [
        {
          id: ids.subjectA,
          name: 'Subject A',
          image: '/media/images/subject-anatomy.jpg',
          chapters: [
            {
              id: ids.chapterA1,
              name: 'Chapter A1',
              description: 'Reached by batch A1',
              contents: [
                hls(ids.videoA1, 'Video A1', keys.videoA1),
                dash(ids.drmA1, 'Protected A1', keys.drmA1),
                hls(ids.unpublishedA1, 'Draft A1', keys.unpublishedA1, { isPublished: false }),
                hls(ids.vodHiddenA1, 'Processing A1', keys.vodHiddenA1, { isVOD: true, isAvailable: false }),
                hls(ids.vodShownA1, 'Recording A1', keys.vodShownA1, { isVOD: true, isAvailable: true }),
                { id: ids.embedA1, type: 'video', title: 'Hosted A1', videoKind: 'iframe', key: keys.embedA1, url: `/media/embed/${ids.embedA1}` },
                note(ids.noteA1, 'Note A1'),
              ],
            },
            { id: ids.chapterA2, name: 'Chapter A2', description: 'Reached by batch A2', contents: [hls(ids.videoA2, 'Video A2', keys.videoA2), note(ids.noteA2, 'Note A2')] },
          ],
          lectures: [{ id: ids.lectureA1, name: 'Lecture A1', description: 'Reached by batch A1' }],
        },
        { id: ids.subjectA2, name: 'Subject A two' },
      ],
    },
    {
      id: ids.courseB,
      name: 'Course B',
      description: 'Course of batch B',
      subjects: [
        {
          id: ids.subjectB,
          name: 'Subject B',
          chapters: [
            { id: ids.chapterB, name: 'Chapter B', contents: [hls(ids.videoB, 'Video B', keys.videoB), dash(ids.drmB, 'Protected B', keys.drmB), note(ids.noteB, 'Note B')] },
          ],
        },
      ],
    },
  ],
  groups: [
    { id: ids.groupA1, name: 'Batch A1', courseId: ids.courseA, items: [ids.chapterA1, ids.lectureA1] },
    { id: ids.groupA2, name: 'Batch A2', courseId: ids.courseA, items: [ids.chapterA2] },
    { id: ids.groupB, name: 'Batch B', courseId: ids.courseB, items: 'all' },
  ],
  students: [
    { id: ids.studentA1, name: 'Student A1', sid: 'A1', phone: '01810000001', groups: [ids.groupA1] },
    { id: ids.studentA2, name: 'Student A2', sid: 'A2', phone: '01810000002', groups: [ids.groupA2] },
    { id: ids.studentB, name: 'Student B', sid: 'B', phone: '01810000003', groups: [ids.groupB] },
    { id: ids.studentNone, name: 'Student None', sid: 'N', phone: '01810000004' },
  ],
};
