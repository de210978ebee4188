/**
 * What a file really is, decided from its content (magic bytes, through `file-type`) and checked
 * against its name: a `.jpg` holding a PDF is refused, as is anything WhatsApp cannot carry.
 * Plain-text formats have no magic bytes; they pass when the name says txt, csv or vcf and the
 * bytes are UTF-8 text.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { fileExtension } from '../sdk.ts';

export type Detection = { ok: true; mimeType: string } | { ok: false };

/** The types Sapa stores and sends, with the extensions a file of that type may carry. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/mpeg': ['mp3'],
  'audio/mp4': ['m4a', 'mp4'],
  'audio/aac': ['aac'],
  'audio/amr': ['amr'],
  'video/mp4': ['mp4', 'm4v'],
  'video/3gpp': ['3gp', '3gpp'],
  'application/pdf': ['pdf'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/zip': ['zip'],
};

/** Text formats, by extension (they have no magic bytes). */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  vcf: 'text/vcard',
  // Kept and sent as a document; served sandboxed, so its script never runs.
  svg: 'image/svg+xml',
};

/** Old Office files are all "compound file binary" by content; the extension tells which. */
const CFB_TYPES: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

function canonical(mime: string, extension: string): string {
  const bare = mime.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (bare === 'audio/x-m4a') return 'audio/mp4';
  if (bare === 'audio/opus') return 'audio/ogg';
  if (bare === 'application/x-cfb') return CFB_TYPES[extension] ?? bare;
  return bare;
}

const TEXT_SAMPLE_BYTES = 64 * 1024;

async function looksLikeText(file: string, extension: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SAMPLE_BYTES, 0);
    const sample = buffer.subarray(0, bytesRead);
    if (sample.includes(0)) return false;
    try {
      // A cut in the middle of a character at the end of the sample is not an error.
      const text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
      // An SVG is XML whose root is <svg>.
      return (
        extension !== 'svg' ||
        /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(text)
      );
    } catch {
      return false;
    }
  } finally {
    await handle.close();
  }
}

/**
 * How many first bytes of a file tell its type (what `file-type` reads, its
 * `reasonableDetectionSizeInBytes`): a chunked transfer's type is checked once it holds this many
 * (or all of a smaller file).
 */
export const TYPE_SAMPLE_BYTES = 4100;

/** Office Open XML files, which are ZIP archives: their first bytes may show only the ZIP. */
const OOXML_EXTENSIONS: ReadonlySet<string> = new Set(['docx', 'xlsx', 'pptx']);

/**
 * Whether the first bytes of a file (at least `TYPE_SAMPLE_BYTES`, the rest still to come) may
 * start a file Sapa accepts under this name: as `detectFile`, except that a ZIP may still turn out
 * an Office document. The whole file is checked again when complete.
 */
export async function detectFileStart(file: string, filename: string): Promise<boolean> {
  const detected = await detectFile(file, filename);
  if (detected.ok) return true;
  if (!OOXML_EXTENSIONS.has(fileExtension(filename))) return false;
  return (await fileTypeFromFile(file))?.mime === 'application/zip';
}

/** The file's MIME type when Sapa accepts it under this name, else `{ ok: false }`. */
export async function detectFile(file: string, filename: string): Promise<Detection> {
  const extension = fileExtension(filename);
  const found = await fileTypeFromFile(file);
  // XML is text to `file-type` only when it starts with a declaration; an SVG is checked as text either way.
  if (
    found === undefined ||
    (extension === 'svg' && /^(application\/xml|image\/svg\+xml)$/.test(found.mime))
  ) {
    const textType = TEXT_TYPES[extension];
    return textType !== undefined && (await looksLikeText(file, extension))
      ? { ok: true, mimeType: textType }
      : { ok: false };
  }
  const mimeType = canonical(found.mime, extension);
  const extensions = ALLOWED[mimeType];
  if (extensions === undefined) return { ok: false };
  if (extension !== '' && !extensions.includes(extension)) return { ok: false };
  return { ok: true, mimeType };
}
