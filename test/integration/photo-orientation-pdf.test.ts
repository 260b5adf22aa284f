import { expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { imageToPdf } from '../../workers/convert/pdf-lib-convert.server.js';
import { gatedDescribe } from '../helpers/gate.js';
import { TEST_TMP } from '../helpers/paths.js';

const HAS_PDFTOPPM = spawnSync('pdftoppm', ['-v']).error === undefined;
const describeWithPoppler = gatedDescribe(HAS_PDFTOPPM, 'no pdftoppm (apt-get install poppler-utils)');

/** A landscape JPEG, red above and blue below as stored, tagged with the EXIF orientation a phone would write. */
function storedPhoto(orientation: 1 | 3 | 6 | 8): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#0000ff' } })
    .composite([{ input: { create: { width: 600, height: 200, channels: 3, background: '#ff0000' } }, top: 0, left: 0 }])
    .withMetadata({ orientation })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The page as pdftoppm draws it: the picture's box (what is not white) and whether its halves are red or blue. */
async function drawn(pdf: Uint8Array): Promise<{ wide: boolean; top: string; bottom: string; left: string; right: string }> {
  const dir = mkdtempSync(join(TEST_TMP, 'orientation-'));
  writeFileSync(join(dir, 'page.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '24', '-png', '-singlefile', join(dir, 'page.pdf'), join(dir, 'page')]);
  const { data, info } = await sharp(readFileSync(join(dir, 'page.png')))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3);
  let [minX, minY, maxX, maxY] = [info.width, info.height, 0, 0];
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const [r, g, b] = at(x, y);
      if (r! > 230 && g! > 230 && b! > 230) continue;
      [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
    }
  const colour = (x: number, y: number) => {
    const [r, , b] = at(Math.round(x), Math.round(y));
    return r! > b! ? 'red' : 'blue';
  };
  const [cx, cy, w, h] = [(minX + maxX) / 2, (minY + maxY) / 2, maxX - minX, maxY - minY];
  return {
    wide: w > h,
    top: colour(cx, minY + h / 4),
    bottom: colour(cx, maxY - h / 4),
    left: colour(minX + w / 4, cy),
    right: colour(maxX - w / 4, cy),
  };
}

describeWithPoppler('a phone photo converted to PDF is shown the way up the phone meant', () => {
  it('upright (1): as stored, red above', async () => {
    expect(await drawn(await imageToPdf(await storedPhoto(1), 'jpeg'))).toMatchObject({ wide: true, top: 'red', bottom: 'blue' });
  });

  it('upside down (3): turned half a turn, red below', async () => {
    expect(await drawn(await imageToPdf(await storedPhoto(3), 'jpeg'))).toMatchObject({ wide: true, top: 'blue', bottom: 'red' });
  });

  it('a portrait photo stored sideways (6): turned a quarter clockwise, the stored top on the right', async () => {
    expect(await drawn(await imageToPdf(await storedPhoto(6), 'jpeg'))).toMatchObject({ wide: false, left: 'blue', right: 'red' });
  });

  it('stored sideways the other way (8): turned a quarter anticlockwise, the stored top on the left', async () => {
    expect(await drawn(await imageToPdf(await storedPhoto(8), 'jpeg'))).toMatchObject({ wide: false, left: 'red', right: 'blue' });
  });
});
