-- The automation engine's first slice (issue 18, src/automation/engine.ts): a customer's message
-- reaches the rules through a durable job queued with it, and what automation sends or moves says
-- so.
--
-- The rule that sent a message (null: an agent, a broadcast, Sapa itself). No foreign key: a
-- deleted rule's messages keep its id, and deleting a rule never scans the messages.
ALTER TABLE "messages" ADD COLUMN "automation_rule_id" uuid;--> statement-breakpoint
-- A stage move made by a rule ("by automation"; user_id is null then).
ALTER TABLE "stage_moves" ADD COLUMN "rule_id" uuid REFERENCES "automation_rules"("id") ON DELETE SET NULL;--> statement-breakpoint
-- sapa_receive_messages (0003) as before, now also queuing one `automation.message` job per
-- stored message of a project with an enabled auto-reply, auto-division or auto-stage rule (one
-- index probe per project of the batch; a project without rules pays nothing more). The job's
-- payload says whether the customer was new (unknown before this message, and this the first of
-- its conversation) and carries the message's ad referral; the answer gets `automation: true` so
-- the caller wakes the job runner.
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
      v_rules := EXISTS (SELECT 1 FROM automation_rules WHERE project_id = v_project AND enabled
        AND kind IN ('auto_reply', 'auto_division', 'auto_stage'));
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
    v_answers := v_answers || jsonb_build_array(v_answer);
  END LOOP;
  RETURN v_answers;
END
$$;
