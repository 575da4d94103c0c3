let stamps = 0;

/**
 * A number greater than every one handed out before: where a request arrived, or where a shared read was sent, in
 * this process's order of events.
 */
export function nextStamp(): number {
  stamps += 1;
  return stamps;
}

/**
 * Asks for the shared read. `arrival`, the stamp its request took when it arrived: the last read sent after that
 * (finished or in flight) serves it, since that read sees every write committed before the request arrived.
 */
export type SharedRead<T> = (arrival?: number) => Promise<T>;

/**
 * One read for every caller that asks in the same turn of the event loop. The read is sent at the end of that
 * turn, after the last of them asked, so each caller sees every write committed before it asked, as with a read
 * of its own (a read already in flight is never shared: it may have started before a caller's write). Under load
 * this turns many identical reads (the catalogue version of every home rows call) into a few. A caller that gives
 * its request's arrival also takes a read sent since then: a request's later reads then wait for no database.
 */
export function sharedRead<T>(read: () => Promise<T>): SharedRead<T> {
  let next: Promise<T> | undefined;
  let lastSent: { stamp: number; result: Promise<T> } | undefined;
  return (arrival) => {
    if (arrival !== undefined && lastSent !== undefined && lastSent.stamp > arrival) return lastSent.result;
    if (next) return next;
    const pending = new Promise<T>((resolve, reject) => {
      setImmediate(() => {
        next = undefined;
        const sent = { stamp: nextStamp(), result: pending };
        lastSent = sent;
        // A failed read serves the callers that asked for it, never a later one.
        pending.catch(() => {
          if (lastSent === sent) lastSent = undefined;
        });
        try {
          resolve(read());
        } catch (error) {
          reject(error); // a read that throws before it returns a promise fails its callers, not the process
        }
      });
    });
    next = pending;
    return pending;
  };
}
