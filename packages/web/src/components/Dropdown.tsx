/**
 * A dropdown menu: a trigger button and a menu in a popover (react-aria-components MenuTrigger,
 * Menu, MenuItem). Arrow keys move, Enter picks, Escape closes and focus returns to the trigger.
 * Items act through `onAction`, or navigate with `href`.
 */
import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
  type MenuItemProps,
} from 'react-aria-components';
import * as css from './dropdown.css.ts';

export interface DropdownProps {
  /** The trigger's accessible name. */
  label: string;
  /** What the trigger shows. */
  trigger: ReactNode;
  triggerClassName?: string;
  children: ReactNode;
  placement?: 'bottom end' | 'bottom start';
}

export function Dropdown({
  label,
  trigger,
  triggerClassName,
  children,
  placement = 'bottom end',
}: DropdownProps) {
  return (
    <MenuTrigger>
      <AriaButton aria-label={label} {...(triggerClassName ? { className: triggerClassName } : {})}>
        {trigger}
      </AriaButton>
      <Popover className={css.popover} placement={placement} offset={6}>
        <Menu className={css.menu} aria-label={label}>
          {children}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

export function DropdownItem({ tone, ...props }: Omit<MenuItemProps, 'className'> & { tone?: 'danger' }) {
  return <MenuItem {...props} className={tone === 'danger' ? `${css.item} ${css.danger}` : css.item} />;
}

/** A titled group of items (the header is not focusable). */
export function DropdownSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <MenuSection>
      {title ? <Header className={css.header}>{title}</Header> : null}
      {children}
    </MenuSection>
  );
}

export function DropdownSeparator() {
  return <Separator className={css.separator} />;
}
