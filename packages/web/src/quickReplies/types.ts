import type { Actor } from 'xstate';
import type { quickReplyMachine } from '@sapa/machines/crm';

/** The quick replies screen's actor, as its components share it. */
export type QuickReplyActor = Actor<typeof quickReplyMachine>;
