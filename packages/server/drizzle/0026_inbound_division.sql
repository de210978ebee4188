-- The inbox's announcements name each conversation's division (its name and colour): until now
-- src/inbox/inbound.ts read them in a statement of its own after storing a webhook's messages, on
-- the path of every message of a conversation in a division. sapa_receive_messages (0022) as
-- before, except that each answer carries `division` (`{id, name, color}`) when its conversation
-- has one, read in the same round trip. sapa_store_webhook_batch (0003) calls it and answers the
-- same.
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
