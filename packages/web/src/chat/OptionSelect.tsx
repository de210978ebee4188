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
import { ColorSwatch } from '../crm/ColorChip.tsx';
import * as choice from '../crm/choice.css.ts';
import * as css from './customerPanel.css.ts';

export interface SelectOption {
  id: string;
  label: string;
  /** A record's colour, drawn as a dot before the label (`null`: none, a grey dot). */
  color?: string | null;
}

/**
 * A labelled single choice (react-aria Select): the assignee, the WhatsApp number, the label,
 * stage and division filters, a customer's stage and a conversation's division.
 */
export function OptionSelect({
  label,
  options,
  selected,
  onSelect,
  isDisabled = false,
  disabledKeys,
  className,
  testId,
}: {
  label: string;
  options: readonly SelectOption[];
  selected: string;
  onSelect(id: string): void;
  isDisabled?: boolean;
  /** Options shown but not choosable. */
  disabledKeys?: readonly string[];
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
      disabledKeys={disabledKeys ?? []}
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
              {option.color === undefined ? (
                option.label
              ) : (
                <span className={choice.row}>
                  <ColorSwatch color={option.color} />
                  {option.label}
                </span>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
