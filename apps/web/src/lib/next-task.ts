/**
 * Ends the current task and resumes in a new one, so that the browser can paint and answer a
 * touch in between. The app's start is a chain of steps, each short, that would otherwise run as
 * one long task on a slow phone (the Telegram SDK's set-up, the reply schemas, the login).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
