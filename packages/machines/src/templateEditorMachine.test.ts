import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_BUTTONS_MAX } from '@sapa/sdk';
import {
  insertBodyVariable,
  mayAddButton,
  templateDraftOf,
  templateServerErrors,
  withButton,
  emptyTemplateForm,
} from './templateEditor.ts';
import type { TemplateFormButton } from './templateEditor.ts';
import {
  selectBodyVariables,
  selectMayAddButton,
  selectTemplatePreview,
  selectTemplateProblems,
  templateEditorMachine,
} from './templateEditorMachine.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import {
  editorAccountId,
  editorKey,
  metaRefused,
  nameTaken,
  submittedTemplate,
} from './paths/templateEditorModel.ts';
import { modelSuite } from './testing/modelSuite.ts';
import { runsThrough } from './testing/modelRun.ts';

modelSuite('templateEditor', (get) => {
  it('submits only a template without problems, as the draft the rules checked', () => {
    const creates = get().runs.flatMap(({ run }) =>
      run.world.client.calls.filter((call) => call.name === 'template_create'),
    );
    expect(creates.length).toBeGreaterThan(0);
    expect(creates).toContainEqual({
      name: 'template_create',
      fields: {
        key: editorKey,
        accountId: editorAccountId,
        template: {
          name: 'update_pesanan',
          language: 'id',
          category: 'UTILITY',
          header: { format: 'TEXT', text: 'Pesanan {{1}}', example: 'INV-001' },
          body: 'Halo {{1}}, pesanan Anda sudah dikirim.',
          bodyExamples: ['Sari'],
          footer: 'Toko Batik Sari',
          buttons: [
            {
              type: 'URL',
              text: 'Lacak',
              url: 'https://toko.id/lacak/{{1}}',
              example: 'https://toko.id/lacak/A1',
            },
          ],
        },
      },
    });
    for (const { run } of get().runs)
      for (const step of run.steps)
        if (step.snapshot.matches('submitting'))
          expect(selectTemplateProblems(step.snapshot as never).all).toEqual([]);
  });

  it("shows Meta's rules beside the parts touched, and every one after an empty submit", () => {
    const steps = get().runs.flatMap(({ run }) => run.steps);
    const badName = steps.find(
      (s) => s.event.type === 'templateEditor.name' && s.event['value'] === 'Update Pesanan',
    );
    expect(badName).toBeDefined();
    const fields = selectTemplateProblems(badName?.snapshot as never).fields;
    expect(fields['name']).toEqual({ key: 'template.rule.name_format', params: {} });
    const emptySubmit = steps.find(
      (s) => s.event.type === 'templateEditor.submit' && s.snapshot.matches('editing'),
    );
    expect(selectTemplateProblems(emptySubmit?.snapshot as never).fields).toMatchObject({
      name: { key: 'template.rule.required' },
      body: { key: 'template.rule.required' },
    });
    // "Tambah variabel" at the end of the body: Meta refuses a body that ends with a variable.
    const added = steps.find((s) => s.event.type === 'templateEditor.addVariable');
    expect(added?.snapshot.context['form'].body).toBe('Halo {{1}}');
    expect(selectTemplateProblems(added?.snapshot as never).fields['body']).toEqual({
      key: 'template.rule.variable_at_end',
      params: {},
    });
  });

  it('puts a taken name beside the name until it is typed again, and anything else as the error', () => {
    const steps = get()
      .runs.flatMap(({ run }) => run.steps)
      .filter((s) => s.event.type === 'xstate.error.actor.create');
    const taken = steps.find((s) => s.event['error'] === nameTaken);
    expect(selectTemplateProblems(taken?.snapshot as never).fields['name']).toEqual({
      message: 'Template dengan nama dan bahasa ini sudah ada.',
    });
    expect(taken?.snapshot.context['submitError']).toBeNull();
    const refused = steps.find((s) => s.event['error'] === metaRefused);
    expect(refused?.snapshot.context['submitError']).toEqual({
      reason: 'template_refused',
      message: 'Meta menolak template ini: kategori tidak sesuai.',
    });
    const retyped = runsThrough(get(), ['xstate.error.actor.create', 'templateEditor.name']);
    expect(retyped.length).toBeGreaterThan(0);
    for (const { run } of retyped) {
      const step = run.steps.findLast((s) => s.event.type === 'templateEditor.name');
      expect(step?.snapshot.context['serverErrors']).toEqual({});
    }
  });

  it('ends with the template Meta took, or null when closed', () => {
    for (const { run } of get().runs) {
      if (run.final.status !== 'done') continue;
      expect([submittedTemplate, null]).toContainEqual(run.final.output);
    }
    expect(runsThrough(get(), ['xstate.done.actor.create']).length).toBeGreaterThan(0);
    expect(runsThrough(get(), ['templateEditor.cancel']).length).toBeGreaterThan(0);
  });
});

function start() {
  const client = createFakeClient();
  const actor = createActor(templateEditorMachine, { input: { client, key: 'k1', accountId: 'a1' } }).start();
  return { client, actor };
}

describe('template editor rules', () => {
  it('inserts the next variable at the caret, spaced from the word before it', () => {
    expect(insertBodyVariable('Halo', 4)).toEqual({ body: 'Halo {{1}}', caret: 10 });
    expect(insertBodyVariable('Halo {{1}}, tagihan  jatuh tempo', 20)).toEqual({
      body: 'Halo {{1}}, tagihan {{2}} jatuh tempo',
      caret: 25,
    });
    expect(insertBodyVariable('', undefined)).toEqual({ body: '{{1}}', caret: 5 });
    expect(insertBodyVariable('a {{3}} b', 99).body).toBe('a {{3}} b {{4}}');
  });

  it('keeps quick replies together and counts buttons as Meta does', () => {
    const kinds = (buttons: TemplateFormButton[]) => buttons.map((b) => `${b.type}#${b.id}`);
    let buttons = withButton([], 'QUICK_REPLY', 1);
    buttons = withButton(buttons, 'URL', 2);
    buttons = withButton(buttons, 'QUICK_REPLY', 3);
    expect(kinds(buttons)).toEqual(['QUICK_REPLY#1', 'QUICK_REPLY#3', 'URL#2']);
    let trailing = withButton([], 'URL', 1);
    trailing = withButton(trailing, 'QUICK_REPLY', 2);
    trailing = withButton(trailing, 'PHONE_NUMBER', 3);
    trailing = withButton(trailing, 'QUICK_REPLY', 4);
    expect(kinds(trailing)).toEqual(['URL#1', 'PHONE_NUMBER#3', 'QUICK_REPLY#2', 'QUICK_REPLY#4']);
    expect(mayAddButton(withButton(withButton([], 'URL', 1), 'URL', 2), 'URL')).toBe(false);
    expect(mayAddButton(withButton([], 'PHONE_NUMBER', 1), 'PHONE_NUMBER')).toBe(false);
    const full = Array.from({ length: TEMPLATE_BUTTONS_MAX }, (_, i) => withButton([], 'QUICK_REPLY', i)[0]!);
    expect(mayAddButton(full, 'QUICK_REPLY')).toBe(false);
  });

  it('drafts only what a variable needs: examples per body variable, header and link examples', () => {
    const form = {
      ...emptyTemplateForm('en'),
      name: ' promo ',
      headerFormat: 'TEXT' as const,
      headerText: 'Promo',
      headerExample: 'left over',
      body: 'Hi {{1}}, see you',
      bodyExamples: ['Sari', 'left over'],
      footer: '  ',
      buttons: [
        { id: 1, type: 'URL' as const, text: 'Open', url: 'https://x.id/a ', example: 'x', phoneNumber: '' },
      ],
    };
    expect(templateDraftOf(form)).toEqual({
      name: 'promo',
      language: 'en',
      category: 'MARKETING',
      header: { format: 'TEXT', text: 'Promo', example: null },
      body: 'Hi {{1}}, see you',
      bodyExamples: ['Sari'],
      footer: null,
      buttons: [{ type: 'URL', text: 'Open', url: 'https://x.id/a', example: null }],
    });
    expect(templateDraftOf({ ...form, headerFormat: 'VIDEO', headerExampleUrl: ' ' }).header).toEqual({
      format: 'VIDEO',
      exampleUrl: null,
    });
  });

  it("maps the server's field errors to the form's fields", () => {
    expect(
      templateServerErrors(
        apiError('invalid_input', 'x', {
          errors: {
            'template.buttons.0.url': 'a',
            name: 'b',
            accountId: 'c',
            'template.bodyExamples.1': 'd',
          },
        }),
      ),
    ).toEqual({ 'buttons.0.url': 'a', name: 'b', 'bodyExamples.1': 'd' });
  });

  it('previews the template with its examples, and lists the examples it needs', async () => {
    const { client, actor } = start();
    actor.send({ type: 'templateEditor.headerFormat', value: 'IMAGE' });
    actor.send({ type: 'templateEditor.headerExampleUrl', value: 'https://toko.id/a.jpg' });
    actor.send({ type: 'templateEditor.body', value: 'Halo {{1}}, diskon {{2}} hari ini.' });
    actor.send({ type: 'templateEditor.example', index: 1, value: '20%' });
    expect(selectBodyVariables(actor.getSnapshot())).toEqual(['1', '2']);
    const preview = selectTemplatePreview(actor.getSnapshot());
    expect(preview.body).toBe('Halo {{1}}, diskon 20% hari ini.');
    expect(preview.header).toEqual({ format: 'IMAGE', text: null, mediaUrl: 'https://toko.id/a.jpg' });
    actor.send({ type: 'templateEditor.addButton', kind: 'PHONE_NUMBER' });
    expect(selectMayAddButton(actor.getSnapshot(), 'PHONE_NUMBER')).toBe(false);
    actor.send({ type: 'templateEditor.addButton', kind: 'PHONE_NUMBER' });
    expect(actor.getSnapshot().context.form.buttons).toHaveLength(1);
    // Not submitted with problems: the name and the first example are missing.
    actor.send({ type: 'templateEditor.submit' });
    expect(client.pending()).toEqual([]);
    expect(selectTemplateProblems(actor.getSnapshot()).canSubmit).toBe(false);
    await flush();
  });

  it('gives up the submit when closed mid-way', () => {
    const { client, actor } = start();
    actor.send({ type: 'templateEditor.name', value: 'salam' });
    actor.send({ type: 'templateEditor.body', value: 'Halo, terima kasih.' });
    expect(selectTemplateProblems(actor.getSnapshot())).toMatchObject({ all: [], canSubmit: true });
    actor.send({ type: 'templateEditor.submit' });
    expect(client.pending().map((call) => call.name)).toEqual(['template_create']);
    expect(selectTemplateProblems(actor.getSnapshot()).canSubmit).toBe(false);
    actor.stop();
    expect(client.signals[0]?.aborted).toBe(true);
  });
});
