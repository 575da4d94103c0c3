/** The database ping of the health check, with the last success kept for a while. */
export interface CachedPing {
  (): Promise<void>;
  /** Whether a success younger than the kept age is at hand: the check can answer without waiting. */
  isFresh(): boolean;
}

/**
 * The health check's database ping, at most once a second: load balancers and uptime probes call
 * `/api/health` often, and a ping on each call would be much of its cost. Only a success is kept;
 * a failed ping is not kept, so an outage shows within a second and recovery on the next call.
 */
export function cachedPing(ping: () => Promise<void>, maxAgeMs = 1000): CachedPing {
  // A flag a timer clears, not a clock read on every call (the check answers from it).
  let fresh = false;
  let expiry: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  const isFresh = () => fresh;
  const cached = () => {
    if (isFresh()) return Promise.resolve();
    inFlight ??= ping().then(
      () => {
        fresh = true;
        clearTimeout(expiry);
        expiry = setTimeout(() => {
          fresh = false;
        }, maxAgeMs);
        expiry.unref();
        inFlight = undefined;
      },
      (error: unknown) => {
        inFlight = undefined;
        throw error;
      },
    );
    return inFlight;
  };
  return Object.assign(cached, { isFresh });
}
