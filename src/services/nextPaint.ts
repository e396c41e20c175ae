// Work a tap starts that the screen need not show at once (an answer's request) waits until the frame
// showing the tap is painted: on a slow phone starting a request costs several milliseconds that would
// otherwise stand between the tap and the chosen option appearing.

/** The browser's task scheduler (Chromium, Firefox): its delays are its own, not setTimeout's. */
interface TaskScheduler {
  postTask(task: () => void, options?: { delay?: number; priority?: 'user-blocking' | 'user-visible' | 'background' }): Promise<void>;
}

const taskScheduler = (): TaskScheduler | undefined => (globalThis as { scheduler?: TaskScheduler }).scheduler;

/** Runs `task` in a task of its own, after what the browser has queued already (rendering included once a frame began). */
function inNextTask(task: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    task();
  };
  channel.port2.postMessage(null);
}

/**
 * Resolves in a task after the next frame is painted (a task posted from an animation frame callback runs
 * once that frame's style, layout and paint are done). No frame comes to a hidden tab, and none to a
 * page whose clock a test stopped (animation frames are that clock's too): then after `atMostMs`,
 * counted by the browser's task scheduler where there is one, which no page clock stops.
 */
export function afterNextPaint(atMostMs = 100): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve();
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => inNextTask(settle));
    const scheduler = taskScheduler();
    if (scheduler) void scheduler.postTask(settle, { delay: atMostMs });
    else setTimeout(settle, atMostMs);
  });
}
