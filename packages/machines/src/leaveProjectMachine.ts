/**
 * Leaving a project (the header's project menu, "Keluar dari proyek"): the member confirms, then
 * `project_leave`. A refusal (`last_permission_holder`: nobody else could set permissions) stays
 * shown for another try or a cancel. Left, the app goes home; the member's other tabs hear
 * `project.removed` (`left`) from the server.
 *
 * - `confirming`: `leave.confirm` leaves, `leave.cancel` ends in `cancelled`;
 * - `leaving`: the act runs; nothing can be pressed;
 * - `left` / `cancelled` (final).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ProjectClosingTarget } from './projectMachine.ts';
import type { ActCaller } from './sdk.ts';

export interface LeaveProjectInput {
  client: ActCaller;
  key: string;
  /** The project actor, told as the act starts and if it fails (`project.closing`). */
  project?: ProjectClosingTarget | null;
}

export interface LeaveProjectContext {
  client: ActCaller;
  key: string;
  project: ProjectClosingTarget | null;
  /** Why the last try failed; shown until the next one starts. */
  error: FlowError | null;
}

export type LeaveProjectEvent = { type: 'leave.confirm' } | { type: 'leave.cancel' };

export type LeaveProjectStatus = 'confirming' | 'leaving' | 'left' | 'cancelled';

export const leaveProject = fromPromise<void, { client: ActCaller; key: string }>(
  async ({ input, signal }) => {
    await input.client.act('project_leave', { key: input.key }, { signal });
  },
);

export const leaveProjectMachine = setup({
  types: {} as {
    context: LeaveProjectContext;
    events: LeaveProjectEvent;
    input: LeaveProjectInput;
    children: { leave: 'leaveProject' };
  },
  actors: { leaveProject },
  actions: {
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    clearError: assign({ error: null }),
    tellProject: ({ context }, params: { closing: boolean }) =>
      context.project?.send({ type: 'project.closing', closing: params.closing }),
  },
}).createMachine({
  id: 'leaveProject',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    project: input.project ?? null,
    error: null,
  }),
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        'leave.confirm': { target: 'leaving', actions: 'clearError' },
        'leave.cancel': 'cancelled',
      },
    },
    leaving: {
      entry: { type: 'tellProject', params: { closing: true } },
      invoke: {
        id: 'leave',
        src: 'leaveProject',
        input: ({ context }) => ({ client: context.client, key: context.key }),
        onDone: 'left',
        onError: {
          target: 'confirming',
          actions: [
            { type: 'showError', params: ({ event }) => ({ error: event.error }) },
            { type: 'tellProject', params: { closing: false } },
          ],
        },
      },
    },
    left: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type LeaveProjectSnapshot = SnapshotFrom<typeof leaveProjectMachine>;

export function selectLeaveStatus(snapshot: LeaveProjectSnapshot): LeaveProjectStatus {
  return snapshot.value as LeaveProjectStatus;
}
