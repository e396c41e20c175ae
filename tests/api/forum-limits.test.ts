// A forum that cannot be flooded: questions, replies, edits and likes/upvotes/bookmarks are limited
// per student and hour (429 with Retry-After and plain words, counted in the shared rate_events), and
// a burst of replies to one question reaches each student as one notification with the count.
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { forumPaths, notificationsPaths, pathTo, staffPaths } from '../../src/contracts/paths.js';

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(24 - prefix.length, '0')}`;
const COURSE = id('c4', 1);
const SUBJECT = id('54', 1);
const CHAPTER = id('ca4', 1);
const GROUP = id('94', 1);
const ANNA = id('a4', 1);
const BORIS = id('a4', 2);
const ELI = id('a4', 3);
const TEACHER = id('5f4', 1);
const Q_BORIS = id('f4', 1);
const Q_ANNA = id('f4', 2);
const C_ELI = id('f5', 1);

const bundle = {
  staff: [{ id: TEACHER, name: 'Dr. Rahman', username: 'rahman4', role: 'teacher', password: 'teacher-pass-4', courseIds: [COURSE] }],
  courses: [{ id: COURSE, name: 'MBBS Admission', subjects: [{ id: SUBJECT, name: 'Physiology', chapters: [{ id: CHAPTER, name: 'Heart' }] }] }],
  groups: [{ id: GROUP, name: 'A1', courseId: COURSE, items: 'all' }],
  students: [
    { id: ANNA, name: 'Anna', sid: 'L-1', phone: '01740000001', groups: [GROUP] },
    { id: BORIS, name: 'Boris', sid: 'L-2', phone: '01740000002', groups: [GROUP] },
    { id: ELI, name: 'Eli', sid: 'L-3', phone: '01740000003', groups: [GROUP] },
  ],
  forum: [
    { id: Q_BORIS, studentId: BORIS, courseId: COURSE, subjectId: SUBJECT, chapterId: CHAPTER, questionDescription: 'Why two circuits?', createdAt: 'now-3d' },
    {
      id: Q_ANNA, studentId: ANNA, courseId: COURSE, subjectId: SUBJECT, chapterId: CHAPTER, questionDescription: 'What opens the mitral valve?', createdAt: 'now-2d',
      comments: [{ id: C_ELI, userId: ELI, userType: 'Student', reply: 'Pressure in the atrium.', createdAt: 'now-1d' }],
    },
  ],
};

describe.each(databaseKinds())('forum limits (%s)', (kind) => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });
  const start = async (env: Record<string, string> = {}) => {
    server = await startTestServer({ kind, bundle, env });
    return Promise.all([server.sessionFor(ANNA), server.sessionFor(BORIS), server.sessionFor(ELI)]);
  };
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, session: string, payload?: unknown) =>
    server.call({ method, url: `/api${url}`, session, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ask = (session: string, studentId: string, text: string) =>
    call('POST', pathTo(forumPaths.addQuestion), session, { studentId, courseId: COURSE, subjectId: SUBJECT, chapterId: CHAPTER, questionDescription: text });
  const reply = (session: string, userId: string, questionId: string, text: string) => call('POST', pathTo(forumPaths.addComment), session, { questionId, userId, userType: 'Student', reply: text });
  const notifications = async (session: string) => (await call('GET', pathTo(notificationsPaths.list), session)).json().data as { notificationId: { _id: string; message: string; info: Record<string, unknown> }; isSeen: boolean }[];
  /** The refusal's status, Retry-After and words, checked to be a plain 429. */
  const expectRefused = (response: Awaited<ReturnType<typeof call>>, code: string, title: RegExp) => {
    expect(response.statusCode, response.body).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(response.json().errors).toMatchObject({ code, title: expect.stringMatching(title), message: expect.stringMatching(/an hour\. You can go on in \d+ (minutes?|seconds?)\.$/) });
  };

  it('accepts 20 of 80 questions sent at once by one student (the default), refuses the rest with 429, and lets others and the next hour ask', async () => {
    const [anna, boris] = await start();
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => ask(anna, ANNA, `Flood question ${i}`)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(60);
    for (const response of refused) expectRefused(response, 'tooManyQuestions', /^You are asking questions too quickly\. Please wait a while and try again\.$/);
    expect(refused[0]!.json().errors.message).toMatch(/^At most 20 questions an hour\./);
    const stored = await server.app.db.selectFrom('forum_questions').select((eb) => eb.fn.countAll<number>().as('n')).where('student_id', '=', ANNA).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(21);
    // The limit is the student's own: a classmate still asks.
    expect((await ask(boris, BORIS, 'Mine is a real question')).statusCode).toBe(200);
    server.clock.advance(60 * 60_000 + 1000);
    expect((await ask(anna, ANNA, 'An hour later')).statusCode).toBe(200);
  });

  it('limits replies, edits and likes, upvotes and bookmarks per student as set', async () => {
    const [anna, boris] = await start({ FORUM_REPLIES_PER_HOUR: '3', FORUM_EDITS_PER_HOUR: '2', FORUM_REACTIONS_PER_HOUR: '4' });
    for (let i = 0; i < 3; i++) expect((await reply(anna, ANNA, Q_BORIS, `Reply ${i}`)).statusCode).toBe(200);
    expectRefused(await reply(anna, ANNA, Q_BORIS, 'One too many'), 'tooManyReplies', /^You are replying too quickly\./);
    expect((await reply(boris, BORIS, Q_BORIS, 'The asker still replies')).statusCode).toBe(200);

    const mine = (await ask(anna, ANNA, 'To be edited')).json().data;
    for (let i = 0; i < 2; i++) expect((await call('PATCH', pathTo(forumPaths.updateQuestion), anna, { studentId: ANNA, questionId: mine._id, questionDescription: `Edited ${i}` })).statusCode).toBe(200);
    expectRefused(await call('PATCH', pathTo(forumPaths.updateQuestion), anna, { studentId: ANNA, questionId: mine._id, questionDescription: 'Edited again' }), 'tooManyEdits', /^You are editing too quickly\./);

    const reactions = [
      () => call('POST', pathTo(forumPaths.like), anna, { studentId: ANNA, questionId: Q_BORIS }),
      () => call('POST', pathTo(forumPaths.bookmark), anna, { studentId: ANNA, questionId: Q_BORIS }),
      () => call('POST', pathTo(forumPaths.upvote), anna, { studentId: ANNA, questionId: Q_ANNA, commentId: C_ELI }),
      () => call('POST', pathTo(forumPaths.like), anna, { studentId: ANNA, questionId: Q_BORIS }),
    ];
    for (const react of reactions) expect((await react()).statusCode).toBe(200);
    for (const react of reactions.slice(0, 3)) expectRefused(await react(), 'tooManyReactions', /^You are liking, upvoting and bookmarking too quickly\./);
    // A refused toggle changed nothing: the like taken back stays taken back.
    expect((await call('GET', pathTo(forumPaths.question, { id: Q_BORIS }), anna)).json().data).toMatchObject({ likes: 0, isLiked: false });
  });

  it('folds a burst of replies to one question into one notification for the asker and for each earlier replier', async () => {
    const [anna, boris, eli] = await start();
    const teacher = await server.sessionFor(TEACHER, 'staff');
    // 40 replies at once from one student to a classmate's question: one notification, with the count.
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => reply(anna, ANNA, Q_BORIS, `Spam ${i}`)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const borisSees = await notifications(boris);
    expect(borisSees).toHaveLength(1);
    expect(borisSees[0]).toMatchObject({ isSeen: false, notificationId: { message: '40 new replies to your question', info: { on: 'forum', id: Q_BORIS, replies: 40 } } });
    expect(await notifications(eli)).toEqual([]);

    // Anna's own question: Eli replied before. Boris replies twice, then a teacher answers.
    expect((await reply(boris, BORIS, Q_ANNA, 'First')).statusCode).toBe(200);
    expect((await notifications(anna))[0]!.notificationId.message).toBe('Your question has a new reply');
    expect((await reply(boris, BORIS, Q_ANNA, 'Second')).statusCode).toBe(200);
    expect((await call('POST', pathTo(staffPaths.forumReply, { questionId: Q_ANNA }), teacher, { reply: 'The atrial pressure, yes.' })).statusCode).toBe(200);
    const annaSees = await notifications(anna);
    expect(annaSees.map((n) => n.notificationId.message)).toEqual(["3 new replies to your question, a teacher's answer among them"]);
    const eliSees = await notifications(eli);
    expect(eliSees.map((n) => n.notificationId.message)).toEqual(["3 new replies to a question you replied to, a teacher's answer among them"]);

    // Once seen, the next reply is news again: a new notification.
    expect((await call('PATCH', pathTo(notificationsPaths.markSeen, { id: annaSees[0]!.notificationId._id }), anna)).statusCode).toBe(200);
    expect((await reply(eli, ELI, Q_ANNA, 'Third')).statusCode).toBe(200);
    expect((await notifications(anna)).map((n) => [n.notificationId.message, n.isSeen])).toEqual([
      ['Your question has a new reply', false],
      ["3 new replies to your question, a teacher's answer among them", true],
    ]);
    // After the quiet window, a reply is a new notification even when the last is unseen.
    server.clock.advance(11 * 60_000);
    expect((await reply(anna, ANNA, Q_BORIS, 'Back after a break')).statusCode).toBe(200);
    const aboutHisQuestion = (await notifications(boris)).filter((n) => n.notificationId.info.id === Q_BORIS);
    expect(aboutHisQuestion.map((n) => n.notificationId.message)).toEqual(['Your question has a new reply', '40 new replies to your question']);
  });
});
