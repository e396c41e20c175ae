// The desk's way to an exam assignment's answer-key challenges, from the week, the results and the
// item analysis: shown only when the batch made any, with their number.
export const challengesPath = (assignmentId: string): string => `/staff/exams/${encodeURIComponent(assignmentId)}/challenges`;

/** 'Challenges (3)'. */
export const challengesLabel = (count: number): string => `Challenges (${count})`;
