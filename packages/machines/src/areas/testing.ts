/**
 * `@sapa/machines/testing`: what other packages' tests reuse. The model-based suite and its run
 * (every state and transition of a machine's model, `src/paths/models.ts`), the fake SDK client,
 * browser, realtime socket and event source the models run against, and the names of the models.
 */
export { modelSuite } from '../testing/modelSuite.ts';
export { runModel, runsThrough } from '../testing/modelRun.ts';
export type { ModelRun } from '../testing/modelRun.ts';
export { machineNames } from '../paths/models.ts';
export type { MachineName } from '../paths/models.ts';
export { createFakeClient, createFakeBrowser } from '../paths/fakes.ts';
export type { ActCall, FakeClient, FakeBrowser } from '../paths/fakes.ts';
export { createFakeRealtime, isFakeRealtime } from '../paths/fakeRealtime.ts';
export type { FakeRealtime } from '../paths/fakeRealtime.ts';
export { createFakeEventSource } from '../paths/fakeEventSource.ts';
export type { FakeEventSource } from '../paths/fakeEventSource.ts';
