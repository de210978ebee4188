import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Stage } from '@sapa/sdk';
import type { ActCaller } from './sdk.ts';
import { loadStageFilterOptions } from './stageActors.ts';

const stage: Stage = {
  id: 's1',
  name: 'Deal',
  color: '#00aa00',
  position: 0,
  customers: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
};

function run(act: () => Promise<unknown>) {
  const client = { act } as unknown as ActCaller;
  return toPromise(createActor(loadStageFilterOptions, { input: { client, key: 'k1' } }).start());
}

describe('loadStageFilterOptions', () => {
  it("answers the project's stages", async () => {
    expect(await run(() => Promise.resolve({ data: [stage] }))).toEqual([stage]);
  });

  it('answers null instead of failing, so the filter stays disabled', async () => {
    expect(await run(() => Promise.reject(new Error('offline')))).toBeNull();
  });
});
