-- Follow-up sequences (issue 18, src/automation/followUps.ts): a customer's message also stops
-- and starts follow-up runs, and the engine's timers (no-reply, label and stage triggers) need
-- every message of a project with rules to reach it.
--
-- sapa_receive_messages (0021) as before, except that it queues the `automation.message` job
-- when the project has ANY enabled automation rule, of whatever kind (still one index probe per
-- project of the batch: `automation_rules_project_kind_idx` starts with the project; a project
-- without rules switched on pays nothing more).
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
    v_answers := v_answers || jsonb_build_array(v_answer);
  END LOOP;
  RETURN v_answers;
END
$$;--> statement-breakpoint
-- The customer panel lists a customer's runs, pending first; a stage move stops the customer's
-- pending stage-anchored runs: both read the customer's pending runs.
CREATE INDEX "follow_up_runs_customer_pending_idx" ON "follow_up_runs" USING btree ("customer_id") WHERE "follow_up_runs"."state" = 'pending';
