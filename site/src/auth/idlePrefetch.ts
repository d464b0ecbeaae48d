/**
 * How long one slice of prefetching may hold the main thread. A slice ends only after the prefetch
 * that crosses this line, so slices ran past it (9–17 ms with 8); Lighthouse counts a task four
 * times over for its phone, where a slice over 12.5 ms is a long task.
 */
const SLICE_MS = 4;

type Schedule = (work: () => void) => void;

const scheduleIdle: Schedule = (work) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2000 });
  else window.setTimeout(work, 50);
};

/**
 * Docusaurus prefetches the chunks of each link as it comes into view, the moment it does: right
 * after hydration every link on screen asks at once, and adding their `<link rel=prefetch>`
 * elements took a simulated phone about 100 ms of main thread on a documentation page, inside the
 * tasks that delay the reader's first tap. The paths wait here for idle time and are prefetched a
 * few milliseconds' worth at a time, in the order they came.
 */
export function prefetchWhenIdle(
  prefetch: (path: string) => unknown,
  schedule: Schedule = scheduleIdle,
  now: () => number = () => performance.now(),
): (path: string) => boolean {
  const waiting: string[] = [];
  const drain = () => {
    const end = now() + SLICE_MS;
    while (waiting.length > 0 && now() < end) prefetch(waiting.shift()!);
    if (waiting.length > 0) schedule(drain);
  };
  return (path) => {
    if (waiting.length === 0) schedule(drain);
    waiting.push(path);
    return true;
  };
}
