import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { button, type ButtonVariants } from './button.css.ts';

export type ButtonProps = Omit<AriaButtonProps, 'className'> & NonNullable<ButtonVariants>;

export function Button({ tone, size, ...props }: ButtonProps) {
  return <AriaButton {...props} className={button({ tone, size })} />;
}
