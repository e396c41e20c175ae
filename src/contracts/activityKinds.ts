// The kinds of entry in the activity log (who on the staff changed what), with the words the desk's
// filter and the downloaded sheet show for each; shared by the server that writes them and the desk.
// Free of schemas, so the app's bundle takes it without TypeBox (as src/contracts/limits.ts).
export const ACTIVITY_KINDS = {
  signIn: 'Signed in',
  import: 'Import',
  importUndo: 'Import undone',
  publish: 'Results published',
  mark: 'Answer marked',
  keyDecision: 'Key decision',
  regrade: 'Regrade',
  forumReply: 'Forum reply',
  forumEdit: 'Forum reply edited',
  forumRemove: 'Forum reply removed',
  forumAnswer: 'Forum answer chosen',
  forumComplete: 'Forum question completed',
  forumReopen: 'Forum question reopened',
  studentAdded: 'Student added',
  studentRemoved: 'Student removed',
  resetCode: 'Reset code sent',
  staffAdded: 'Staff added',
  staffCourses: 'Staff courses changed',
  staffTurnedOff: 'Staff turned off',
  staffTurnedOn: 'Staff turned on',
  staffPasswordReset: 'Staff password reset',
  passwordChanged: 'Own password changed',
} as const;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_IDS = Object.keys(ACTIVITY_KINDS) as ActivityKind[];
