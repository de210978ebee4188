/**
 * Saves text as a file the browser downloads (the export's CSV). A byte order mark goes first so
 * spreadsheet programs read the UTF-8 names right; CSV readers, the import included, skip it.
 */
export function saveDownload(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the next task frees the blob.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
