// The logo, pulsing, while the app waits for the stored session or for code on its way.
export function Splash() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-label="Loading">
      <img src="/logo.svg" alt="" className="h-14 w-14 animate-pulse" />
    </div>
  );
}
