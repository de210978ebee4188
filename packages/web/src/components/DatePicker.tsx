import { CalendarDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Label,
  Popover,
  type DateValue,
} from 'react-aria-components';
import { dateInputToDay, dayToDateInput } from '@sapa/sdk';
import { useT } from '../i18n/I18nProvider.tsx';
import { Svg } from './icons.tsx';
import * as field from './field.css.ts';
import * as css from './datePicker.css.ts';

export interface DatePickerProps {
  /** The visible label, which also names the field, its calendar button and its clear button. */
  label: string;
  /** SPEC.md section 3: `yyyy-mm-dd`, or null for no date. */
  value: string | null;
  /** A real `yyyy-mm-dd` date, or null once cleared. */
  onChange(value: string | null): void;
  /** The earliest and latest days the calendar offers (`yyyy-mm-dd`); others show as unavailable. */
  minValue?: string | null;
  maxValue?: string | null;
  /** A message already translated: shown under the field, which is marked invalid. */
  error?: string | null;
  isDisabled?: boolean;
  /** `data-testid` of the field's group. */
  testId?: string;
}

/** A `yyyy-mm-dd` value as the widgets' calendar date (the SDK decides what is a date). */
function calendarDate(value: string | null | undefined): CalendarDate | null {
  const day = dateInputToDay(value);
  return day === null ? null : new CalendarDate(day.year, day.month, day.day);
}

/**
 * A date field with a calendar popover (react-aria-components' DatePicker) whose value in and out
 * is SPEC.md's `yyyy-mm-dd` string, or null. The day, month and year are typed in segments in the
 * order of the app's language (Indonesian `dd/mm/yyyy` by default; the locale comes from the
 * app's `I18nProvider`), or picked from the calendar; the clear button empties it. The label names
 * the field; the buttons carry it in their own names.
 */
export function DatePicker({
  label,
  value,
  onChange,
  minValue,
  maxValue,
  error,
  isDisabled = false,
  testId,
}: DatePickerProps) {
  const t = useT();
  const min = calendarDate(minValue);
  const max = calendarDate(maxValue);
  return (
    <AriaDatePicker<CalendarDate>
      className={css.picker}
      value={calendarDate(value)}
      onChange={(next: DateValue | null) => onChange(dayToDateInput(next))}
      {...(min === null ? {} : { minValue: min })}
      {...(max === null ? {} : { maxValue: max })}
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      validationBehavior="aria"
      granularity="day"
      shouldForceLeadingZeros
    >
      <Label className={field.label}>{label}</Label>
      <Group className={css.group} data-testid={testId}>
        <DateInput className={css.input}>
          {(segment) => <DateSegment segment={segment} className={css.segment} />}
        </DateInput>
        {value === null ? null : (
          <Button
            slot={null}
            className={css.iconButton}
            aria-label={t('datePicker.clear', { label })}
            isDisabled={isDisabled}
            onPress={() => onChange(null)}
          >
            <Svg size={14}>
              <path d="M6 6l12 12M18 6L6 18" />
            </Svg>
          </Button>
        )}
        <Button className={css.iconButton} aria-label={t('datePicker.open', { label })}>
          <Svg size={16}>
            <rect x="3.5" y="5" width="17" height="15" rx="2" />
            <path d="M3.5 10h17M8 3v4M16 3v4" />
          </Svg>
        </Button>
      </Group>
      <FieldError className={field.error}>{error ?? t('datePicker.invalid')}</FieldError>
      <Popover className={css.popover} placement="bottom start">
        <Dialog className={css.dialog} aria-label={label}>
          <Calendar>
            <header className={css.calendarHeader}>
              <Button slot="previous" className={css.iconButton} aria-label={t('datePicker.previousMonth')}>
                <Svg size={16}>
                  <path d="M15 6l-6 6 6 6" />
                </Svg>
              </Button>
              <Heading className={css.calendarHeading} />
              <Button slot="next" className={css.iconButton} aria-label={t('datePicker.nextMonth')}>
                <Svg size={16}>
                  <path d="M9 6l6 6-6 6" />
                </Svg>
              </Button>
            </header>
            <CalendarGrid className={css.grid}>
              <CalendarGridHeader>
                {(day) => <CalendarHeaderCell className={css.weekday}>{day}</CalendarHeaderCell>}
              </CalendarGridHeader>
              <CalendarGridBody>
                {(date) => <CalendarCell date={date} className={css.cell} />}
              </CalendarGridBody>
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
