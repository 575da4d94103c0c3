/** Resolves in a task of its own: work after it runs after the browser has had a turn (to paint, to answer a tap). */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));
