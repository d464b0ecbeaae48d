/**
 * Sends a signal to a child started with `detached: true` and to everything it started (its
 * process group), or to the child alone where it has no group of its own.
 */
export function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}
