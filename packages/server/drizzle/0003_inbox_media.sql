CREATE TYPE "public"."media_origin" AS ENUM('upload', 'inbound');--> statement-breakpoint
CREATE TYPE "public"."media_status" AS ENUM('pending', 'stored', 'failed');--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"origin" "media_origin" NOT NULL,
	"status" "media_status" NOT NULL,
	"mime_type" text NOT NULL,
	"type" text NOT NULL,
	"filename" text NOT NULL,
	"size" bigint,
	"sha256" text,
	"wa_media_id" text,
	"account_id" uuid,
	"wa_uploads" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "conversations_project_activity_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_file_id" uuid;--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "graph_base_url" text;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_account_id_wa_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wa_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_project_idx" ON "media" USING btree ("project_id","created_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_media_file_id_media_id_fk" FOREIGN KEY ("media_file_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_customer_idx" ON "conversations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "conversations_project_activity_idx" ON "conversations" USING btree ("project_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Stores one inbound WhatsApp message (src/inbox/inbound.ts calls it from the delivery worker):
-- the customer and the conversation are created on first contact, the message is stored once per
-- wamid with the conversation's next seq (under the conversation's row lock), and the
-- conversation's last message, activity time, unread count, 24-hour window and first ad referral
-- follow. One round trip with cached plans: the inbox's hot path. Answers NULL for a wamid that is
-- stored already, else { message, conversation, customer, reply } as rows in JSON.
CREATE OR REPLACE FUNCTION sapa_receive_message(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_project uuid := (p->>'project_id')::uuid;
  v_account uuid := (p->>'account_id')::uuid;
  v_phone text := p->>'phone';
  v_wa_name text := nullif(btrim(p->>'profile_name'), '');
  v_wamid text := p->>'wamid';
  v_at timestamptz := (p->>'created_at')::timestamptz;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_media jsonb := nullif(p->'media', 'null'::jsonb);
  v_customer customers%ROWTYPE;
  v_conversation conversations%ROWTYPE;
  v_message messages%ROWTYPE;
  v_media_id uuid;
  v_reply jsonb;
BEGIN
  PERFORM 1 FROM messages WHERE wamid = v_wamid;
  IF FOUND THEN
    RETURN NULL;
  END IF;

  SELECT * INTO v_customer FROM customers WHERE project_id = v_project AND phone = v_phone;
  IF NOT FOUND THEN
    INSERT INTO customers (id, project_id, phone, name, wa_name, created_at)
    VALUES (gen_random_uuid(), v_project, v_phone, coalesce(v_wa_name, v_phone), v_wa_name, v_now)
    ON CONFLICT (project_id, phone) DO NOTHING
    RETURNING * INTO v_customer;
    IF NOT FOUND THEN
      SELECT * INTO v_customer FROM customers WHERE project_id = v_project AND phone = v_phone;
    END IF;
  ELSIF v_wa_name IS NOT NULL AND v_customer.wa_name IS DISTINCT FROM v_wa_name THEN
    UPDATE customers SET wa_name = v_wa_name WHERE id = v_customer.id RETURNING * INTO v_customer;
  END IF;

  SELECT * INTO v_conversation FROM conversations
  WHERE account_id = v_account AND customer_id = v_customer.id
  FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO conversations (id, project_id, account_id, customer_id, created_at)
    VALUES (gen_random_uuid(), v_project, v_account, v_customer.id, v_now)
    ON CONFLICT (account_id, customer_id) DO NOTHING;
    SELECT * INTO v_conversation FROM conversations
    WHERE account_id = v_account AND customer_id = v_customer.id
    FOR UPDATE;
  END IF;

  IF v_media IS NOT NULL THEN
    v_media_id := (v_media->>'id')::uuid;
    INSERT INTO media (id, project_id, origin, status, mime_type, type, filename, wa_media_id, account_id, created_at)
    VALUES (v_media_id, v_project, 'inbound', 'pending', v_media->>'mime_type', p->>'type',
      v_media->>'filename', p->>'wa_media_id', v_account, v_now);
  END IF;

  INSERT INTO messages (id, conversation_id, seq, direction, wamid, type, caption, url, media_id,
    media_file_id, filename, name, phone, reply_to, status, created_at)
  VALUES (gen_random_uuid(), v_conversation.id, v_conversation.last_seq + 1, 'in', v_wamid,
    p->>'type', p->>'caption', p->>'url', p->>'wa_media_id', v_media_id, p->>'filename',
    p->>'name', p->>'contact_phone',
    (SELECT q.id FROM messages q WHERE q.wamid = p->>'quoted_wamid' AND q.conversation_id = v_conversation.id),
    'delivered', v_at)
  ON CONFLICT (wamid) WHERE wamid IS NOT NULL DO NOTHING
  RETURNING * INTO v_message;
  IF NOT FOUND THEN
    -- Stored meanwhile by a concurrent delivery of the same message.
    IF v_media_id IS NOT NULL THEN
      DELETE FROM media WHERE id = v_media_id;
    END IF;
    RETURN NULL;
  END IF;

  UPDATE conversations SET
    last_seq = v_message.seq,
    last_message = jsonb_build_object('type', v_message.type, 'caption', v_message.caption,
      'filename', v_message.filename, 'name', v_message.name, 'direction', 'in',
      'status', v_message.status),
    last_message_at = greatest(last_message_at, v_at),
    last_inbound_at = greatest(last_inbound_at, v_at),
    unread = unread + 1,
    referral = coalesce(referral, nullif(p->'referral', 'null'::jsonb))
  WHERE id = v_conversation.id
  RETURNING * INTO v_conversation;

  IF v_message.reply_to IS NOT NULL THEN
    SELECT jsonb_build_object('id', q.id, 'type', q.type, 'caption', q.caption, 'filename', q.filename)
    INTO v_reply FROM messages q WHERE q.id = v_message.reply_to;
  END IF;

  RETURN jsonb_build_object('message', to_jsonb(v_message), 'conversation', to_jsonb(v_conversation),
    'customer', to_jsonb(v_customer), 'reply', v_reply);
END
$$;
--> statement-breakpoint
-- Stores a batch of inbound messages in order: one call per batch of webhook deliveries, so the
-- hot path costs one round trip however many messages arrived together. Answers a JSON array
-- with one sapa_receive_message answer (or null) per input.
CREATE OR REPLACE FUNCTION sapa_receive_messages(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_answers jsonb := '[]'::jsonb;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p) LOOP
    v_answers := v_answers || jsonb_build_array(sapa_receive_message(v_item));
  END LOOP;
  RETURN v_answers;
END
$$;
--> statement-breakpoint
-- A batch of webhook deliveries that carry only messages, in one statement (so in one implicit
-- transaction, without BEGIN and COMMIT round trips): the deliveries are stored as processed, the
-- messages through sapa_receive_messages, and a download job is queued for each new customer
-- file. p = { deliveries: [{ id, body, at }], messages: [...], download_job, now }. Answers what
-- sapa_receive_messages answers.
CREATE OR REPLACE FUNCTION sapa_store_webhook_batch(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := (p->>'now')::timestamptz;
  v_answers jsonb;
BEGIN
  INSERT INTO webhook_deliveries (id, body, received_at, processed_at, attempts, next_attempt_at)
  SELECT (d->>'id')::uuid, d->'body', (d->>'at')::timestamptz, v_now, 1, v_now
  FROM jsonb_array_elements(p->'deliveries') AS d;
  v_answers := sapa_receive_messages(p->'messages');
  INSERT INTO jobs (id, kind, payload, run_at, created_at)
  SELECT gen_random_uuid(), p->>'download_job', jsonb_build_object('mediaId', m->'media'->>'id'), v_now, v_now
  FROM jsonb_array_elements(p->'messages') WITH ORDINALITY AS e(m, i)
  WHERE jsonb_typeof(m->'media') = 'object' AND v_answers->((i - 1)::int) <> 'null'::jsonb;
  RETURN v_answers;
END
$$;
