// Screens past the first one load on demand, so signing in on a slow connection fetches only what it
// needs. Each is a lazyScreen: a failed download is tried again, and `preload()` fetches it ahead of need
// (My Exams fetches the exam screen through its own entry, src/views/live-exam/liveExamEntry.ts).
import { lazyScreen } from '../app/lazyScreen';

export const Shell = lazyScreen(() => import('../app/Shell').then((m) => m.Shell));
export const CoursesScreen = lazyScreen(() => import('../courses/CoursesScreen').then((m) => m.CoursesScreen));
export const StudentProfile = lazyScreen(() => import('../profile/StudentProfile').then((m) => m.StudentProfile));
export const CourseSubjectsScreen = lazyScreen(() => import('../courses/CourseSubjectsScreen').then((m) => m.CourseSubjectsScreen));
export const SubjectItemsScreen = lazyScreen(() => import('../content/SubjectItemsScreen').then((m) => m.SubjectItemsScreen));
export const VideosScreen = lazyScreen(() => import('../content/VideosScreen').then((m) => m.VideosScreen));
export const NotesScreen = lazyScreen(() => import('../content/NotesScreen').then((m) => m.NotesScreen));
export const ExamsScreen = lazyScreen(() => import('../exams/ExamsScreen').then((m) => m.ExamsScreen));
export const ResultScreen = lazyScreen(() => import('../results/ResultScreen').then((m) => m.ResultScreen));
export const MistakesPracticeScreen = lazyScreen(() => import('../mistakes/MistakesPracticeScreen').then((m) => m.MistakesPracticeScreen));
export const ScoreboardScreen = lazyScreen(() => import('../results/ScoreboardScreen').then((m) => m.ScoreboardScreen));
/** The teacher desk is its own chunk: a student never downloads it. */
export const StaffDesk = lazyScreen(() => import('../staff/StaffDesk').then((m) => m.StaffDesk));
export const ItemAnalysisScreen = lazyScreen(() => import('../staff/ItemAnalysisScreen').then((m) => m.ItemAnalysisScreen));
export const StaffResultsScreen = lazyScreen(() => import('../staff/StaffResultsScreen').then((m) => m.StaffResultsScreen));
export const ChallengesScreen = lazyScreen(() => import('../staff/ChallengesScreen').then((m) => m.ChallengesScreen));
export const ImportScreen = lazyScreen(() => import('../staff/ImportPage').then((m) => m.ImportScreen));
export const LecturesScreen = lazyScreen(() => import('../staff/LecturesPage').then((m) => m.LecturesScreen));
export const StaffWeek = lazyScreen(() => import('../staff/StaffWeek').then((m) => m.StaffWeek));
export const StaffForum = lazyScreen(() => import('../staff/StaffForum').then((m) => m.StaffForum));
export const StaffBatchesScreen = lazyScreen(() => import('../staff/StaffBatches').then((m) => m.StaffBatchesScreen));
export const StaffBatchScreen = lazyScreen(() => import('../staff/StaffBatch').then((m) => m.StaffBatchScreen));
export const StaffStudentScreen = lazyScreen(() => import('../staff/StaffStudent').then((m) => m.StaffStudentScreen));
export const StaffAccountsScreen = lazyScreen(() => import('../staff/StaffAccounts').then((m) => m.StaffAccountsScreen));
export const MyAccountScreen = lazyScreen(() => import('../staff/MyAccount').then((m) => m.MyAccountScreen));
export const ActivityScreen = lazyScreen(() => import('../staff/ActivityPage').then((m) => m.ActivityScreen));
export const MyQaScreen = lazyScreen(() => import('../forum/MyQaScreen').then((m) => m.MyQaScreen));
export const ForumListScreen = lazyScreen(() => import('../forum/ForumListScreen').then((m) => m.ForumListScreen));
export const QuestionDetailScreen = lazyScreen(() => import('../forum/QuestionDetailScreen').then((m) => m.QuestionDetailScreen));
