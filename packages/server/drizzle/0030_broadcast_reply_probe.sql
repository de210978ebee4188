-- sapa_receive_messages as in migration 0029, except that a message is put to
-- sapa_mark_broadcast_replies only when its conversation has a broadcast recipient that has not
-- replied yet (one probe of broadcast_recipients_conversation_idx). The marking is a statement of
-- three data-modifying parts: called for every message, it opened broadcast_recipients and messages
-- with their indexes for update each time, about a tenth of the store's time in PostgreSQL on a
-- project that had sent no broadcast (`pnpm bench automation` with pg_stat_statements: 0.119 ms a
-- message of the store's 1.32 ms).
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
    -- Only a conversation with a broadcast recipient awaiting its reply can be one: an index probe
    -- (broadcast_recipients_conversation_idx) instead of the marking's data-modifying statement.
    IF v_answer IS NOT NULL AND v_item ? 'reply_window_ms' AND EXISTS (
      SELECT 1 FROM broadcast_recipients r
      WHERE r.conversation_id = (v_answer->'message'->>'conversation_id')::uuid
        AND r.replied_at IS NULL AND r.state IN ('sent', 'delivered', 'read')
    ) THEN
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
