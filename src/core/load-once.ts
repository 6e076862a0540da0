/**
 * A loader that runs `load` at its first call and keeps the promise for every later call; a failure is not kept, so the
 * next call tries again. For the libraries a page never needs, loaded at their first use (issue 14, goal 4).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
