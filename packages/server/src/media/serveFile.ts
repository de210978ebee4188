/**
 * How every stored file is answered (`/media/{id}` and FilePond's load, restore and fetch): the
 * file's name in `Content-Disposition`, `nosniff`, and a CSP that sandboxes the response, so an
 * SVG or other active file opened directly runs no script and reaches nothing of the app.
 */

/**
 * `inline` for what browsers show (JPEG, PNG and WebP images, audio, video), `attachment` for the
 * rest. An SVG is a document, never inline: opened directly it downloads, and even shown the
 * sandboxing CSP below would keep its script from running.
 */
export function contentDisposition(filename: string, mimeType: string): string {
  const inline = /^(image\/(jpeg|png|webp)|audio\/|video\/)/.test(mimeType);
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Headers every stored file is served with, whatever it is. */
export const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'private, max-age=86400',
} as const;
