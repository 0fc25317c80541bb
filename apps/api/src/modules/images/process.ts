import { IMAGE_MAX_PIXELS, IMAGE_SIZES, type ImageSize } from '@habla/shared';
import sharp, { type OutputInfo } from 'sharp';

/** One size of an image as it will be stored and served: bytes without metadata, and their type. */
export type ImageVariant = { bytes: Buffer; contentType: string; width: number; height: number };
export type ProcessedImage = Record<ImageSize, ImageVariant>;

/** The decoder refused the bytes: they are not a picture this server reads (415 to the client). */
export class NotAnImage extends Error {}

const FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/**
 * Make the sizes of an uploaded picture (decision 016):
 * - the **original**: full size, turned upright by its EXIF orientation, re-encoded in its own format
 *   (a GIF as PNG, its first frame) with no metadata at all: no EXIF (GPS position, camera, date),
 *   no XMP, no IPTC, no comment; colours converted to sRGB. The uploaded bytes are not kept.
 * - **medium** and **thumb**: WebP, longest side at most 1024 and 256 pixels (never enlarged).
 * sharp writes no metadata unless asked to (`keepMetadata`/`withMetadata`, never called here), and
 * the tests read every served size back to prove it. Bytes that do not decode, a format other than
 * JPEG/PNG/WebP/GIF, or more than IMAGE_MAX_PIXELS pixels throw NotAnImage.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const open = () =>
    sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', animated: false }).autoOrient();
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).metadata();
    format = meta.format;
    if (!format || !FORMATS[format] || !meta.width || !meta.height) throw new NotAnImage('format');
    const original = open();
    if (format === 'jpeg') original.jpeg({ quality: 90 });
    else if (format === 'webp') original.webp({ quality: 90 });
    else original.png({ compressionLevel: 6 });
    const resized = (side: number) =>
      open()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
    const [o, m, t] = await Promise.all([
      original.toBuffer({ resolveWithObject: true }),
      resized(IMAGE_SIZES.medium),
      resized(IMAGE_SIZES.thumb),
    ]);
    const variant = (r: { data: Buffer; info: OutputInfo }, contentType: string): ImageVariant => ({
      bytes: r.data,
      contentType,
      width: r.info.width,
      height: r.info.height,
    });
    return {
      original: variant(o, format === 'jpeg' || format === 'webp' ? FORMATS[format]! : 'image/png'),
      medium: variant(m, 'image/webp'),
      thumb: variant(t, 'image/webp'),
    };
  } catch (err) {
    if (err instanceof NotAnImage) throw err;
    // libvips says why in its message (truncated, corrupt, too many pixels): all mean "not an image we take".
    throw new NotAnImage(err instanceof Error ? err.message : 'undecodable');
  }
}
