import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  type Key,
} from 'react-aria-components';
import * as css from './customerPanel.css.ts';

export interface SelectOption {
  id: string;
  label: string;
}

/** A labelled single choice (react-aria Select): the assignee, the WhatsApp number and label filters. */
export function OptionSelect({
  label,
  options,
  selected,
  onSelect,
  isDisabled = false,
  className,
  testId,
}: {
  label: string;
  options: readonly SelectOption[];
  selected: string;
  onSelect(id: string): void;
  isDisabled?: boolean;
  className?: string;
  /** `data-testid` of the button that opens the choices. */
  testId?: string;
}) {
  return (
    <Select
      className={className ?? css.select}
      selectedKey={selected}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onSelect(String(key));
      }}
      isDisabled={isDisabled}
    >
      <Label className={css.term}>{label}</Label>
      <Button className={css.selectButton} data-testid={testId}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className={css.popover}>
        <ListBox className={css.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className={css.option} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
