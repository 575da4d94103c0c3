import { describe, expect, it } from 'vitest';
import { qualityBadge } from './quality-badge';

describe('the quality badge', () => {
  it('says what the title has, never more', () => {
    expect(qualityBadge({ title: 'SD', renditionHeights: [], maxHeight: 1080 })).toBe('SD');
    expect(qualityBadge({ title: 'SD', renditionHeights: [], maxHeight: undefined })).toBe('SD');
    expect(qualityBadge({ title: 'HD', renditionHeights: [], maxHeight: 1080 })).toBe('HD');
    expect(qualityBadge({ title: null, renditionHeights: [], maxHeight: 1080 })).toBeNull();
  });

  it("is capped by the viewer's plan", () => {
    expect(qualityBadge({ title: 'FHD', renditionHeights: [], maxHeight: 480 })).toBe('SD');
    expect(qualityBadge({ title: 'FHD', renditionHeights: [], maxHeight: 720 })).toBe('HD');
    expect(qualityBadge({ title: 'FHD', renditionHeights: [], maxHeight: 1080 })).toBe('FHD');
  });

  it('takes the renditions of the master over the title record once they are known', () => {
    expect(qualityBadge({ title: 'FHD', renditionHeights: [480, 360], maxHeight: 1080 })).toBe('SD');
    expect(qualityBadge({ title: 'SD', renditionHeights: [1080, 720, 480], maxHeight: 1080 })).toBe('FHD');
    expect(qualityBadge({ title: null, renditionHeights: [720, 480], maxHeight: 480 })).toBe('SD');
    expect(qualityBadge({ title: 'HD', renditionHeights: [0], maxHeight: undefined })).toBe('HD');
  });
});
