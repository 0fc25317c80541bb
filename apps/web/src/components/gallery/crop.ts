import { IMAGE_COMPRESSIONS, type ImageCompression } from '@habla/shared/resources/images';
import { formatNumber } from '@/lib/format';

/** A rectangle of the source picture, in its own pixels (what the cropper reports). */
export type CropArea = { x: number; y: number; width: number; height: number };

/**
 * The size the cropped picture is written at: the crop itself, or, with a compression, scaled down
 * so its longest side is at most the compression's (never enlarged).
 */
export function outputSize(area: CropArea, compression: ImageCompression): { width: number; height: number } {
  const rule = IMAGE_COMPRESSIONS[compression];
  const w = Math.max(1, Math.round(area.width));
  const h = Math.max(1, Math.round(area.height));
  if (!rule) return { width: w, height: h };
  const scale = Math.min(1, rule.maxSide / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/**
 * The type the picture is sent as: a photo stays JPEG; a PNG or GIF (which may be transparent) stays
 * PNG without compression and becomes WebP with it (smaller, still transparent); WebP stays WebP.
 */
export function outputType(
  inputType: string,
  compression: ImageCompression,
): { type: string; quality: number | undefined; extension: string } {
  const quality = IMAGE_COMPRESSIONS[compression]?.quality ?? 0.92;
  if (inputType === 'image/jpeg') return { type: 'image/jpeg', quality, extension: 'jpg' };
  if (inputType === 'image/webp' || compression !== 'none') return { type: 'image/webp', quality, extension: 'webp' };
  return { type: 'image/png', quality: undefined, extension: 'png' };
}

/** "1.4 MB", "380 KB": a size for people. */
export function formatSize(bytes: number, language: string): string {
  const n = (v: number, digits: number) => formatNumber(language, v, { maximumFractionDigits: digits });
  if (bytes >= 1024 * 1024) return `${n(bytes / (1024 * 1024), 1)} MB`;
  return `${n(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
}

/** Load a picture from an object URL. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image did not load'));
    img.src = src;
  });
}

/**
 * Cut `area` out of the picture and write it at the compression's size and quality, in the browser
 * (a canvas): what leaves the device is only the part the person kept, and a canvas writes no EXIF
 * (the server strips metadata again whatever it gets).
 */
export async function cropToBlob(
  img: HTMLImageElement,
  area: CropArea,
  compression: ImageCompression,
  inputType: string,
): Promise<{ blob: Blob; extension: string }> {
  const size = outputSize(area, compression);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.imageSmoothingQuality = 'high';
  const out = outputType(inputType, compression);
  if (out.type === 'image/jpeg') {
    // JPEG has no transparency: a white background rather than black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
  }
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, out.type, out.quality));
  if (!blob) throw new Error('the picture could not be written');
  return { blob, extension: out.extension };
}
