-- Issue 15: numbers verified with Meta, message templates per WhatsApp Business Account, the
-- 24-hour window enforced by the server, and Meta's pricing kept on every outbound message.
--
-- A number keeps its WABA, quality rating and messaging limit tier as Meta last answered them.
-- A deleted number stays (its conversations stay readable) with `deleted_at` set; its phone
-- number id may then be added again, so the id is unique among live numbers only.
ALTER TABLE "wa_accounts" ADD COLUMN "waba_id" text;--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "quality_rating" text DEFAULT 'UNKNOWN' NOT NULL;--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "messaging_limit" text;--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wa_accounts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wa_accounts" DROP CONSTRAINT "wa_accounts_phone_number_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "wa_accounts_phone_number_id_live_idx" ON "wa_accounts" USING btree ("phone_number_id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- Templates as Meta keeps them, per project and WABA (two projects may hold numbers of one WABA).
-- `content` is the draft's shape (header, body, bodyExamples, footer, buttons); `status_at` is
-- the time of the newest status event applied, so a replayed or late webhook changes nothing.
CREATE TABLE "wa_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"waba_id" text NOT NULL,
	"meta_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"previous_category" text,
	"status" text NOT NULL,
	"reason" text,
	"content" jsonb NOT NULL,
	"status_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "wa_templates" ADD CONSTRAINT "wa_templates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wa_templates" ADD CONSTRAINT "wa_templates_account_id_wa_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wa_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wa_templates_name_idx" ON "wa_templates" USING btree ("project_id","waba_id","name","language");--> statement-breakpoint
CREATE INDEX "wa_templates_meta_idx" ON "wa_templates" USING btree ("waba_id","meta_id");--> statement-breakpoint
-- A template message keeps how it was built (`SentTemplate`); every outbound message keeps
-- what Meta bills it as (`MessagePricing`, from its status webhooks) for the balance.
ALTER TABLE "messages" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
-- Meta's 72-hour free entry point: a conversation from a click-to-WhatsApp ad answered in time.
ALTER TABLE "conversations" ADD COLUMN "free_entry_until" timestamp with time zone;--> statement-breakpoint
-- When the customer last wrote from a click-to-WhatsApp ad: the business answering within 24
-- hours of it opens the free entry point (free_entry_until, the answer's time plus 72 hours).
ALTER TABLE "conversations" ADD COLUMN "entry_point_at" timestamp with time zone;--> statement-breakpoint
-- sapa_receive_message (0003) as before, now also keeping entry_point_at.
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
    referral = coalesce(referral, nullif(p->'referral', 'null'::jsonb)),
    entry_point_at = CASE WHEN jsonb_typeof(p->'referral') = 'object'
      THEN greatest(entry_point_at, v_at) ELSE entry_point_at END
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
