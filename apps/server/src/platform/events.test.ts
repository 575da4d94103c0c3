import { describe, expect, it } from 'vitest';
import { EventBus } from './events.js';

describe('EventBus', () => {
  it('runs every listener of an event in the order they subscribed, and emit waits for them', async () => {
    const bus = new EventBus();
    const heard: string[] = [];
    bus.on('accountCreated', async ({ userId }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push(`first ${userId}`);
    });
    bus.on('accountCreated', ({ userId }) => {
      heard.push(`second ${userId}`);
    });
    await bus.emit('accountCreated', { userId: 7 });
    expect(heard).toEqual(['first 7', 'second 7']);
  });

  it('an event nobody listens to is a no-op', async () => {
    await expect(new EventBus().emit('accountCreated', { userId: 1 })).resolves.toBeUndefined();
  });

  it('a failing listener does not stop the others, and its error reaches the publisher', async () => {
    const bus = new EventBus();
    const heard: number[] = [];
    bus.on('accountCreated', () => {
      throw new Error('billing is down');
    });
    bus.on('accountCreated', ({ userId }) => {
      heard.push(userId);
    });
    await expect(bus.emit('accountCreated', { userId: 3 })).rejects.toThrow('billing is down');
    expect(heard).toEqual([3]);
  });

  it('two failing listeners are reported together', async () => {
    const bus = new EventBus();
    bus.on('accountCreated', () => Promise.reject(new Error('one')));
    bus.on('accountCreated', () => Promise.reject(new Error('two')));
    const error = await bus.emit('accountCreated', { userId: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).errors.map((e: Error) => e.message)).toEqual(['one', 'two']);
  });
});
