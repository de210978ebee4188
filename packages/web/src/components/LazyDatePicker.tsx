/**
 * The date picker (react-aria's date field and calendar, @internationalized/date) in a chunk of
 * its own, loaded where a screen first shows one (the customers' filters). While it loads, its
 * label and an empty field of the same size hold its place. Same props as `DatePicker.tsx`.
 */
import { Suspense, type ComponentProps } from 'react';
import { lazyComponent } from '../lazyComponent.ts';
import * as field from './field.css.ts';
import * as css from './datePicker.css.ts';

const LoadedDatePicker = lazyComponent(() => import('./DatePicker.tsx'), 'DatePicker');

export type { DatePickerProps } from './DatePicker.tsx';

export function DatePicker(props: ComponentProps<typeof LoadedDatePicker>) {
  const placeholder = (
    <div className={css.picker} aria-busy="true">
      <span className={field.label}>{props.label}</span>
      <div className={css.group}>
        <span className={css.input}>{'\u00a0'}</span>
      </div>
    </div>
  );
  return (
    <Suspense fallback={placeholder}>
      <LoadedDatePicker {...props} />
    </Suspense>
  );
}
