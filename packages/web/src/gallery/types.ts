import type { Actor } from 'xstate';
import type { galleryMachine } from '@sapa/machines';

/** The gallery machine's actor, as the screen's components share it. */
export type GalleryActor = Actor<typeof galleryMachine>;
