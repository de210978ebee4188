import type { Actor, ActorRefFrom } from 'xstate';
import type { billingThresholdMachine, payMachine, projectBillingMachine } from '@sapa/machines/billing';

/** The billing page's actor, as its parts share it. */
export type ProjectBillingActor = Actor<typeof projectBillingMachine>;
export type PayActor = ActorRefFrom<typeof payMachine>;
export type ThresholdActor = ActorRefFrom<typeof billingThresholdMachine>;
