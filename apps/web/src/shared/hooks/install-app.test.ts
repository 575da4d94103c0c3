import { describe, expect, it } from 'vitest';
import { isAppleMobile } from './install-app';

describe('where installing goes through Safari’s Share menu', () => {
  it('is an iPhone, an iPod or an iPad, the one that says Macintosh with a touch screen too', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Safari';
    const ipadOs = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari';
    expect(isAppleMobile(iphone, 5)).toBe(true);
    expect(isAppleMobile(ipadOs, 5)).toBe(true);
    expect(isAppleMobile(ipadOs, 0)).toBe(false);
    expect(isAppleMobile('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile', 5)).toBe(false);
  });
});
