// Whether a promise has settled by now, after the event loop has had a few turns: for tests that hold a
// write (a commit, a sync) and look before letting it go.
export async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
  return done;
}
