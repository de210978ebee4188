/** What the gallery screen reads of the gallery machine. */
import type { GalleryItem, StorageUsage } from '@sapa/sdk';
import type { GalleryKindFilter } from './galleryActors.ts';
import type { GallerySnapshot } from './galleryMachine.ts';

export type GalleryStatus = 'loading' | 'failed' | 'empty' | 'ready';
export type GalleryAction = 'idle' | 'confirmingDelete' | 'deleting' | 'adding' | 'sharing';
export type ShareStep = 'loading' | 'failed' | 'picking' | 'sending' | 'sendFailed' | 'sent';

/** A spinner (first page), the error with retry, nothing found, or the files. */
export function selectGalleryStatus(snapshot: GallerySnapshot): GalleryStatus {
  if (snapshot.hasTag('error')) return 'failed';
  if (snapshot.matches({ list: 'loading' })) return 'loading';
  return snapshot.context.items.length === 0 ? 'empty' : 'ready';
}

export function selectGalleryItems(snapshot: GallerySnapshot): GalleryItem[] {
  return snapshot.context.items;
}

/** Whether `gallery.loadMore` would load another page (the list is ready and pages remain). */
export function selectGalleryHasMore(snapshot: GallerySnapshot): boolean {
  const { page, totalPage } = snapshot.context;
  return snapshot.matches({ list: 'ready' }) && page + 1 < totalPage;
}

export function selectGalleryKind(snapshot: GallerySnapshot): GalleryKindFilter {
  return snapshot.context.kind;
}

/** The search as typed (the list follows it after the debounce). */
export function selectGallerySearch(snapshot: GallerySnapshot): string {
  return snapshot.context.searchText;
}

/** The files picked for the composer's tray, in the order picked. */
export function selectGalleryPicked(snapshot: GallerySnapshot): GalleryItem[] {
  return snapshot.context.picked;
}

/** How many more files the picker takes. */
export function selectGalleryPickRoom(snapshot: GallerySnapshot): number {
  return snapshot.context.pickLimit - snapshot.context.picked.length;
}

/** The message of the first page's failure (state `failed`), or of a next page's (`moreFailed`). */
export function selectGalleryError(snapshot: GallerySnapshot): string | null {
  if (snapshot.hasTag('error')) return snapshot.context.error?.message ?? null;
  if (snapshot.hasTag('moreFailed')) return snapshot.context.moreError?.message ?? null;
  return null;
}

export function selectGallerySelected(snapshot: GallerySnapshot): GalleryItem | null {
  return snapshot.context.selected;
}

/** What is being done with the files: nothing, a delete (asked, running), an add, a send. */
export function selectGalleryAction(snapshot: GallerySnapshot): GalleryAction {
  const actions: readonly GalleryAction[] = ['confirmingDelete', 'deleting', 'adding', 'sharing'];
  return actions.find((action) => snapshot.matches({ action })) ?? 'idle';
}

/** Where "send in chat" is (a search waiting for its pause reads as loading). */
export function selectShareStep(snapshot: GallerySnapshot): ShareStep {
  if (snapshot.matches({ action: { sharing: 'sending' } })) return 'sending';
  if (snapshot.matches({ action: { sharing: 'sendFailed' } })) return 'sendFailed';
  if (snapshot.matches({ action: { sharing: 'sent' } })) return 'sent';
  if (snapshot.matches({ action: { sharing: { choosing: 'failed' } } })) return 'failed';
  if (snapshot.matches({ action: { sharing: { choosing: 'picking' } } })) return 'picking';
  return 'loading';
}

/** The project's storage against its quota as last loaded (`null`: not shown, or not loaded yet). */
export function selectGalleryUsage(snapshot: GallerySnapshot): StorageUsage | null {
  return snapshot.context.usage;
}
