import type { Actor } from 'xstate';
import type { broadcastDetailMachine } from '@sapa/machines/broadcast';

/** A broadcast page's actor, as its parts share it. */
export type BroadcastDetailActor = Actor<typeof broadcastDetailMachine>;
