// Registers the service worker and offers a waiting new version by the rule of ./appUpdate.ts:
// only while no exam runs on this device, and it takes over only when the student presses Reload.
import { Workbox } from 'workbox-window';
import { examLock } from '../../services/examLock';
import { MESSAGES } from '../../domain/messages';
import { promptToast } from '../ui/toast';
import { offerUpdate } from './appUpdate';

export function startAppWorker(): void {
  const worker = new Workbox('/sw.js', { scope: '/' });
  let offering = false;
  // Also fired at registration when a version was already waiting from an earlier visit.
  worker.addEventListener('waiting', () => {
    if (offering) return;
    offering = true;
    void offerUpdate({
      examRunning: examLock.examRunning,
      untilNoExamRunning: examLock.untilNoExamRunning,
      whenExamStarts: examLock.whenExamStarts,
      askToReload: () => promptToast(MESSAGES.newVersionReady, MESSAGES.newVersionReadyDescription, 'Reload'),
      activate: () => {
        worker.addEventListener('controlling', () => window.location.reload());
        worker.messageSkipWaiting();
      },
    });
  });
  void worker.register().catch((error: unknown) => console.warn('The offline app could not be set up:', error));
}
