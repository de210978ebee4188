/** What every `bench/*.bench.ts` default-exports. */
export interface Benchmark {
  name: string;
  /** One line: what must hold for PASS. */
  budget: string;
  run(): Promise<BenchOutcome>;
}

export interface BenchOutcome {
  /** Figures to print, one per line. */
  lines: string[];
  pass: boolean;
}
