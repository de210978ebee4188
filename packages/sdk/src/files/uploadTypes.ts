/**
 * The file types an upload field accepts before anything goes up (SPEC.md section 5's file-type
 * validation): what the server stores and WhatsApp carries (the server's `detectFile` checks the
 * content again), with the other names browsers give those types. Anything else, such as an
 * `.exe`, is refused at once with 'File is of invalid type'.
 */
export const UPLOAD_ACCEPTED_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'audio/ogg',
  'audio/opus',
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/amr',
  'video/mp4',
  'video/3gpp',
  'application/pdf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
  'application/x-zip-compressed',
  'text/plain',
  'text/csv',
  'text/vcard',
  'text/x-vcard',
  'image/svg+xml',
];

/** Short names of the accepted types for the 'Expects …' message; `null` hides a second name of a type. */
export const UPLOAD_TYPE_LABELS: Readonly<Record<string, string | null>> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WEBP',
  'audio/ogg': 'OGG',
  'audio/opus': null,
  'audio/mpeg': 'MP3',
  'audio/mp4': 'M4A',
  'audio/x-m4a': null,
  'audio/aac': 'AAC',
  'audio/amr': 'AMR',
  'video/mp4': 'MP4',
  'video/3gpp': '3GP',
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.ms-powerpoint': 'PPT',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'application/zip': 'ZIP',
  'application/x-zip-compressed': null,
  'text/plain': 'TXT',
  'text/csv': 'CSV',
  'text/vcard': 'VCF',
  'text/x-vcard': null,
  'image/svg+xml': 'SVG',
};
