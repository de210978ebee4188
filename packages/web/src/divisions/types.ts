import type { Actor, ActorRefFrom } from 'xstate';
import type { divisionMembersMachine, divisionsMachine } from '@sapa/machines/crm';

/** The divisions screen's actor, as its components share it. */
export type DivisionsActor = Actor<typeof divisionsMachine>;

/** A division's members (the child of the divisions actor while its dialog shows). */
export type DivisionMembersActor = ActorRefFrom<typeof divisionMembersMachine>;
