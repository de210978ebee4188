import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { leaveProjectMachine, selectLeaveStatus } from './leaveProjectMachine.ts';
import type { ActCaller } from './sdk.ts';

/** A client whose `project_leave` answers from `answers` in turn (an Error is thrown). */
function clientOf(answers: Array<'ok' | Error>) {
  const calls: unknown[] = [];
  const client = {
    act: async (name: string, input: unknown) => {
      calls.push({ name, input });
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return { ok: true, data: {} };
    },
  } as unknown as ActCaller;
  return { client, calls };
}

function refusal(reason: string, message: string): Error {
  return Object.assign(new Error(message), { reason });
}

describe('leaveProjectMachine', () => {
  it('asks first, then leaves the project by its key', async () => {
    const { client, calls } = clientOf(['ok']);
    const actor = createActor(leaveProjectMachine, { input: { client, key: 'tokoku' } }).start();
    expect(selectLeaveStatus(actor.getSnapshot())).toBe('confirming');
    expect(calls).toEqual([]);
    actor.send({ type: 'leave.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectLeaveStatus(actor.getSnapshot())).toBe('left');
    expect(calls).toEqual([{ name: 'project_leave', input: { key: 'tokoku' } }]);
  });

  it('keeps a refusal shown for another try, and clears it when the next one succeeds', async () => {
    const { client, calls } = clientOf([
      refusal('last_permission_holder', 'Nobody else could set permissions'),
      'ok',
    ]);
    const actor = createActor(leaveProjectMachine, { input: { client, key: 'tokoku' } }).start();
    actor.send({ type: 'leave.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(selectLeaveStatus(actor.getSnapshot())).toBe('confirming');
    expect(actor.getSnapshot().context.error).toEqual({
      reason: 'last_permission_holder',
      message: 'Nobody else could set permissions',
    });
    actor.send({ type: 'leave.confirm' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(selectLeaveStatus(actor.getSnapshot())).toBe('left');
    expect(calls).toHaveLength(2);
  });

  it('tells the project actor as the act starts, and again if it fails', async () => {
    const { client } = clientOf([refusal('last_permission_holder', 'No'), 'ok']);
    const told: boolean[] = [];
    const project = { send: (event: { closing: boolean }) => told.push(event.closing) };
    const actor = createActor(leaveProjectMachine, { input: { client, key: 'tokoku', project } }).start();
    actor.send({ type: 'leave.confirm' });
    expect(told).toEqual([true]);
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(told).toEqual([true, false]);
    actor.send({ type: 'leave.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(told).toEqual([true, false, true]);
  });

  it('cancels without calling anything', () => {
    const { client, calls } = clientOf([]);
    const actor = createActor(leaveProjectMachine, { input: { client, key: 'tokoku' } }).start();
    actor.send({ type: 'leave.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectLeaveStatus(actor.getSnapshot())).toBe('cancelled');
    expect(calls).toEqual([]);
  });

  it('ignores a second confirm while the act runs', async () => {
    const { client, calls } = clientOf(['ok']);
    const actor = createActor(leaveProjectMachine, { input: { client, key: 'tokoku' } }).start();
    actor.send({ type: 'leave.confirm' });
    actor.send({ type: 'leave.confirm' });
    expect(selectLeaveStatus(actor.getSnapshot())).toBe('leaving');
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toHaveLength(1);
  });
});
