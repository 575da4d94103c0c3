import { unsupportedType } from '../lib/errors.js';

/** Loaded on first use: image work is rare and these modules cost start-up time. */
async function imageModules() {
  const [{ fileTypeFromBuffer }, sharpModule] = await Promise.all([import('file-type'), import('sharp')]);
  return { fileTypeFromBuffer, sharp: sharpModule.default };
}

const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
// Decompression bombs: refuse anything over 40 megapixels before decoding it.
const MAX_INPUT_PIXELS = 40_000_000;

function looksLikeSvg(buffer: Buffer): boolean {
  const head = buffer.subarray(0, 2048).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'));
}

/** Active content, external references and entity tricks are refused outright; the SVG is then rasterised. */
function svgIsSafe(buffer: Buffer): boolean {
  const text = buffer.toString('utf8').toLowerCase();
  if (
    /<script|<foreignobject|<!entity|<!doctype|javascript:|\son[a-z]+\s*=|<iframe|<embed|<object/.test(text)
  ) {
    return false;
  }
  const hrefs = text.match(/href\s*=\s*["'][^"']*["']/g) ?? [];
  return hrefs.every((attr) => /href\s*=\s*["']#/.test(attr));
}

export interface ImageVariant {
  width: number;
  height: number;
  fit: 'inside' | 'cover';
}

/**
 * Checks an uploaded image by its content (PNG, JPEG, WebP; SVG only when it is safe) and re-encodes it as WebP,
 * which drops metadata and anything hidden after the image data.
 */
export async function reencodeImage(buffer: Buffer, field: string, variant: ImageVariant): Promise<Buffer> {
  const { fileTypeFromBuffer, sharp } = await imageModules();
  const detected = await fileTypeFromBuffer(buffer);
  const isRaster = detected !== undefined && RASTER_TYPES.has(detected.mime);
  const isSvg = !detected && looksLikeSvg(buffer);
  if (!isRaster && !isSvg) {
    throw unsupportedType('The file is not a PNG, JPEG, WebP or SVG image', {
      [field]: 'Choose a PNG, JPEG or WebP image',
    });
  }
  if (isSvg && !svgIsSafe(buffer)) {
    throw unsupportedType('The SVG contains scripts or external references', {
      [field]: 'This SVG is not allowed',
    });
  }
  try {
    const image = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    return await image
      .rotate()
      .resize({ width: variant.width, height: variant.height, fit: variant.fit, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw unsupportedType('The image could not be read or is too large in pixels', {
      [field]: 'The image is damaged or too large',
    });
  }
}

export interface ImageSize {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Checks a raster upload by content (PNG, JPEG, WebP only) and re-encodes it into WebP at each
 * bounding box (never enlarged; sizes that come out identical are kept once), largest last.
 */
export async function renderImageSizes(
  buffer: Buffer,
  field: string,
  boxes: readonly { width: number; height: number }[],
): Promise<ImageSize[]> {
  const { fileTypeFromBuffer, sharp } = await imageModules();
  const detected = await fileTypeFromBuffer(buffer);
  if (!detected || !RASTER_TYPES.has(detected.mime)) {
    throw unsupportedType('The file is not a PNG, JPEG or WebP image', {
      [field]: 'Choose a PNG, JPEG or WebP image',
    });
  }
  const sizes: ImageSize[] = [];
  try {
    for (const box of boxes) {
      const { data, info } = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, effort: 1 })
        .toBuffer({ resolveWithObject: true });
      if (!sizes.some((size) => size.width === info.width))
        sizes.push({ data, width: info.width, height: info.height });
    }
  } catch {
    throw unsupportedType('The image could not be read or is too large in pixels', {
      [field]: 'The image is damaged or too large',
    });
  }
  return sizes.sort((a, b) => a.width - b.width);
}
