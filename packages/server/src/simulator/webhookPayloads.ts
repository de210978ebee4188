import type { TemplateChange } from './TemplateStore.ts';
import { wabaIdOf } from './types.ts';
import type { SimulatorAccount } from './types.ts';

/** The fixtures' WhatsApp Business Account id (the CLI's default WABA). */
export const DEFAULT_WABA_ID = '102938475610293';

/** A webhook delivery body (`webhookPayloadSchema` accepts every one the simulator builds). */
export interface WebhookBody {
  object: 'whatsapp_business_account';
  entry: { id: string; changes: { value: Record<string, unknown>; field: 'messages' }[] }[];
}

/**
 * How Meta bills a message (status-sent.json / status-delivered.json): `type` `regular`,
 * `free_customer_service` or `free_entry_point`; `category` `marketing`, `utility`,
 * `authentication`, `service` or `referral_conversion`.
 */
export interface WirePricing {
  billable: boolean;
  pricing_model: 'PMP';
  type: 'regular' | 'free_customer_service' | 'free_entry_point';
  category: string;
}

export type WireMessage = Record<string, unknown> & { id: string; from: string; type: string };

export interface WireStatus {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  timestamp: string;
  recipient_id: string;
  /** What the send carried in `biz_opaque_callback_data`, echoed on each of its statuses. */
  biz_opaque_callback_data?: string;
  pricing?: WirePricing;
  errors?: {
    code: number;
    title: string;
    message: string;
    error_data?: { details: string };
    href: string;
  }[];
}

/** Digits as `display_phone_number` carries them. */
export function displayDigits(account: SimulatorAccount): string {
  return account.displayPhone.replace(/\D/g, '');
}

function envelope(account: SimulatorAccount, value: Record<string, unknown>): WebhookBody {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaIdOf(account),
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: displayDigits(account),
                phone_number_id: account.phoneNumberId,
              },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

/** A delivery of one customer's message, as the inbound-*.json fixtures shape it. */
export function messagePayload(
  account: SimulatorAccount,
  sender: { waId: string; name: string },
  message: WireMessage,
): WebhookBody {
  return envelope(account, {
    contacts: [{ profile: { name: sender.name }, wa_id: sender.waId }],
    messages: [message],
  });
}

/** A delivery of one status of a message the business sent, as the status-*.json fixtures shape it. */
export function statusPayload(account: SimulatorAccount, status: WireStatus): WebhookBody {
  return envelope(account, { statuses: [status] });
}

/** The `errors` of a failed status for a free-form send outside the window (status-failed.json). */
export function reEngagementErrors(): NonNullable<WireStatus['errors']> {
  return [
    {
      code: 131047,
      title: 'Re-engagement message',
      message: 'Re-engagement message',
      error_data: {
        details:
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      },
      href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
    },
  ];
}

/**
 * The `errors` of a failed status for a marketing template over the user's per-user marketing
 * limit (templates/status-failed-template.json, 131049).
 */
export function marketingLimitErrors(): NonNullable<WireStatus['errors']> {
  const title = 'This message was not delivered to maintain healthy ecosystem engagement.';
  return [
    {
      code: 131049,
      title,
      message: title,
      error_data: {
        details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
      },
      href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
    },
  ];
}

/**
 * The `errors` of a failed status for a message to a number that is not on WhatsApp (or whose
 * user has not accepted the terms, or whose app is too old): 131026, templates/status-failed-template.json's variant.
 */
export function undeliverableErrors(): NonNullable<WireStatus['errors']> {
  return [
    {
      code: 131026,
      title: 'Message undeliverable',
      message: 'Message undeliverable',
      href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
    },
  ];
}

/**
 * A template webhook (webhook-status-*.json, webhook-category-update-*.json): `entry[].id` is the
 * WABA, `entry[].time` unix seconds, `changes[].field` the kind, and no `messaging_product` or
 * `metadata` in the value.
 */
export interface TemplateWebhookBody {
  entry: {
    id: string;
    time: number;
    changes: { value: TemplateChange['value']; field: TemplateChange['field'] }[];
  }[];
  object: 'whatsapp_business_account';
}

export function templateWebhookPayload(change: TemplateChange, atMs: number): TemplateWebhookBody {
  return {
    entry: [
      {
        id: change.wabaId,
        time: Math.floor(atMs / 1000),
        // The fixtures' key order: a status update names the field last, a category update first.
        changes: [
          change.field === 'template_category_update'
            ? { field: change.field, value: change.value }
            : { value: change.value, field: change.field },
        ],
      },
    ],
    object: 'whatsapp_business_account',
  };
}
