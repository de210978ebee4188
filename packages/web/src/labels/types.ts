import type { Actor } from 'xstate';
import type { labelsMachine } from '@sapa/machines/crm';

/** The labels screen's actor, as its components share it. */
export type LabelsActor = Actor<typeof labelsMachine>;
