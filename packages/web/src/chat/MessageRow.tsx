import { memo } from 'react';
import { Link } from 'wouter';
import { conversationPreview, formatTime } from '@sapa/sdk';
import type { MessageStatus, ThreadMessage } from '@sapa/sdk';
import { deliveryMark } from '@sapa/machines/inbox';
import type { FlowError, ReplyTarget, ThreadItem } from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import {
  AlertIcon,
  CheckIcon,
  ClockIcon,
  DoubleCheckIcon,
  PreviewGlyph,
  ReplyIcon,
} from '../components/icons.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { failureText } from '../outreach/messageFailure.ts';
import { BalanceRefusalNote, useBalanceRefusal } from '../outreach/BalanceRefusal.tsx';
import type { MessageKey } from '@sapa/sdk';
import { useProject } from '../project/ProjectScope.tsx';
import { broadcastPath } from '../routes.ts';
import { automationName } from './automationName.ts';
import { MessageContent, type MessageBody } from './MessageContent.tsx';
import * as css from './message.css.ts';

const statusLabels: Record<MessageStatus, MessageKey> = {
  pending: 'chat.status.pending',
  sent: 'chat.status.sent',
  delivered: 'chat.status.delivered',
  read: 'chat.status.read',
  failed: 'chat.status.failed',
};

function Tick({ status }: { status: MessageStatus }) {
  const t = useT();
  return (
    <span className={css.tick({ status })} role="img" aria-label={t(statusLabels[status])}>
      {status === 'pending' ? <ClockIcon /> : null}
      {status === 'sent' ? <CheckIcon /> : null}
      {status === 'delivered' || status === 'read' ? <DoubleCheckIcon /> : null}
      {status === 'failed' ? <AlertIcon /> : null}
    </span>
  );
}

type Quoted = Pick<ThreadMessage, 'type' | 'caption' | 'filename'> &
  Partial<Pick<ThreadMessage, 'name' | 'phone' | 'url'>>;

function Quote({ quoted }: { quoted: Quoted }) {
  const t = useT();
  const preview = conversationPreview(quoted);
  return (
    <div className={css.quote} aria-label={t('chat.message.replyTo', { text: preview.text })}>
      <PreviewGlyph kind={preview.icon} />
      <span>{preview.text}</span>
    </div>
  );
}

export interface MessageRowProps {
  item: ThreadItem;
  timeZone: string;
  compact: boolean;
  mobile: boolean;
  /** The agent's name by user id (outbound messages show who sent them). */
  agentName(id: string | null): string | null;
  /** A stored message of the thread by id (the quote of a pending reply). */
  findMessage(id: string): ThreadMessage | undefined;
  /** Replying to a message; left out for a member who may not reply (`crm.chat.send`). */
  onReply?: ((target: ReplyTarget) => void) | undefined;
  onResend(clientId: string): void;
  onDiscard(clientId: string): void;
}

function bodyOf(item: ThreadItem): MessageBody {
  if (item.kind === 'message') return item.message;
  const { draft } = item.pending;
  return {
    type: draft.type,
    caption: draft.caption ?? null,
    url: draft.url ?? null,
    filename: draft.filename ?? null,
    name: draft.name ?? null,
    phone: draft.phone ?? null,
  };
}

/** Who sent an outbound message: automation ("Otomatis · <rule>") or the agent, by name. */
function senderOf(
  t: Translate,
  message: ThreadMessage,
  agentName: MessageRowProps['agentName'],
): string | null {
  return message.automation === null ? agentName(message.senderId) : automationName(t, message.automation);
}

/** One message of the thread: who sent it, its quote, its content, time and delivery mark. */
export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const t = useT();
  const { item, compact } = props;
  const side = item.kind === 'message' ? item.message.direction : 'out';
  const mark = deliveryMark(item);
  const body = bodyOf(item);
  const createdAt = item.kind === 'message' ? item.message.createdAt : item.pending.createdAt;
  const sender =
    item.kind === 'message' && side === 'out' ? senderOf(t, item.message, props.agentName) : null;
  const quoted: Quoted | undefined =
    item.kind === 'message'
      ? (item.message.replyTo ?? undefined)
      : item.pending.draft.replyTo === undefined
        ? undefined
        : props.findMessage(item.pending.draft.replyTo);
  const density = compact ? 'compact' : 'comfortable';
  const label =
    side === 'in'
      ? t('chat.message.fromCustomer')
      : sender
        ? t('chat.message.fromAgent', { name: sender })
        : t('chat.message.fromUs');
  return (
    <div className={css.row({ side, density })}>
      <article
        className={css.bubble({ side, density, failed: mark?.status === 'failed' })}
        aria-label={label}
      >
        {sender ? <span className={css.sender}>{sender}</span> : null}
        {item.kind === 'message' && item.message.broadcast !== null ? (
          <BroadcastTag broadcast={item.message.broadcast} reply={side === 'in'} />
        ) : null}
        {quoted ? <Quote quoted={quoted} /> : null}
        <MessageContent
          body={body}
          compact={compact}
          mobile={props.mobile}
          mediaKey={item.kind === 'message' ? item.message.id : item.pending.clientId}
        />
        {mark?.status === 'failed' && mark.error ? (
          <p className={css.failure} role="note">
            {failureText(t, mark.error)}
          </p>
        ) : null}
        {mark?.local && item.kind === 'pending' ? (
          <div className={css.failure} role="alert">
            <LocalFailure error={mark.local} />
            <Button size="sm" tone="secondary" onPress={() => props.onResend(item.pending.clientId)}>
              {t('chat.message.resend')}
            </Button>
            <Button size="sm" tone="ghost" onPress={() => props.onDiscard(item.pending.clientId)}>
              {t('chat.message.discard')}
            </Button>
          </div>
        ) : null}
        <div className={css.meta}>
          {item.kind === 'message' && props.onReply !== undefined ? (
            <Button
              tone="ghost"
              size="sm"
              aria-label={t('chat.message.reply')}
              onPress={() => props.onReply?.(item.message)}
            >
              <ReplyIcon />
            </Button>
          ) : null}
          <time dateTime={createdAt}>{formatTime(createdAt, props.timeZone)}</time>
          {mark ? <Tick status={mark.status} /> : null}
        </div>
      </article>
    </div>
  );
});

/**
 * The broadcast a message was sent by ("Broadcast: Promo Lebaran"), or that a customer's message
 * answers ("Balasan broadcast: …"), linking to its results.
 */
function BroadcastTag({ broadcast, reply }: { broadcast: { id: string; name: string }; reply: boolean }) {
  const t = useT();
  const { project } = useProject();
  const text = t(reply ? 'chat.thread.broadcastReply' : 'chat.thread.broadcast', { name: broadcast.name });
  if (project === null) return <span className={css.broadcastTag}>{text}</span>;
  return (
    <Link
      href={broadcastPath(project.key, broadcast.id)}
      className={css.broadcastTag}
      aria-label={t('chat.thread.broadcastLabel', { name: broadcast.name })}
      data-testid="message-broadcast"
    >
      {text}
    </Link>
  );
}

/** Why a send of ours did not go: the project's balance (with the way to pay), or the failure's message. */
function LocalFailure({ error }: { error: FlowError }) {
  const t = useT();
  const refusal = useBalanceRefusal(error);
  if (refusal !== null) return <BalanceRefusalNote refusal={refusal} />;
  return <span>{t('chat.message.failedLocal', { message: error.message })}</span>;
}

export function DayRow({ label }: { label: string }) {
  return (
    <div className={css.day} role="separator" aria-label={label}>
      <span className={css.dayLabel}>{label}</span>
    </div>
  );
}
