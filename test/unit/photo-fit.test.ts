import { describe, expect, it } from '@jest/globals';
import { FIT_MAX_LONG_SIDE, FIT_MIN_LONG_SIDE, FIT_QUALITIES, fitAttempts, fittedName, needsFitting } from '../../form/photo-fit.js';
import { FILE_MAX_BYTES, FILE_NAME_MAX_LENGTH } from '../../form/documents.js';
import { MAX_IMAGE_PIXELS } from '../../form/limits.js';
import { fittedQueryValue, parseFittedQuery } from '../../contracts/no-script-upload.js';

/** Issue 38: the one set of rules by which the browser and the server make a photo fit 1 MB. */
describe('fitting a photo', () => {
  it('starts at a long side of 3000 pixels, tries each quality, then shrinks by a fifth down to 600 pixels', () => {
    const attempts = [...fitAttempts(4032, 3024)];
    expect(attempts.slice(0, FIT_QUALITIES.length)).toEqual(FIT_QUALITIES.map((quality) => ({ width: 3000, height: 2250, quality })));
    expect(attempts[FIT_QUALITIES.length]).toEqual({ width: 2400, height: 1800, quality: FIT_QUALITIES[0] });
    const longSides = [...new Set(attempts.map((a) => Math.max(a.width, a.height)))];
    expect(longSides).toEqual([3000, 2400, 1920, 1536, 1229, 983, 786, 629]);
    expect(Math.min(...longSides)).toBeGreaterThanOrEqual(FIT_MIN_LONG_SIDE);
  });

  it('never scales up, and keeps within the pixels the conversion accepts', () => {
    expect([...fitAttempts(1200, 900)][0]).toMatchObject({ width: 1200, height: 900 });
    const panorama = [...fitAttempts(12_000, 10_000)][0]!;
    expect(Math.max(panorama.width, panorama.height)).toBeLessThanOrEqual(FIT_MAX_LONG_SIDE);
    expect(panorama.width * panorama.height).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
  });

  it('fits what is too large in bytes or pixels, and every HEIC; leaves the rest', () => {
    expect(needsFitting(FILE_MAX_BYTES, 4000, 3000, true)).toBe(false);
    expect(needsFitting(FILE_MAX_BYTES + 1, 400, 300, true)).toBe(true);
    expect(needsFitting(500_000, 6000, 5000, true)).toBe(true);
    expect(needsFitting(500_000, 400, 300, false)).toBe(true);
  });

  it("names the fitted photo after the chosen one, as a .jpg within §5's length", () => {
    expect(fittedName('IMG_1234.HEIC')).toBe('IMG_1234.jpg');
    expect(fittedName('a-very-long-photo-name-from-a-phone-camera.png')).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(fittedName('.png')).toBe('.png.jpg');
  });

  it("reads back the page's ?fitted= value, and nothing else", () => {
    const fit = { key: 'transcript', originalBytes: 7_150_736, width: 2250, height: 3000, heic: false };
    expect(parseFittedQuery(fittedQueryValue(fit))).toEqual(fit);
    expect(parseFittedQuery(fittedQueryValue({ ...fit, heic: true }))).toEqual({ ...fit, heic: true });
    for (const junk of [undefined, '', 'transcript', 'transcript:1:2x', 'Transcript:1:2x3', 'transcript:1:2x3:png', ['transcript:1:2x3']])
      expect(parseFittedQuery(junk)).toBeNull();
  });
});
