/**
 * The template editor (templateEditorMachine): the form on the left, the live preview on the
 * right (under the form on a narrow screen). Each field shows the rule it breaks once its part was
 * touched, and what the server refused; the submit bar lists what is left to fix and offers
 * "Kirim ke Meta" only when nothing is.
 */
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { FieldError, Form, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { TEMPLATE_BODY_MAX, templateCategories, templateLanguages, templateProblemMessage } from '@sapa/sdk';
import type { TemplateProblem, WhatsAppAccount } from '@sapa/sdk';
import type { templateEditorMachine } from '@sapa/machines/team';
import {
  selectBodyVariables,
  selectMayAddButton,
  selectTemplateForm,
  selectTemplatePreview,
  selectTemplateProblems,
  type TemplateButtonKind,
  type TemplateFieldProblem,
  type TemplateFormButton,
  type TemplateHeaderChoice,
} from '@sapa/machines/team';
import { FormError } from '../auth/AuthLayout.tsx';
import { Button } from '../components/Button.tsx';
import { TextField } from '../components/TextField.tsx';
import * as field from '../components/field.css.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { ChoiceField } from './ChoiceField.tsx';
import { TemplatePreview } from '../outreach/TemplatePreview.tsx';
import * as css from './templates.css.ts';

type EditorActor = ActorRefFrom<typeof templateEditorMachine>;

const headerChoices: readonly TemplateHeaderChoice[] = ['NONE', 'TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'];
const buttonKinds: readonly TemplateButtonKind[] = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER'];

function problemText(t: Translate, problem: TemplateFieldProblem | undefined): string | null {
  if (problem === undefined) return null;
  return 'message' in problem ? problem.message : t(problem.key, problem.params);
}

/** Where a problem is, in words: "Isi pesan", "Contoh {{2}}", "Tombol 1". */
function problemPlace(t: Translate, problem: TemplateProblem): string {
  const [area, index] = problem.path;
  switch (area) {
    case 'name':
      return t('templates.editor.field.name');
    case 'header':
      return t('templates.editor.field.header');
    case 'bodyExamples':
      return t('templates.editor.field.example', { variable: `{{${Number(index) + 1}}}` });
    case 'footer':
      return t('templates.editor.field.footer');
    case 'buttons':
      return typeof index === 'number'
        ? t('templates.editor.field.button', { n: index + 1 })
        : t('templates.editor.field.buttons');
    default:
      return t('templates.editor.field.body');
  }
}

export function TemplateEditor({ editor, account }: { editor: EditorActor; account: WhatsAppAccount }) {
  const t = useT();
  const form = useSelector(editor, selectTemplateForm);
  const problems = useSelector(editor, selectTemplateProblems);
  const preview = useSelector(editor, selectTemplatePreview);
  const variables = useSelector(editor, selectBodyVariables);
  const submitting = useSelector(editor, (snapshot) => snapshot.hasTag('submitting'));
  const submitError = useSelector(editor, (snapshot) => snapshot.context.submitError);
  const bodyCaret = useSelector(editor, (snapshot) => snapshot.context.bodyCaret);
  const mayAdd = useSelector(editor, (snapshot) =>
    Object.fromEntries(buttonKinds.map((kind) => [kind, selectMayAddButton(snapshot, kind)])),
  );
  const body = useRef<HTMLTextAreaElement>(null);
  const error = (key: string) => problemText(t, problems.fields[key]);
  const formId = `template-editor-${account.id}`;

  // After "Tambah variabel" the caret goes right after the variable inserted.
  useEffect(() => {
    if (bodyCaret === null || body.current === null) return;
    body.current.focus();
    body.current.setSelectionRange(bodyCaret, bodyCaret);
  }, [bodyCaret]);

  return (
    <section className={css.editor} aria-labelledby="template-editor-title">
      <Form
        id={formId}
        className={css.form}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          editor.send({ type: 'templateEditor.submit' });
        }}
      >
        <div className={css.editorHead}>
          <h2 id="template-editor-title" className={css.editorTitle}>
            {t('templates.editor.title')}
          </h2>
          <p className={css.muted}>{t('templates.editor.intro', { name: account.name })}</p>
        </div>

        <fieldset className={css.fieldset} disabled={submitting}>
          <TextField
            label={t('templates.editor.name')}
            value={form.name}
            onChange={(value) => editor.send({ type: 'templateEditor.name', value })}
            description={t('templates.editor.nameHint')}
            error={error('name')}
            autoComplete="off"
            autoFocus
          />
          <div className={css.row}>
            <ChoiceField
              label={t('templates.editor.language')}
              choices={templateLanguages.map((id) => ({ id, label: t(`templates.language.${id}`) }))}
              value={form.language}
              onChange={(value) => editor.send({ type: 'templateEditor.language', value })}
              isDisabled={submitting}
              testId="template-language"
            />
            <ChoiceField
              label={t('templates.editor.category')}
              choices={templateCategories.map((id) => ({ id, label: t(`templates.category.${id}`) }))}
              value={form.category}
              onChange={(value) => editor.send({ type: 'templateEditor.category', value })}
              isDisabled={submitting}
              testId="template-category"
            />
          </div>
          <p className={css.muted}>{t('templates.editor.categoryHint')}</p>
        </fieldset>

        <fieldset className={css.fieldset} disabled={submitting}>
          <ChoiceField
            label={t('templates.editor.header')}
            choices={headerChoices.map((id) => ({ id, label: t(`templates.editor.header.${id}`) }))}
            value={form.headerFormat}
            onChange={(value) => editor.send({ type: 'templateEditor.headerFormat', value })}
            error={error('header')}
            isDisabled={submitting}
            testId="template-header"
          />
          {form.headerFormat === 'TEXT' ? (
            <div className={css.row}>
              <TextField
                label={t('templates.editor.headerText')}
                value={form.headerText}
                onChange={(value) => editor.send({ type: 'templateEditor.headerText', value })}
                description={t('templates.editor.headerTextHint')}
                error={error('header.text')}
              />
              {form.headerText.includes('{{') ? (
                <TextField
                  label={t('templates.editor.headerExample')}
                  value={form.headerExample}
                  onChange={(value) => editor.send({ type: 'templateEditor.headerExample', value })}
                  error={error('header.example')}
                />
              ) : null}
            </div>
          ) : null}
          {form.headerFormat === 'IMAGE' ||
          form.headerFormat === 'VIDEO' ||
          form.headerFormat === 'DOCUMENT' ? (
            <TextField
              label={t('templates.editor.headerExampleUrl')}
              type="url"
              value={form.headerExampleUrl}
              onChange={(value) => editor.send({ type: 'templateEditor.headerExampleUrl', value })}
              description={t('templates.editor.headerExampleUrlHint')}
              error={error('header.exampleUrl')}
            />
          ) : null}
        </fieldset>

        <fieldset className={css.fieldset} disabled={submitting}>
          <AriaTextField
            className={field.field}
            value={form.body}
            onChange={(value) => editor.send({ type: 'templateEditor.body', value })}
            isInvalid={Boolean(error('body'))}
            validationBehavior="aria"
          >
            <Label className={field.label}>{t('templates.editor.body')}</Label>
            <div className={css.textareaRow}>
              <TextArea ref={body} className={css.textarea} data-testid="template-body" />
            </div>
            <Text slot="description" className={field.description}>
              {t('templates.editor.bodyHint')}
            </Text>
            <FieldError className={field.error}>{error('body')}</FieldError>
          </AriaTextField>
          <div className={css.bodyTools}>
            <Button
              size="sm"
              tone="secondary"
              onPress={() =>
                editor.send({
                  type: 'templateEditor.addVariable',
                  at: body.current?.selectionStart ?? form.body.length,
                })
              }
            >
              {t('templates.editor.addVariable')}
            </Button>
            <span className={css.count}>
              {t('templates.editor.bodyCount', { count: form.body.length, max: TEMPLATE_BODY_MAX })}
            </span>
          </div>
          {variables.length > 0 ? (
            <>
              <p className={field.label}>{t('templates.editor.examples')}</p>
              <p className={css.muted}>{t('templates.editor.examplesHint')}</p>
              <div className={css.row}>
                {variables.map((name, index) => (
                  <TextField
                    key={name}
                    label={t('templates.editor.example', { variable: `{{${name}}}` })}
                    value={form.bodyExamples[index] ?? ''}
                    onChange={(value) => editor.send({ type: 'templateEditor.example', index, value })}
                    error={error(`bodyExamples.${index}`)}
                  />
                ))}
              </div>
            </>
          ) : null}
        </fieldset>

        <fieldset className={css.fieldset} disabled={submitting}>
          <TextField
            label={t('templates.editor.footer')}
            value={form.footer}
            onChange={(value) => editor.send({ type: 'templateEditor.footer', value })}
            description={t('templates.editor.footerHint')}
            error={error('footer')}
          />
        </fieldset>

        <fieldset className={css.fieldset} disabled={submitting}>
          <legend className={css.legend}>{t('templates.editor.buttons')}</legend>
          <p className={css.muted}>{t('templates.editor.buttonsHint')}</p>
          {error('buttons') ? <p className={css.sectionError}>{error('buttons')}</p> : null}
          {form.buttons.map((button, index) => (
            <ButtonEditor key={button.id} editor={editor} button={button} index={index} error={error} />
          ))}
          <div className={css.addButtons}>
            {buttonKinds.map((kind) => (
              <Button
                key={kind}
                size="sm"
                tone="secondary"
                isDisabled={!mayAdd[kind]}
                onPress={() => editor.send({ type: 'templateEditor.addButton', kind })}
              >
                {t(`templates.editor.addButton.${kind}`)}
              </Button>
            ))}
          </div>
        </fieldset>
      </Form>
      <aside className={css.previewColumn} aria-labelledby="template-preview-title">
        <h3 id="template-preview-title" className={css.buttonTitle}>
          {t('templates.editor.preview')}
        </h3>
        <p className={css.muted}>{t('templates.editor.previewHint')}</p>
        {/* A sample's link is Meta's to fetch, not the browser's: the media slot shows its kind. */}
        <TemplatePreview
          view={{
            ...preview,
            header: preview.header === null ? null : { ...preview.header, mediaUrl: null },
          }}
        />
      </aside>
      <div className={css.submitBar}>
        {problems.all.length > 0 ? (
          <>
            <p className={css.muted}>{t('templates.editor.problems', { count: problems.all.length })}</p>
            <ul className={css.problems} data-testid="template-problems">
              {problems.all.map((problem, index) => (
                <li key={index}>
                  {problemPlace(t, problem)}: {problemText(t, templateProblemMessage(problem))}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className={css.ready}>{t('templates.editor.ready')}</p>
        )}
        <FormError
          message={submitError ? t('templates.editor.failed', { message: submitError.message }) : null}
        />
        <div className={css.submitActions}>
          <Button
            tone="secondary"
            isDisabled={submitting}
            onPress={() => editor.send({ type: 'templateEditor.cancel' })}
          >
            {t('templates.editor.cancel')}
          </Button>
          <Button type="submit" form={formId} isDisabled={!problems.canSubmit}>
            {submitting ? t('templates.editor.submitting') : t('templates.editor.submit')}
          </Button>
        </div>
      </div>
    </section>
  );
}

function ButtonEditor({
  editor,
  button,
  index,
  error,
}: {
  editor: EditorActor;
  button: TemplateFormButton;
  index: number;
  error(key: string): string | null;
}) {
  const t = useT();
  const set = (fieldName: 'text' | 'url' | 'example' | 'phoneNumber') => (value: string) =>
    editor.send({ type: 'templateEditor.button', id: button.id, field: fieldName, value });
  const n = index + 1;
  return (
    <div className={css.button} data-testid="template-button">
      <div className={css.buttonHead}>
        <h4 className={css.buttonTitle}>
          {t('templates.editor.buttonTitle', { n, kind: t(`templates.editor.button.${button.type}`) })}
        </h4>
        <Button
          size="sm"
          tone="ghost"
          aria-label={t('templates.editor.removeButton', { n })}
          onPress={() => editor.send({ type: 'templateEditor.removeButton', id: button.id })}
        >
          ×
        </Button>
      </div>
      {error(`buttons.${index}`) ? <p className={css.sectionError}>{error(`buttons.${index}`)}</p> : null}
      <TextField
        label={t('templates.editor.buttonText')}
        value={button.text}
        onChange={set('text')}
        error={error(`buttons.${index}.text`)}
      />
      {button.type === 'URL' ? (
        <>
          <div className={css.urlRow}>
            <div className={css.grow}>
              <TextField
                label={t('templates.editor.buttonUrl')}
                type="url"
                value={button.url}
                onChange={set('url')}
                description={t('templates.editor.buttonUrlHint')}
                error={error(`buttons.${index}.url`)}
              />
            </div>
            {!button.url.includes('{{') ? (
              <Button
                size="sm"
                tone="secondary"
                onPress={() => editor.send({ type: 'templateEditor.addUrlVariable', id: button.id })}
              >
                {t('templates.editor.addUrlVariable')}
              </Button>
            ) : null}
          </div>
          {button.url.includes('{{') ? (
            <TextField
              label={t('templates.editor.buttonExample')}
              type="url"
              value={button.example}
              onChange={set('example')}
              error={error(`buttons.${index}.example`)}
            />
          ) : null}
        </>
      ) : null}
      {button.type === 'PHONE_NUMBER' ? (
        <TextField
          label={t('templates.editor.buttonPhone')}
          type="tel"
          value={button.phoneNumber}
          onChange={set('phoneNumber')}
          placeholder={t('auth.phonePlaceholder')}
          error={error(`buttons.${index}.phoneNumber`)}
        />
      ) : null}
    </div>
  );
}
