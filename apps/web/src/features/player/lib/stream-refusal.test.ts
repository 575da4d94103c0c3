import { describe, expect, it } from 'vitest';
import { isStreamRefusal } from './stream-refusal';

describe('a refused stream address', () => {
  it('is our 409 at once, and a 403 once hls.js gives up; nothing else', () => {
    const network = (code: number, fatal: boolean) => ({ type: 'networkError', fatal, response: { code } });
    expect(isStreamRefusal(network(409, false))).toBe(true);
    expect(isStreamRefusal(network(409, true))).toBe(true);
    expect(isStreamRefusal(network(403, true))).toBe(true);
    expect(isStreamRefusal(network(403, false))).toBe(false);
    expect(isStreamRefusal(network(404, true))).toBe(false);
    expect(isStreamRefusal(network(0, true))).toBe(false);
    expect(isStreamRefusal({ type: 'mediaError', fatal: true, response: { code: 409 } })).toBe(false);
  });
});
