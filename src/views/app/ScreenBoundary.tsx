// The error boundary inside the shell: a screen that fails (its code did not download, or it broke while
// rendering) is replaced by a notice with Back and Retry, while the top bar and the offline banner stay.
// A screen whose code failed is tried again by itself when the connection returns, and every few seconds
// while the notice shows, so a student whose link came back need not find the Retry button.
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { PAGE_CODE_MISSING } from '../../domain/messages';
import { SCREEN_AUTO_RETRY_MS } from './codeDownload';
import { ScreenCodeError } from './lazyScreen';
import { BackButton } from './BackButton';


export function ScreenBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  // A new address is a new screen: an old failure must not stay on it.
  return <Boundary key={location.pathname}>{children}</Boundary>;
}

interface BoundaryState {
  error: unknown;
}

class Boundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!(error instanceof ScreenCodeError)) console.error('A screen failed', error, info.componentStack);
  }

  private reset = () => this.setState({ error: null });

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <ScreenFailure error={error} onRecovered={this.reset} />;
  }
}

function ScreenFailure({ error, onRecovered }: { error: unknown; onRecovered: () => void }) {
  const codeMissing = error instanceof ScreenCodeError;
  useEffect(() => {
    if (!codeMissing) return;
    let stopped = false;
    const tryAgain = () =>
      void error.retry().then(
        () => !stopped && onRecovered(),
        () => undefined,
      );
    const timer = setInterval(tryAgain, SCREEN_AUTO_RETRY_MS);
    window.addEventListener('online', tryAgain);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', tryAgain);
    };
  }, [codeMissing, error, onRecovered]);
  useEffect(() => {
    document.getElementById('screen-failure-title')?.focus();
  }, []);

  // Retry downloads a failed screen's code again (the screen waits for it) or renders a broken screen again.
  const retry = () => {
    if (codeMissing) error.retry().catch(() => undefined);
    onRecovered();
  };
  return (
    <Notice
      tone="error"
      title={
        <span id="screen-failure-title" tabIndex={-1} className="outline-none">
          {codeMissing ? PAGE_CODE_MISSING.title : 'Something went wrong on this page.'}
        </span>
      }
      action={
        <>
          <BackButton />
          <Button onClick={retry}>Retry</Button>
        </>
      }
    >
      {codeMissing
        ? PAGE_CODE_MISSING.message
        : 'Tap Retry to try again, or Back to return to the previous page.'}
    </Notice>
  );
}
