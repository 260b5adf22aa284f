import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { JpegStructureError, withoutJpegMetadata } from '../../workers/convert/jpeg-metadata.server.js';
import { checkImageDimensions, imageToPdf } from '../../workers/convert/pdf-lib-convert.server.js';
import { ConversionRejected } from '../../workers/convert/detect-type.server.js';

/** A phone's photo as it leaves the camera: EXIF with where it was taken, a comment, and an ICC profile. */
async function photoWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
    .withIccProfile('srgb')
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Software: 'Camera 1.0' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 44/1 3012/100', GPSLongitudeRef: 'W', GPSLongitude: '111/1 50/1 1530/100' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));

describe('a JPEG converted to PDF leaves its camera metadata behind', () => {
  it('drops EXIF (where and on what the photo was taken) and keeps the picture and its colour profile', async () => {
    const photo = await photoWithLocation();
    expect(has(photo, 'Exif\0\0')).toBe(true);
    expect(has(photo, 'PhoneMaker')).toBe(true);
    expect(checkImageDimensions(photo, 'jpeg').orientation).toBe(1);
    const clean = withoutJpegMetadata(photo);
    expect(has(clean, 'Exif\0\0')).toBe(false);
    expect(has(clean, 'PhoneMaker')).toBe(false);
    const meta = await sharp(clean).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeDefined();
    expect([meta.width, meta.height]).toEqual([64, 48]);
    // The same pixels: nothing was decoded or encoded again.
    expect(await sharp(clean).raw().toBuffer()).toEqual(await sharp(photo).raw().toBuffer());
  });

  it('reads the orientation a phone stored its photo in, before dropping it', async () => {
    for (const orientation of [1, 3, 6, 8] as const) {
      const photo = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#fff' } })
        .withMetadata({ orientation })
        .jpeg()
        .toBuffer();
      expect([orientation, checkImageDimensions(photo, 'jpeg').orientation]).toEqual([orientation, orientation]);
      expect((await sharp(withoutJpegMetadata(photo)).metadata()).orientation).toBeUndefined();
    }
  });

  it('the PDF the office downloads holds no GPS, make or model', async () => {
    const pdf = await imageToPdf(await photoWithLocation(), 'jpeg');
    expect(has(pdf, '%PDF-')).toBe(true);
    for (const text of ['Exif\0\0', 'PhoneMaker', 'Phone 15', 'Camera 1.0']) expect([text, has(pdf, text)]).toEqual([text, false]);
  });

  it('a file whose segments do not add up is refused as unreadable, not embedded', async () => {
    const photo = await photoWithLocation();
    // The first segment's length made to run past the end of the file.
    const broken = Buffer.from(photo);
    broken.writeUInt16BE(0xfff0, 4);
    expect(() => withoutJpegMetadata(broken)).toThrow(JpegStructureError);
    expect(() => withoutJpegMetadata(Buffer.from('not a jpeg'))).toThrow(JpegStructureError);
    await expect(imageToPdf(broken, 'jpeg')).rejects.toThrow(ConversionRejected);
  });
});
