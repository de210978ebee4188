-- Replies to broadcasts (issue 17) are marked by sapa_receive_messages itself, message by message,
-- in the statement that stores them. Until now the server marked them in a statement of its own
-- after the store: on the webhook hot path (`sapa_store_webhook_batch`, no transaction around it)
-- that was a second commit, so an automation process woken by the first could judge the message
-- before it was marked (a "reply to a broadcast" rule missing it), a crash between the two lost
-- the mark, and every webhook batch paid a second round trip. Each item now carries the reply
-- window (`reply_window_ms`, src/broadcasts/replies.ts); a message that replied gets
-- `replied_broadcasts` (the broadcasts it answered) in its answer. Marked in order, a
-- conversation's first message of a batch is its reply and the next ones are not, as when they
-- arrive one by one. Otherwise as migration 0026.
CREATE OR REPLACE FUNCTION sapa_receive_messages(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_answer jsonb;
  v_answers jsonb := '[]'::jsonb;
  v_project uuid;
  v_rules boolean := false;
  v_known boolean := true;
  v_now timestamptz;
  v_replied jsonb;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p) LOOP
    IF v_project IS DISTINCT FROM (v_item->>'project_id')::uuid THEN
      v_project := (v_item->>'project_id')::uuid;
      v_rules := EXISTS (SELECT 1 FROM automation_rules WHERE project_id = v_project AND enabled);
    END IF;
    IF v_rules THEN
      v_known := EXISTS (SELECT 1 FROM customers WHERE project_id = v_project AND phone = v_item->>'phone');
    END IF;
    v_answer := sapa_receive_message(v_item);
    IF v_answer IS NOT NULL AND v_item ? 'reply_window_ms' THEN
      SELECT jsonb_agg(r.broadcast_id) INTO v_replied
      FROM sapa_mark_broadcast_replies(
        jsonb_build_array(jsonb_build_object(
          'conversation_id', v_answer->'message'->>'conversation_id',
          'message_id', v_answer->'message'->>'id',
          'at', v_item->>'now')),
        (v_item->>'reply_window_ms')::bigint) AS r;
      IF v_replied IS NOT NULL THEN
        v_answer := v_answer || jsonb_build_object('replied_broadcasts', v_replied);
      END IF;
    END IF;
    IF v_rules AND v_answer IS NOT NULL THEN
      v_now := (v_item->>'now')::timestamptz;
      INSERT INTO jobs (id, kind, payload, run_at, created_at)
      VALUES (gen_random_uuid(), 'automation.message',
        jsonb_build_object('messageId', v_answer->'message'->>'id',
          'newCustomer', NOT v_known AND (v_answer->'message'->>'seq')::int = 1,
          'referral', coalesce(v_item->'referral', 'null'::jsonb)),
        v_now, v_now);
      v_answer := v_answer || jsonb_build_object('automation', true);
    END IF;
    -- The conversation's division as its summary shows it (src/inbox/inbound.ts announces it).
    IF v_answer IS NOT NULL AND v_answer->'conversation'->>'division_id' IS NOT NULL THEN
      v_answer := v_answer || jsonb_build_object('division',
        (SELECT jsonb_build_object('id', d.id, 'name', d.name, 'color', d.color)
         FROM divisions d WHERE d.id = (v_answer->'conversation'->>'division_id')::uuid));
    END IF;
    v_answers := v_answers || jsonb_build_array(v_answer);
  END LOOP;
  RETURN v_answers;
END
$$;
