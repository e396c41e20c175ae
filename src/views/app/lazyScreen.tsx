// Screens whose code loads on demand, made for a phone link that drops for seconds at a time: a failed
// download is tried again (at once when the connection returns, otherwise after a growing pause), and
// only after several failures does the screen's error boundary (ScreenBoundary) show Back and Retry.
import { use, type ComponentType } from 'react';
import { loadWithRetry } from './codeDownload';

/** A screen's code could not be downloaded; `retry` downloads it again. */
export class ScreenCodeError extends Error {
  constructor(
    readonly retry: () => Promise<unknown>,
    options: { cause: unknown },
  ) {
    super('The code of this screen could not be downloaded.', options);
    this.name = 'ScreenCodeError';
  }
}

export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Downloads the screen's code ahead of need, or again after a failure. */
  preload: () => Promise<void>;
};

/**
 * Like React.lazy, but a failed download does not stay failed: the boundary's Retry (or the connection
 * returning) downloads the code again, where React.lazy would keep the rejection forever.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  let failed = false;
  // A new download starts only when none was asked for or the last one failed; rendering never starts
  // one after a failure (React renders a failed screen twice before its boundary shows).
  const download = (): Promise<ComponentType<P>> => {
    if (!pending || failed) {
      failed = false;
      pending = loadWithRetry(load).then(
        (component) => (loaded = component),
        (cause: unknown) => {
          failed = true;
          throw new ScreenCodeError(() => download(), { cause });
        },
      );
    }
    return pending;
  };
  function Screen(props: P) {
    const Component = loaded ?? use(pending ?? download());
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload: () => download().then(() => undefined) });
}
