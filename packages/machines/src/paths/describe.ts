/** Model paths in words, for QA: one numbered block per path. */
import { generatePaths } from './generate.ts';
import { models } from './models.ts';
import type { MachineName } from './models.ts';
import { replay } from './replay.ts';

/**
 * 'Start in loading (token stored, on /auth/login) → the user check succeeds → signedIn as Sari,
 * navigated to / (replace)'. Each path is replayed on the real machine, so the words after each
 * arrow are what the machine did, including navigation and storage.
 */
export async function describePaths(name: MachineName): Promise<string[]> {
  const model = models[name];
  const blocks: string[] = [];
  for (const path of generatePaths(model)) {
    const start = model.starts[path.start];
    const initial = path.steps[0]?.state;
    if (start === undefined || initial === undefined) continue;
    const run = await replay(model, path);
    const parts = [`Start in ${model.describeState(initial)} (${start.label})`];
    for (const step of run.steps) {
      const effects = step.effects.length > 0 ? `, ${step.effects.join(', ')}` : '';
      const mismatch = step.expected === step.actual ? '' : ' [MISMATCH with the model]';
      parts.push(
        `${model.describeEvent(step.event)} → ${model.describeState(step.snapshot)}${effects}${mismatch}`,
      );
    }
    blocks.push(`${blocks.length + 1}. ${parts.join('\n   → ')}`);
  }
  return blocks;
}
