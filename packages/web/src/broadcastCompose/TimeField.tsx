import { Time } from '@internationalized/date';
import {
  DateInput,
  DateSegment,
  FieldError,
  Group,
  Label,
  TimeField as AriaTimeField,
  type TimeValue,
} from 'react-aria-components';
import { isScheduleTime } from '@sapa/sdk';
import * as field from '../components/field.css.ts';
import * as css from '../components/datePicker.css.ts';

/** `'09:30'` as the field's time, or null. */
function timeOf(value: string | null): Time | null {
  if (value === null || !isScheduleTime(value)) return null;
  return new Time(Number(value.slice(0, 2)), Number(value.slice(3, 5)));
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A time of day typed in hour and minute segments (react-aria-components' TimeField, 24-hour),
 * whose value in and out is `HH:mm` (the SDK's schedule time), or null while a segment is empty.
 */
export function TimeField({
  label,
  value,
  onChange,
  error,
  isDisabled = false,
  testId,
}: {
  label: string;
  value: string | null;
  onChange(value: string | null): void;
  error?: string | null;
  isDisabled?: boolean;
  testId?: string;
}) {
  return (
    <AriaTimeField<Time>
      className={css.picker}
      value={timeOf(value)}
      onChange={(next: TimeValue | null) =>
        onChange(next === null ? null : `${pad(next.hour)}:${pad(next.minute)}`)
      }
      hourCycle={24}
      granularity="minute"
      shouldForceLeadingZeros
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      validationBehavior="aria"
    >
      <Label className={field.label}>{label}</Label>
      <Group className={css.group} data-testid={testId}>
        <DateInput className={css.input}>
          {(segment) => <DateSegment segment={segment} className={css.segment} />}
        </DateInput>
      </Group>
      <FieldError className={field.error}>{error}</FieldError>
    </AriaTimeField>
  );
}
