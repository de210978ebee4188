import type { ReactNode } from 'react';
import {
  Autocomplete,
  Dialog,
  DialogTrigger,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
} from 'react-aria-components';
import type { PickerStatus } from '@sapa/machines/crm';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from './choice.css.ts';
import { FailureRow } from './FailureRow.tsx';

/** A picker's texts, already translated. */
export interface SearchPickerTexts {
  /** The button that opens it, and its accessible name where that says more. */
  trigger: string;
  triggerLabel?: string;
  /** The accessible names of the picker (its dialog) and of its list. */
  picker: string;
  options: string;
  /** While the options load, and why they could not be (with the server's message). */
  loading: string;
  failed: string;
  /** The search field's label and placeholder. */
  search: string;
  /** What the list says when it offers nothing. */
  empty: string;
}

export interface SearchPickerProps<Option extends { id: string; name: string }> {
  /** Where the machine's picker is (`closed`: the popover is shut). */
  status: PickerStatus;
  /** What it offers now (already searched), and the search as typed. */
  options: readonly Option[];
  search: string;
  /** A change runs: nothing can be picked. */
  busy: boolean;
  texts: SearchPickerTexts;
  /** `data-testid` of the trigger and of each option (which also carries `data-option-id`). */
  triggerTestId: string;
  optionTestId: string;
  onOpenChange(open: boolean): void;
  onRetry(): void;
  onSearch(text: string): void;
  onPick(id: string): void;
  /** An option's content (default: its name). */
  renderOption?(option: Option): ReactNode;
  /**
   * A last entry that makes a new option from the search (the machine decides when it is
   * offered): its text, its `data-testid`, and what choosing it does.
   */
  create?: { text: string; testId: string; onCreate(): void } | null;
  /**
   * Opens under its button, in the page's flow, instead of in a popover: for a picker inside a
   * dialog, whose list it would otherwise cover.
   */
  inline?: boolean;
}

/** The key of the "create" entry among the options' ids. */
const CREATE_KEY = '\u0000create';

/**
 * A button that opens a searchable list of options in a popover (choiceRegions.ts' picker: the
 * options load, or fail with a retry; then the search filters them as one types, and Enter or a
 * click picks one). The machine decides what is offered and closes it once a pick is taken.
 */
export function SearchPicker<Option extends { id: string; name: string }>(props: SearchPickerProps<Option>) {
  const t = useT();
  const { status, options, texts, create } = props;
  const entries: readonly { id: string; name: string }[] = create
    ? [...options, { id: CREATE_KEY, name: create.text }]
    : options;
  const panel = (
    <>
      {status === 'loading' ? <Spinner label={texts.loading} /> : null}
      {status === 'failed' ? (
        <FailureRow message={texts.failed} action={t('common.retry')} onAction={props.onRetry} />
      ) : null}
      {status === 'picking' ? (
        <Autocomplete inputValue={props.search} onInputChange={props.onSearch}>
          <SearchField aria-label={texts.search} autoFocus>
            <Input className={css.search} placeholder={texts.search} />
          </SearchField>
          <ListBox
            className={css.options}
            aria-label={texts.options}
            items={entries}
            disabledKeys={props.busy ? entries.map((option) => option.id) : []}
            onAction={(key) => (key === CREATE_KEY ? create?.onCreate() : props.onPick(String(key)))}
            renderEmptyState={() => <p className={css.empty}>{texts.empty}</p>}
          >
            {(option) =>
              option.id === CREATE_KEY ? (
                <ListBoxItem
                  id={CREATE_KEY}
                  textValue={option.name}
                  className={css.option}
                  data-testid={create?.testId}
                >
                  <span aria-hidden="true">+</span>
                  {option.name}
                </ListBoxItem>
              ) : (
                <ListBoxItem
                  id={option.id}
                  textValue={option.name}
                  className={css.option}
                  data-testid={props.optionTestId}
                  data-option-id={option.id}
                >
                  {props.renderOption ? props.renderOption(option as Option) : option.name}
                </ListBoxItem>
              )
            }
          </ListBox>
        </Autocomplete>
      ) : null}
    </>
  );
  if (props.inline)
    return (
      <div className={css.inlinePicker}>
        <Button
          size="sm"
          tone="secondary"
          aria-label={texts.triggerLabel ?? texts.trigger}
          aria-expanded={status !== 'closed'}
          data-testid={props.triggerTestId}
          onPress={() => props.onOpenChange(status === 'closed')}
        >
          {texts.trigger}
        </Button>
        {status === 'closed' ? null : (
          <section className={css.inlinePanel} aria-label={texts.picker}>
            {panel}
          </section>
        )}
      </div>
    );
  return (
    <DialogTrigger isOpen={status !== 'closed'} onOpenChange={props.onOpenChange}>
      <Button
        size="sm"
        tone="secondary"
        aria-label={texts.triggerLabel ?? texts.trigger}
        data-testid={props.triggerTestId}
      >
        {texts.trigger}
      </Button>
      <Popover className={css.popover} placement="bottom end">
        <Dialog className={css.picker} aria-label={texts.picker}>
          {panel}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
