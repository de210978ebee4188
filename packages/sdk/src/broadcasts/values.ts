/**
 * A broadcast's template values for one recipient: each variable comes from fixed text, the
 * customer's name or phone, or one of their custom fields, with a fallback for an empty name or
 * field. What comes out is sent as Meta takes a text parameter: no line breaks or tabs and no
 * more than four spaces in a row (Meta refuses those with error 100), trimmed.
 */
import type { BroadcastValue, BroadcastValues } from '../contract/broadcastTypes.ts';
import type { TemplateValues } from '../contract/templateTypes.ts';

/** Who a broadcast's message goes to: what `name`, `phone` and `field` values are read from. */
export interface BroadcastCustomer {
  name: string;
  /** E.164, as stored. */
  phone: string;
  customFields: Readonly<Record<string, string>>;
}

/** `text` as a Meta text parameter: line breaks and tabs become a space, long runs of spaces one. */
function asParameter(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {5,}/g, ' ')
    .trim();
}

/** A custom field by name: exactly, else regardless of letter case and surrounding spaces. */
function customField(fields: Readonly<Record<string, string>>, name: string): string | undefined {
  if (Object.hasOwn(fields, name)) return fields[name];
  const wanted = name.trim().toLocaleLowerCase();
  const key = Object.keys(fields).find((field) => field.trim().toLocaleLowerCase() === wanted);
  return key === undefined ? undefined : fields[key];
}

/** One variable's text for `customer`: its source's value, or the fallback when that is empty. */
export function renderBroadcastValue(value: BroadcastValue, customer: BroadcastCustomer): string {
  const read = (): string => {
    switch (value.source) {
      case 'fixed':
        return value.value;
      case 'name':
        return customer.name;
      case 'phone':
        return customer.phone;
      case 'field':
        return customField(customer.customFields, value.value) ?? '';
    }
  };
  const text = asParameter(read());
  return text === '' ? asParameter(value.fallback) : text;
}

/** The template values `values` make for `customer` (the header's file is the same for everyone). */
export function renderBroadcastValues(values: BroadcastValues, customer: BroadcastCustomer): TemplateValues {
  return {
    body: values.body.map((value) => renderBroadcastValue(value, customer)),
    ...(values.header === undefined ? {} : { header: renderBroadcastValue(values.header, customer) }),
    ...(values.headerMediaId === undefined ? {} : { headerMediaId: values.headerMediaId }),
    ...(values.buttonUrl === undefined
      ? {}
      : { buttonUrl: renderBroadcastValue(values.buttonUrl, customer) }),
  };
}
