/** Reads a picked file to a `data:` URL with the browser's FileReader (the avatar machine's reader). */
import type { AvatarFile } from '@sapa/machines/personal';

export function readDataUrl(file: AvatarFile): Promise<string> {
  if (!(file instanceof Blob)) return Promise.reject(new Error('Not a file'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(file);
  });
}
