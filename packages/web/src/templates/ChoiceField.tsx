/** A labelled single choice of a form (react-aria Select): the template's language, category, header. */
import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
  type Key,
} from 'react-aria-components';
import * as field from '../components/field.css.ts';
import * as hourCss from '../components/hourPicker.css.ts';

export interface Choice<T extends string> {
  id: T;
  label: string;
}

export function ChoiceField<T extends string>({
  label,
  choices,
  value,
  onChange,
  description,
  error,
  isDisabled = false,
  testId,
}: {
  label: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange(value: T): void;
  description?: string;
  error?: string | null;
  isDisabled?: boolean;
  testId?: string;
}) {
  return (
    <Select
      className={hourCss.picker}
      selectedKey={value}
      isDisabled={isDisabled}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      onSelectionChange={(key: Key | null) => {
        const picked = choices.find((choice) => choice.id === key);
        if (picked !== undefined) onChange(picked.id);
      }}
    >
      <Label className={field.label}>{label}</Label>
      <AriaButton className={hourCss.button} {...(testId ? { 'data-testid': testId } : {})}>
        <SelectValue className={hourCss.value} />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      {description ? (
        <Text slot="description" className={field.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={field.error}>{error}</FieldError>
      <Popover className={hourCss.popover}>
        <ListBox className={hourCss.listBox} items={choices}>
          {(choice) => (
            <ListBoxItem id={choice.id} className={hourCss.option} textValue={choice.label}>
              {choice.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
