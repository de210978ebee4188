import type { Actor } from 'xstate';
import type { Stage } from '@sapa/sdk';
import type { boardMachine, StageListPayload, stagesMachine } from '@sapa/machines/crm';
import type { TableActorRef } from '@sapa/machines/table';

/** The stages table's actor, as its components share it. */
export type StagesActor = Actor<typeof stagesMachine>;

/** The pipeline board's actor. */
export type BoardActor = Actor<typeof boardMachine>;

/** The table of stages (`stage_list`, 10 a page). */
export type StageTable = TableActorRef<Stage, StageListPayload>;
