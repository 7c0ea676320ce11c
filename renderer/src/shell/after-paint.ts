/**
 * While the page is hidden (a minimized window) frames stop, so work waits at most this long for one (ms).
 */
const HIDDEN_FALLBACK_MS = 250;

/**
 * Runs `run` once, after the next frame has been painted: a requestAnimationFrame callback runs just before that
 * frame's layout and paint, and a task posted from it after them. For work a commit would otherwise do before its
 * frame (React runs the effects of a synchronous render before the browser paints), so a new request's card is
 * on screen first. Frames stop while the page is hidden, so it runs after {@link HIDDEN_FALLBACK_MS}
 * at the latest. Returns a function that cancels it.
 */
export function afterPaint(run: () => void): () => void {
  let done = false;
  let posted: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    run();
  };
  const frame = requestAnimationFrame(() => {
    posted = setTimeout(fire, 0);
  });
  const fallback = setTimeout(fire, HIDDEN_FALLBACK_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(posted);
  };
}
