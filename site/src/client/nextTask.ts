/**
 * Runs `work` in a task of its own, after what is queued already: a message to the page's own
 * port is the browser's cheapest way to give it a turn (input, a frame) in between, without the
 * 4 ms a nested timer costs. Browser only; the port is opened on first use.
 */
let channel: MessageChannel | undefined;
const queued: Array<() => void> = [];

export function nextTask(work: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queued.shift()?.();
  }
  queued.push(work);
  channel.port2.postMessage(null);
}
