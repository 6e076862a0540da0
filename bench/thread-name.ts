/** How the profile and pause tools name a server thread by Node's thread id: 0 is the main thread. */
export function threadName(threadId: string | undefined): string {
  return threadId === '0' ? 'main thread' : `render thread (worker ${threadId})`;
}
