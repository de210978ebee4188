/**
 * The template editor of the Templates tab (`/project/account/{key}`): name, language, category,
 * header (none, text with at most one variable, image, video, document with a sample link), body
 * with variables (`templateEditor.addVariable` inserts the next `{{n}}`) and an example each,
 * footer, buttons (quick reply, link with a variable and its example, phone). Meta's rules are the
 * SDK's `templateDraftProblems`, run on every change: a part's problems show beside its fields once
 * it is touched, and the template is submitted (`template_create`) only without problems. The
 * server's field errors land beside their fields until edited; anything else is `submitError`.
 * templatesMachine runs it; it ends `created` (output: the template, usually `PENDING`) or
 * `cancelled` (output null).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { renderTemplate } from '@sapa/sdk';
import type {
  MessageTemplate,
  RenderedTemplate,
  TemplateCategory,
  TemplateDraft,
  TemplateLanguage,
  TemplateProblem,
} from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import type { ActCaller } from './sdk.ts';
import {
  bodyVariables,
  emptyTemplateForm,
  insertBodyVariable,
  mayAddButton,
  templateDraftOf,
  templateFormAreas,
  templateFormProblems,
  templateServerErrors,
  visibleProblems,
  withButton,
  withoutServerErrors,
} from './templateEditor.ts';
import type {
  TemplateButtonField,
  TemplateButtonKind,
  TemplateFieldProblem,
  TemplateForm,
  TemplateFormArea,
  TemplateHeaderChoice,
} from './templateEditor.ts';

export interface TemplateEditorInput {
  client: ActCaller;
  key: string;
  /** The number whose WhatsApp Business Account gets the template. */
  accountId: string;
  /** The language the editor starts with (the owner's). */
  language?: TemplateLanguage;
}

export interface TemplateEditorContext {
  client: ActCaller;
  key: string;
  accountId: string;
  form: TemplateForm;
  /** The id the next button gets. */
  nextButtonId: number;
  /** The parts edited so far: their problems show. */
  touched: TemplateFormArea[];
  /** The server's field errors of the last submit, by field path (`buttons.0.url`). */
  serverErrors: Record<string, string>;
  /** Why the last submit failed, when it was not a field's fault. */
  submitError: FlowError | null;
  /** Where the caret goes in the body after a variable was inserted (null: leave it). */
  bodyCaret: number | null;
  /** The template as Meta took it (state `created`). */
  created: MessageTemplate | null;
}

export type TemplateEditorEvent =
  | { type: 'templateEditor.name'; value: string }
  | { type: 'templateEditor.language'; value: TemplateLanguage }
  | { type: 'templateEditor.category'; value: TemplateCategory }
  | { type: 'templateEditor.headerFormat'; value: TemplateHeaderChoice }
  | { type: 'templateEditor.headerText'; value: string }
  | { type: 'templateEditor.headerExample'; value: string }
  | { type: 'templateEditor.headerExampleUrl'; value: string }
  | { type: 'templateEditor.body'; value: string }
  /** Inserts the next variable at the caret (`at`; the end when absent). */
  | { type: 'templateEditor.addVariable'; at?: number }
  | { type: 'templateEditor.example'; index: number; value: string }
  | { type: 'templateEditor.footer'; value: string }
  | { type: 'templateEditor.addButton'; kind: TemplateButtonKind }
  | { type: 'templateEditor.button'; id: number; field: TemplateButtonField; value: string }
  /** Ends a link button's URL with its variable, `{{1}}`. */
  | { type: 'templateEditor.addUrlVariable'; id: number }
  | { type: 'templateEditor.removeButton'; id: number }
  | { type: 'templateEditor.submit' }
  /** Closes the editor without submitting (not while it submits). */
  | { type: 'templateEditor.cancel' };

/** What the editor ends with: the template submitted, or null when it was closed. */
export type TemplateEditorOutput = MessageTemplate | null;

export type TemplateEditorTag = 'submitting' | 'busy';

/** template_create: Meta's rules are checked again by the contract and the server. */
export const createTemplate = fromPromise<
  MessageTemplate,
  { client: ActCaller; key: string; accountId: string; template: TemplateDraft }
>(async ({ input, signal }) => {
  const { client, key, accountId, template } = input;
  return (await client.act('template_create', { key, accountId, template }, { signal })).data;
});

type Context = TemplateEditorContext;

function touch(context: Context, area: TemplateFormArea): Pick<Context, 'touched' | 'serverErrors'> {
  return {
    touched: context.touched.includes(area) ? context.touched : [...context.touched, area],
    serverErrors: withoutServerErrors(context.serverErrors, area),
  };
}

/** The form with `change`, `area` touched (its server errors dropped) and the caret left alone. */
function edit(context: Context, area: TemplateFormArea, change: Partial<TemplateForm>): Partial<Context> {
  return { form: { ...context.form, ...change }, ...touch(context, area), bodyCaret: null };
}

export const templateEditorMachine = setup({
  types: {} as {
    context: TemplateEditorContext;
    events: TemplateEditorEvent;
    input: TemplateEditorInput;
    output: TemplateEditorOutput;
    tags: TemplateEditorTag;
    children: { create: 'createTemplate' };
  },
  actors: { createTemplate },
  guards: {
    noProblems: ({ context }) => templateFormProblems(context.form).length === 0,
    mayAddButton: ({ context }, params: { kind: TemplateButtonKind }) =>
      mayAddButton(context.form.buttons, params.kind),
    hasButton: ({ context }, params: { id: number }) =>
      context.form.buttons.some((button) => button.id === params.id),
  },
  actions: {
    setName: assign(({ context }, params: { value: string }) =>
      edit(context, 'name', { name: params.value }),
    ),
    setLanguage: assign(({ context }, params: { value: TemplateLanguage }) =>
      edit(context, 'language', { language: params.value }),
    ),
    setCategory: assign(({ context }, params: { value: TemplateCategory }) =>
      edit(context, 'category', { category: params.value }),
    ),
    setHeaderFormat: assign(({ context }, params: { value: TemplateHeaderChoice }) =>
      edit(context, 'header', { headerFormat: params.value }),
    ),
    setHeaderText: assign(({ context }, params: { value: string }) =>
      edit(context, 'header', { headerText: params.value }),
    ),
    setHeaderExample: assign(({ context }, params: { value: string }) =>
      edit(context, 'header', { headerExample: params.value }),
    ),
    setHeaderExampleUrl: assign(({ context }, params: { value: string }) =>
      edit(context, 'header', { headerExampleUrl: params.value }),
    ),
    setBody: assign(({ context }, params: { value: string }) =>
      edit(context, 'body', { body: params.value }),
    ),
    addVariable: assign(({ context }, params: { at?: number }) => {
      const inserted = insertBodyVariable(context.form.body, params.at);
      return { ...edit(context, 'body', { body: inserted.body }), bodyCaret: inserted.caret };
    }),
    setExample: assign(({ context }, params: { index: number; value: string }) => {
      const bodyExamples = [...context.form.bodyExamples];
      while (bodyExamples.length < params.index) bodyExamples.push('');
      bodyExamples[params.index] = params.value;
      return edit(context, 'bodyExamples', { bodyExamples });
    }),
    setFooter: assign(({ context }, params: { value: string }) =>
      edit(context, 'footer', { footer: params.value }),
    ),
    addButton: assign(({ context }, params: { kind: TemplateButtonKind }) => ({
      ...edit(context, 'buttons', {
        buttons: withButton(context.form.buttons, params.kind, context.nextButtonId),
      }),
      nextButtonId: context.nextButtonId + 1,
    })),
    setButton: assign(({ context }, params: { id: number; field: TemplateButtonField; value: string }) =>
      edit(context, 'buttons', {
        buttons: context.form.buttons.map((button) =>
          button.id === params.id ? { ...button, [params.field]: params.value } : button,
        ),
      }),
    ),
    addUrlVariable: assign(({ context }, params: { id: number }) =>
      edit(context, 'buttons', {
        buttons: context.form.buttons.map((button) =>
          button.id === params.id && !button.url.includes('{{')
            ? { ...button, url: `${button.url}{{1}}` }
            : button,
        ),
      }),
    ),
    removeButton: assign(({ context }, params: { id: number }) =>
      edit(context, 'buttons', { buttons: context.form.buttons.filter((button) => button.id !== params.id) }),
    ),
    touchAll: assign({ touched: () => [...templateFormAreas] }),
    startSubmit: assign({ serverErrors: {}, submitError: null }),
    showSubmitError: assign((_, params: { error: unknown }) => {
      const serverErrors = templateServerErrors(params.error);
      return {
        serverErrors,
        submitError: Object.keys(serverErrors).length > 0 ? null : toFlowError(params.error),
        touched: [...templateFormAreas],
      };
    }),
    keepCreated: assign((_, params: { template: MessageTemplate }) => ({ created: params.template })),
  },
}).createMachine({
  id: 'templateEditor',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    accountId: input.accountId,
    form: emptyTemplateForm(input.language ?? 'id'),
    nextButtonId: 1,
    touched: [],
    serverErrors: {},
    submitError: null,
    bodyCaret: null,
    created: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'templateEditor.name': { actions: { type: 'setName', params: ({ event }) => event } },
        'templateEditor.language': { actions: { type: 'setLanguage', params: ({ event }) => event } },
        'templateEditor.category': { actions: { type: 'setCategory', params: ({ event }) => event } },
        'templateEditor.headerFormat': { actions: { type: 'setHeaderFormat', params: ({ event }) => event } },
        'templateEditor.headerText': { actions: { type: 'setHeaderText', params: ({ event }) => event } },
        'templateEditor.headerExample': {
          actions: { type: 'setHeaderExample', params: ({ event }) => event },
        },
        'templateEditor.headerExampleUrl': {
          actions: { type: 'setHeaderExampleUrl', params: ({ event }) => event },
        },
        'templateEditor.body': { actions: { type: 'setBody', params: ({ event }) => event } },
        'templateEditor.addVariable': { actions: { type: 'addVariable', params: ({ event }) => event } },
        'templateEditor.example': { actions: { type: 'setExample', params: ({ event }) => event } },
        'templateEditor.footer': { actions: { type: 'setFooter', params: ({ event }) => event } },
        'templateEditor.addButton': {
          guard: { type: 'mayAddButton', params: ({ event }) => event },
          actions: { type: 'addButton', params: ({ event }) => event },
        },
        'templateEditor.button': {
          guard: { type: 'hasButton', params: ({ event }) => event },
          actions: { type: 'setButton', params: ({ event }) => event },
        },
        'templateEditor.addUrlVariable': {
          guard: { type: 'hasButton', params: ({ event }) => event },
          actions: { type: 'addUrlVariable', params: ({ event }) => event },
        },
        'templateEditor.removeButton': {
          guard: { type: 'hasButton', params: ({ event }) => event },
          actions: { type: 'removeButton', params: ({ event }) => event },
        },
        'templateEditor.submit': [
          { guard: 'noProblems', target: 'submitting', actions: 'startSubmit' },
          // The web offers no submit then; all the problems show if one arrives anyway.
          { actions: 'touchAll' },
        ],
        'templateEditor.cancel': 'cancelled',
      },
    },
    submitting: {
      tags: ['submitting', 'busy'],
      invoke: {
        id: 'create',
        src: 'createTemplate',
        input: ({ context }) => ({
          client: context.client,
          key: context.key,
          accountId: context.accountId,
          template: templateDraftOf(context.form),
        }),
        onDone: {
          target: 'created',
          actions: { type: 'keepCreated', params: ({ event }) => ({ template: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'showSubmitError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    created: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => context.created,
});

export type TemplateEditorSnapshot = SnapshotFrom<typeof templateEditorMachine>;

export function selectTemplateForm(snapshot: TemplateEditorSnapshot): TemplateForm {
  return snapshot.context.form;
}

/** The draft as `template_create` would take it now. */
export function selectTemplateDraft(snapshot: TemplateEditorSnapshot): TemplateDraft {
  return templateDraftOf(snapshot.context.form);
}

/** The preview: the template as the customer sees it, its variables filled with the examples. */
export function selectTemplatePreview(snapshot: TemplateEditorSnapshot): RenderedTemplate {
  return renderTemplate(templateDraftOf(snapshot.context.form), 'examples');
}

/** The body's variables, each with an example field (`['1', '2']`). */
export function selectBodyVariables(snapshot: TemplateEditorSnapshot): string[] {
  return bodyVariables(snapshot.context.form);
}

export interface TemplateEditorProblems {
  /** Beside each field, by field path (`name`, `bodyExamples.0`, `buttons.1.url`). */
  fields: Record<string, TemplateFieldProblem>;
  /** Every rule broken now, touched or not (the checklist by the submit button). */
  all: TemplateProblem[];
  /** Whether the template may be submitted (no problems, not submitting). */
  canSubmit: boolean;
}

export function selectTemplateProblems(snapshot: TemplateEditorSnapshot): TemplateEditorProblems {
  const { form, touched, serverErrors } = snapshot.context;
  const all = templateFormProblems(form);
  return {
    fields: visibleProblems(all, touched, serverErrors),
    all,
    canSubmit: all.length === 0 && snapshot.matches('editing'),
  };
}

/** Whether another button of `kind` may be added (Meta's counts). */
export function selectMayAddButton(snapshot: TemplateEditorSnapshot, kind: TemplateButtonKind): boolean {
  return mayAddButton(snapshot.context.form.buttons, kind);
}
