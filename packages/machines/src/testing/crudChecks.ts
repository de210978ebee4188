/**
 * The model checks the CRM tables' machine tests share (a dialog of crudDialog.ts over a table
 * that is the machine's child): the acts a save calls, the server's field error beside its
 * field, and the table asked again after a save or a delete.
 */
import { expect, it } from 'vitest';
import type { ModelRun } from './modelRun.ts';
import { runsThrough } from './modelRun.ts';

interface ActCall {
  name: string;
  fields: unknown;
}

/**
 * `it`: a new record is saved with the `created` call and an edited one with the `updated` call
 * (name trimmed, colour lowercased); every colour sent is `#rrggbb` in lowercase.
 */
export function itSavesNewAndEdited(
  get: () => ModelRun,
  thing: string,
  calls: { created: ActCall; updated: ActCall },
): void {
  const { created, updated } = calls;
  it(`saves a new ${thing} with ${created.name} and an edited one with ${updated.name}, trimmed and lowercased`, () => {
    const sent = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === created.name || call.name === updated.name),
    );
    expect(sent).toContainEqual(created);
    expect(sent).toContainEqual(updated);
    for (const call of sent) expect((call.fields as { color: string }).color).toMatch(/^#[0-9a-f]{6}$/);
  });
}

/**
 * `it`: a save refused with `taken` (a name another record has) puts the server's message
 * beside the name, any other failure (the network) shows as the save's error; the form stays.
 */
export function itShowsServerFieldErrors(
  get: () => ModelRun,
  check: { submit: string; taken: unknown; message: string; dialog: (snapshot: never) => string },
): void {
  it('puts the server field error beside its field, and keeps the form open', () => {
    const runs = runsThrough(get(), [check.submit, 'xstate.error.actor.save']);
    expect(runs.length).toBeGreaterThan(0);
    for (const { run } of runs)
      for (const step of run.steps.filter((s) => s.event.type === 'xstate.error.actor.save')) {
        expect(check.dialog(step.snapshot as never)).toBe('form');
        if (step.event['error'] === check.taken)
          expect(step.snapshot.context['fieldErrors']).toEqual({ name: { message: check.message } });
        else expect(step.snapshot.context['saveError']).toMatchObject({ reason: 'network' });
      }
  });
}

/** Each save and delete that went through is announced, and the table asks for `page` again. */
export function expectTableAskedAfterSaveAndDelete(get: () => ModelRun, page: string): void {
  const runs = [
    ...runsThrough(get(), ['xstate.done.actor.save']),
    ...runsThrough(get(), ['xstate.done.actor.remove']),
  ];
  expect(runs.length).toBeGreaterThan(0);
  for (const { run } of runs) {
    const step = run.steps.find((s) => /^xstate\.done\.actor\.(save|remove)$/.test(s.event.type));
    expect(step?.effects.some((effect) => effect.startsWith('announces '))).toBe(true);
    expect(step?.effects).toContain(page);
  }
}

/** Every effect of every run, in order. */
export function allEffects(get: () => ModelRun): string[] {
  return get().runs.flatMap(({ run }) => run.steps.flatMap((step) => step.effects));
}
