import type { Actor } from 'xstate';
import type { galleryMachine } from '@sapa/machines/uploads';

/** The gallery machine's actor, as the screen's components share it. */
export type GalleryActor = Actor<typeof galleryMachine>;
