/**
 * What one domain tells the others without knowing them: a domain that must act on another's change
 * subscribes here when its module is created, so no module needs a service of a module created after it.
 */
export interface DomainEvents {
  /** A new account exists (sign-up or an admin's creation): billing opens its free trial's row. */
  accountCreated: { userId: number };
  /** A sign-in session moved to another profile: playback ends the streams it was playing. */
  profileSwitched: { sessionHash: string };
  /** A payment was given back to the viewer (a provider's refund): the admin's notifications tell them. */
  paymentRefunded: { userId: number; amountCents: number; currency: string; periodEnd: string | null };
}

type Listener<T> = (payload: T) => Promise<void> | void;

/** A small typed event bus: listeners run in the order they subscribed, and `emit` waits for all of them. */
export class EventBus<Events extends object = DomainEvents> {
  private readonly listeners = new Map<keyof Events, Listener<never>[]>();

  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.listeners.set(name, list);
  }

  /**
   * Runs every listener of `name`; one that fails does not stop the others, and its error is rethrown after all
   * have run (the publisher decides whether a failed listener matters).
   */
  async emit<K extends keyof Events>(name: K, payload: Events[K]): Promise<void> {
    const failures: unknown[] = [];
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        await (listener as Listener<Events[K]>)(payload);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1)
      throw new AggregateError(failures, `${String(name)}: ${failures.length} listeners failed`);
  }
}
