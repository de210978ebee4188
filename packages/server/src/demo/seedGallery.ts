/**
 * The demo project's gallery on first start: the simulator's sample photo and PDF, stored and
 * checked like any upload and kept in the gallery, so `/crm/gallery/{key}` and the composer's
 * gallery picker have something to show.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { MediaService } from '../media/mediaService.ts';

const SAMPLES = [
  { file: 'photo.jpg', name: 'Katalog batik parang.jpg' },
  { file: 'invoice.pdf', name: 'Daftar harga.pdf' },
] as const;

export async function seedGallery(media: MediaService, projectId: string, userId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const sample of SAMPLES) {
    const bytes = await readFile(new URL(`../simulator/samples/${sample.file}`, import.meta.url));
    const written = await media.files.write(bytes, bytes.length);
    const outcome = await media.keepChecked(written, {
      id: randomUUID(),
      projectId,
      userId,
      filename: sample.name,
    });
    if (outcome.ok) ids.push(outcome.row.id);
  }
  await media.claim(projectId, ids, { gallery: true });
  return ids;
}
