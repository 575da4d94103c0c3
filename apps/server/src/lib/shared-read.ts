/**
 * One read for every caller that asks in the same turn of the event loop. The read is sent at the end of that
 * turn, after the last of them asked, so each caller sees every write committed before it asked, as with a read
 * of its own (a read already in flight is never shared: it may have started before a caller's write). Under load
 * this turns many identical reads (the catalogue version of every home rows call) into a few.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let next: Promise<T> | undefined;
  return () => {
    next ??= new Promise<T>((resolve, reject) => {
      setImmediate(() => {
        next = undefined;
        try {
          resolve(read());
        } catch (error) {
          reject(error); // a read that throws before it returns a promise fails its callers, not the process
        }
      });
    });
    return next;
  };
}
