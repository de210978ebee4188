/** The server's WhatsApp simulator (packages/server/src/simulator), as the benchmark uses it. */
import { createSimulator } from '@sapa/server';

export { createSimulator };
export type BenchSimulator = Awaited<ReturnType<typeof createSimulator>>;
