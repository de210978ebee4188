/**
 * The template editor's test model: the owner of project k1abcdefgh writes an order update for
 * the number `a1`. Submitting the empty form touches every part (their problems show); the name is
 * first typed "Update Pesanan" (Meta's name rule) then `update_pesanan`; the category becomes
 * UTILITY; a text header "Pesanan {{1}}" with its example; the body "Halo " gets a variable from
 * "add variable" (a variable at the end: Meta's rule), then its text and an example; a footer;
 * a link button "Lacak" whose URL gets its variable and an example link; a quick reply added and
 * removed again. Meta may take it (PENDING), the name may be taken (beside the name), Meta may
 * refuse it or the network fail. Each part is typed in one order, so the graph stays small.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MessageTemplate } from '@sapa/sdk';
import { templateEditorMachine } from '../templateEditorMachine.ts';
import type { TemplateEditorContext } from '../templateEditorMachine.ts';
import { templateFormProblems } from '../templateEditor.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, networkError } from './fixtures.ts';
import type { PathModel } from './models.ts';

export const editorKey = 'k1abcdefgh';
export const editorAccountId = 'a1';

export const nameTaken = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { 'template.name': 'Template dengan nama dan bahasa ini sudah ada.' },
});
export const metaRefused = apiError('template_refused', 'Meta menolak template ini: kategori tidak sesuai.');

/** The template as Meta took it: in review. */
export const submittedTemplate: MessageTemplate = {
  id: 'tp-new',
  accountId: editorAccountId,
  wabaId: '102938475610293',
  metaId: '2001',
  name: 'update_pesanan',
  language: 'id',
  category: 'UTILITY',
  status: 'PENDING',
  reason: null,
  previousCategory: null,
  header: { format: 'TEXT', text: 'Pesanan {{1}}', example: 'INV-001' },
  body: 'Halo {{1}}, pesanan Anda sudah dikirim.',
  bodyExamples: ['Sari'],
  footer: 'Toko Batik Sari',
  buttons: [
    { type: 'URL', text: 'Lacak', url: 'https://toko.id/lacak/{{1}}', example: 'https://toko.id/lacak/A1' },
  ],
  updatedAt: '2025-03-03T09:00:00Z',
};

function ctx(snapshot: AnyMachineSnapshot): TemplateEditorContext {
  return snapshot.context as TemplateEditorContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  return JSON.stringify({
    value: snapshot.value,
    form: c.form,
    nextButtonId: c.nextButtonId,
    touched: [...c.touched].sort(),
    server: Object.keys(c.serverErrors),
    submitError: c.submitError?.reason ?? null,
    created: c.created?.name ?? null,
  });
}

/** The next thing the owner types, one at a time, in one order. */
function fillEvents(c: TemplateEditorContext): AnyEventObject[] {
  const { form } = c;
  const [link, reply] = form.buttons;
  if (form.name === '') return [{ type: 'templateEditor.name', value: 'Update Pesanan' }];
  if (form.name === 'Update Pesanan' || c.serverErrors['name'] !== undefined)
    return [
      {
        type: 'templateEditor.name',
        value: form.name === 'Update Pesanan' ? 'update_pesanan' : 'update_pesanan_2',
      },
    ];
  if (form.category !== 'UTILITY') return [{ type: 'templateEditor.category', value: 'UTILITY' }];
  if (form.headerFormat === 'NONE') return [{ type: 'templateEditor.headerFormat', value: 'TEXT' }];
  if (form.headerText === '') return [{ type: 'templateEditor.headerText', value: 'Pesanan {{1}}' }];
  if (form.headerExample === '') return [{ type: 'templateEditor.headerExample', value: 'INV-001' }];
  if (form.body === '') return [{ type: 'templateEditor.body', value: 'Halo ' }];
  if (form.body === 'Halo ') return [{ type: 'templateEditor.addVariable' }];
  if (form.body === 'Halo {{1}}')
    return [{ type: 'templateEditor.body', value: 'Halo {{1}}, pesanan Anda sudah dikirim.' }];
  if ((form.bodyExamples[0] ?? '') === '')
    return [{ type: 'templateEditor.example', index: 0, value: 'Sari' }];
  if (form.footer === '') return [{ type: 'templateEditor.footer', value: 'Toko Batik Sari' }];
  if (link === undefined) return [{ type: 'templateEditor.addButton', kind: 'URL' }];
  if (link.text === '')
    return [{ type: 'templateEditor.button', id: link.id, field: 'text', value: 'Lacak' }];
  if (link.url === '')
    return [{ type: 'templateEditor.button', id: link.id, field: 'url', value: 'https://toko.id/lacak/' }];
  if (!link.url.includes('{{')) return [{ type: 'templateEditor.addUrlVariable', id: link.id }];
  if (link.example === '')
    return [
      { type: 'templateEditor.button', id: link.id, field: 'example', value: 'https://toko.id/lacak/A1' },
    ];
  if (reply === undefined && c.nextButtonId === 2)
    return [{ type: 'templateEditor.addButton', kind: 'QUICK_REPLY' }];
  if (reply !== undefined) return [{ type: 'templateEditor.removeButton', id: reply.id }];
  return [];
}

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot);
  if (snapshot.matches('submitting'))
    return [
      { type: 'xstate.done.actor.create', output: submittedTemplate },
      { type: 'xstate.error.actor.create', error: nameTaken },
      { type: 'xstate.error.actor.create', error: metaRefused },
      { type: 'xstate.error.actor.create', error: networkError },
    ];
  if (!snapshot.matches('editing')) return [];
  const out = fillEvents(c);
  const empty = c.form.name === '';
  // Submitted once empty (nothing is sent), and then once the template has no problem left.
  if (empty || templateFormProblems(c.form).length === 0) out.push({ type: 'templateEditor.submit' });
  if (empty || c.submitError !== null) out.push({ type: 'templateEditor.cancel' });
  return out;
}

function describeEvent(event: AnyEventObject): string {
  const fields = event as unknown as Record<string, unknown>;
  const failed = /^xstate\.error\.actor\.create$/.exec(event.type);
  if (failed) {
    const error = fields['error'] as { reason?: string; message: string; errors?: Record<string, string> };
    if (error.reason === undefined) return 'template_create fails (network down)';
    return `template_create is refused (${Object.values(error.errors ?? {})[0] ?? error.message})`;
  }
  switch (event.type) {
    case 'xstate.done.actor.create':
      return 'Meta takes the template for review (PENDING)';
    case 'templateEditor.addVariable':
      return 'the owner presses "Tambah variabel"';
    case 'templateEditor.addButton':
      return `the owner adds a ${String(fields['kind'])} button`;
    case 'templateEditor.removeButton':
      return 'the owner removes the quick reply';
    case 'templateEditor.addUrlVariable':
      return 'the owner ends the link with its variable';
    case 'templateEditor.example':
      return `the owner types the example of {{${Number(fields['index']) + 1}}} "${String(fields['value'])}"`;
    case 'templateEditor.button':
      return `the owner types the button's ${String(fields['field'])} "${String(fields['value'])}"`;
    case 'templateEditor.submit':
      return 'the owner presses "Kirim ke Meta"';
    case 'templateEditor.cancel':
      return 'the owner closes the editor';
    default: {
      const part = event.type.replace('templateEditor.', '');
      return `the owner sets the ${part} "${String(fields['value'])}"`;
    }
  }
}

function describeState(snapshot: AnyMachineSnapshot): string {
  const c = ctx(snapshot);
  const name = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
  if (snapshot.matches('created')) return `created: ${c.created?.name ?? ''} (${c.created?.status ?? ''})`;
  if (snapshot.matches('cancelled')) return 'cancelled';
  const problems = templateFormProblems(c.form).map((p) => `${p.path.join('.')}:${p.code}`);
  const notes = [
    problems.length > 0 ? `${problems.length} problems (${problems.slice(0, 3).join(', ')})` : 'no problems',
    ...Object.values(c.serverErrors).map((message) => `"${message}"`),
    c.submitError ? `"${c.submitError.message}"` : '',
  ].filter(Boolean);
  return `${name}, ${notes.join(', ')}`;
}

export const templateEditorModel: PathModel = {
  name: 'templateEditor',
  machine: templateEditorMachine,
  serialize,
  starts: [
    {
      label: 'a new template for the number a1 of project k1abcdefgh',
      world: () => {
        const client = createFakeClient();
        return { input: { client, key: editorKey, accountId: editorAccountId }, client, browser: null };
      },
    },
  ],
  events,
  simple: {
    events: (snapshot) =>
      events(snapshot).filter(
        (event) =>
          event.type !== 'templateEditor.cancel' &&
          event.type !== 'xstate.error.actor.create' &&
          !(event.type === 'templateEditor.submit' && ctx(snapshot).form.name === ''),
      ),
    toState: (snapshot) => snapshot.matches('created'),
  },
  scenarios: [
    // Edits that change nothing the rules see: an unknown button, a link variable added twice, a
    // fourth link button refused; a media header; the language; examples typed past the variables.
    {
      start: 0,
      events: [
        { type: 'templateEditor.button', id: 99, field: 'text', value: 'x' },
        { type: 'templateEditor.addUrlVariable', id: 99 },
        { type: 'templateEditor.removeButton', id: 99 },
        { type: 'templateEditor.addButton', kind: 'PHONE_NUMBER' },
        { type: 'templateEditor.addButton', kind: 'PHONE_NUMBER' },
        { type: 'templateEditor.button', id: 1, field: 'phoneNumber', value: '081210009000' },
        { type: 'templateEditor.language', value: 'en' },
        { type: 'templateEditor.headerFormat', value: 'IMAGE' },
        { type: 'templateEditor.headerExampleUrl', value: 'https://toko.id/contoh.jpg' },
        { type: 'templateEditor.example', index: 2, value: 'lebih' },
      ],
    },
  ],
  actorActs: { create: 'template_create' },
  drivers: {},
  describeEvent,
  describeState,
};
