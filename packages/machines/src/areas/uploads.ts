/**
 * `@sapa/machines/uploads`: files going up (the upload queue and each file's upload) and the
 * project's media gallery. Per machine: the machine, its input, its events and its selectors.
 */
export {
  uploadQueueMachine,
  selectQueueItems,
  selectQueueWarning,
  selectQueueBusy,
  selectServerIds,
} from '../uploadQueueMachine.ts';
export type {
  UploadQueueInput,
  UploadQueueEvent,
  UploadQueueItem,
  UploadItemRef,
} from '../uploadQueueMachine.ts';
export { selectUploadStatus, selectUploadProgress, selectUploadError } from '../uploadMachine.ts';
export type {
  UploadSource,
  UploadItemEvent,
  UploadItemSnapshot,
  UploadStatus,
  UploadError,
} from '../uploadMachine.ts';
export { galleryMachine } from '../galleryMachine.ts';
export type { GalleryInput, GalleryEvent } from '../galleryTypes.ts';
export {
  selectGalleryStatus,
  selectGalleryItems,
  selectGalleryHasMore,
  selectGalleryKind,
  selectGallerySearch,
  selectGallerySelected,
  selectGalleryAction,
  selectShareStep,
  selectGalleryPicked,
  selectGalleryPickRoom,
  selectGalleryError,
  selectGalleryUsage,
} from '../gallerySelectors.ts';
export { galleryKindFilters, galleryPermissions } from '../galleryActors.ts';
export type { GalleryKindFilter, GalleryPermissions } from '../galleryActors.ts';
