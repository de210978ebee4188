// The demo `pnpm start` runs (SAPA_DEMO), and the inbox seeder it and the benchmarks use.
export { startDemo } from './startDemo.ts';
export type { Demo, DemoOptions, DemoWrite } from './startDemo.ts';
export { seedInbox } from './seedInbox.ts';
export type { SeedCustomer, SeedInboxOptions, SeedInboxResult } from './seedInbox.ts';
export { readDemoSettings } from './demoSettings.ts';
export type { DemoSettings } from './demoSettings.ts';
