// The live exam screen's lazy entry: the route table mounts it (src/views/start/routes.tsx) and the exam
// list fetches its code ahead, so Start Exam does not wait for the link. It sits below both, so the
// list needs nothing from the start.
import { lazyScreen } from '../app/lazyScreen';

export const LiveExamScreen = lazyScreen(() => import('./LiveExamScreen').then((m) => m.LiveExamScreen));
