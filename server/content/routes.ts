// Learning content for students: courses > subjects > chapters, lectures and question-solve items,
// their videos and notes, completion, and the tokens that open protected streams and licences.
// Everything is limited to the student's batches; anything else answers 404 'not available'. Thin:
// the media and completion work is in student-media.ts, the answers' shapes in projections.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { contentContract } from '../../src/contracts/content.js';
import { ITEM_TYPES, type ItemType } from '../../src/contracts/paths.js';
import { forbidden } from '../errors.js';
import { completionsOf, courseCards, courseIsReachable, coursesOf, reachableCourseIds, groupOf, itemOf, itemsOfSubject, subjectOf, subjectsOfCourse, visibleContentsOf } from './queries.js';
import { coursesWithChapters, itemContent } from './projections.js';
import { notInBatch, studentMedia } from './student-media.js';

/** How a refusal names an item of each type. */
const ITEM_LABELS: Record<ItemType, string> = { chapter: 'chapter', lecture: 'lecture', 'question-solve': 'question solve' };

/** An item route's path for one item type: the contract's `:type` placeholder filled in. */
const itemTypePath = (path: string, type: ItemType) => path.replace(':type', type);

export async function contentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const media = studentMedia(app);
  const courseSummaries = async (studentId: string) => courseCards(app.db, await reachableCourseIds(app.db, studentId));

  app.route({ ...contentContract.courses, handler: async (request) => {
    return { data: await courseSummaries(request.student.id) };
  } });

  app.route({ ...contentContract.coursesOfStudent, handler: async (request) => {
    if (request.params.studentId !== request.student.id) {
      throw forbidden('You can only view your own courses.', 'notYourAccount');
    }
    return { data: await courseSummaries(request.student.id) };
  } });

  app.route({ ...contentContract.coursesWithChapters, handler: async (request) => {
    return { data: coursesWithChapters(await coursesOf(app.db, request.student.id, true)) };
  } });
  app.route({ ...contentContract.subject, handler: async (request) => {
    const subject = await subjectOf(app.db, request.student.id, request.params.subjectId);
    if (!subject) throw notInBatch('subject');
    return { data: { _id: subject.id, name: subject.name, image: subject.image, courseId: subject.course_id, courseName: subject.course_name } };
  } });

  app.route({
    ...contentContract.subjectsOfCourse,
    handler: async (request) => {
      const { courseId } = request.params;
      if (!(await courseIsReachable(app.db, request.student.id, courseId))) throw notInBatch('course');
      const subjects = await subjectsOfCourse(app.db, request.student.id, courseId, request.query.forExam === true);
      return { data: subjects.map((s) => ({ _id: s.id, name: s.name, image: s.image, courseId: s.course_id })) };
    },
  });

  for (const type of ITEM_TYPES) {
    app.route({ ...contentContract.itemsOfSubject, url: itemTypePath(contentContract.itemsOfSubject.url, type), handler: async (request) => {
      const subject = await subjectOf(app.db, request.student.id, request.params.id);
      if (!subject) throw notInBatch('subject');
      const items = await itemsOfSubject(app.db, request.student.id, subject.id, type);
      return { data: items.map((i) => ({ _id: i.id, name: i.name, description: i.description, subjectId: i.subject_id })) };
    } });

    app.route({ ...contentContract.itemContent, url: itemTypePath(contentContract.itemContent.url, type), handler: async (request) => {
      const item = await itemOf(app.db, request.student.id, request.params.itemId, type);
      if (!item) throw notInBatch(ITEM_LABELS[type]);
      return { data: itemContent(item, type, await visibleContentsOf(app.db, item.id)) };
    } });
  }

  app.route({ ...contentContract.noteFile, handler: async (request, reply) => {
    return media.sendNote(request.student.id, request.params.contentId, reply);
  } });

  app.route({ ...contentContract.group, handler: async (request) => {
    const found = await groupOf(app.db, request.student.id, request.params.id);
    if (!found) throw notInBatch('batch');
    const { group, ...lists } = found;
    return { data: { _id: group.id, name: group.name, courseId: group.course_id, ...lists } };
  } });

  app.route({ ...contentContract.subjectCompletion, handler: async (request) => {
    const { courseId } = request.params;
    if (!(await courseIsReachable(app.db, request.student.id, courseId))) throw notInBatch('course');
    return { data: await completionsOf(app.db, request.student.id, courseId) };
  } });

  app.route({ ...contentContract.markComplete, handler: async (request) => {
    return { data: await media.markComplete(request.student.id, request.params.contentId, request.body) };
  } });

  app.route({ ...contentContract.streamToken, handler: async (request) => {
    return { data: await media.streamToken(request.student.id, request.body.key) };
  } });

  app.route({ ...contentContract.drmAuth, handler: async (request) => {
    return { data: await media.drmLicence(request.student.id, request.body) };
  } });
}
