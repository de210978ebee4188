import type { TrayItem } from '@sapa/machines/inbox';

/** Whether two lists show the same files in the same states (so nothing needs telling). */
export function sameItems(a: readonly TrayItem[] | null, b: readonly TrayItem[]): boolean {
  return (
    a !== null &&
    a.length === b.length &&
    a.every((item, index) => {
      const other = b[index];
      return (
        other !== undefined &&
        item.id === other.id &&
        item.status === other.status &&
        item.serverId === other.serverId &&
        item.filename === other.filename &&
        item.mimeType === other.mimeType &&
        item.size === other.size
      );
    })
  );
}
