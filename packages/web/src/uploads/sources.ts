/** Files the browser hands over (a drop, a paste, the browse dialog) as upload sources. */
import type { UploadSource } from '@sapa/machines/uploads';

export function sourcesFromFiles(files: Iterable<File> | ArrayLike<File> | null | undefined): UploadSource[] {
  if (!files) return [];
  return Array.from(files as ArrayLike<File>).map((file) => ({ kind: 'file', file }));
}

/** Whether a drag carries files (not text or a link dragged from the page). */
export function carriesFiles(transfer: Pick<DataTransfer, 'types'> | null): boolean {
  return transfer !== null && Array.from(transfer.types).includes('Files');
}

/** The files of a drop or a paste (`DataTransfer`, `ClipboardEvent.clipboardData`). */
export function sourcesFromTransfer(transfer: Pick<DataTransfer, 'files'> | null): UploadSource[] {
  return transfer === null ? [] : sourcesFromFiles(transfer.files);
}
