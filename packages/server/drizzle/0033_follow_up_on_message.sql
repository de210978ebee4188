-- A customer's message and the conversation's follow-up runs (src/automation/followUps.ts,
-- `followUpsOnMessage`) in one round trip: what took a transaction of four (BEGIN; the
-- conversation locked with its runs stopped; a run started; COMMIT) is one call. The statements
-- inside run one after the other, each with a snapshot of its own, as they did in the
-- transaction: the conversation is locked first (the order a due step's job takes the locks in),
-- so a second process handling the same message waits, then finds the lines this one wrote.
--
-- `p`: the conversation, its customer and project; the message's `seq` and `created_at`; `now`;
-- `stage_id`, the customer's stage the caller judged the rules on; `starts`, a run for each
-- follow-up rule that fired (its ids, anchor, first step's due time or null when it has none,
-- and its activity line's fields); `skips`, the lines of those that did not fire, with their
-- reasons. When the customer's stage is no longer `stage_id` (an agent moved them meanwhile),
-- nothing is done and the answer is `{"stale": true}`: the caller judges the rules again on the
-- stage as it is. Otherwise the runs the message replies to are stopped (`customer_replied`),
-- the skips are written, and each start whose event has no line yet writes its run (unless a
-- pending run of the rule is there: the line says `skipped`), the run's first job and its line.
-- Answers `{"stale": false, "stopped": n, "started": n}`.
CREATE OR REPLACE FUNCTION sapa_follow_up_on_message(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_conversation uuid := (p->>'conversation_id')::uuid;
  v_customer uuid := (p->>'customer_id')::uuid;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_start jsonb;
  v_line jsonb;
  v_run uuid;
  v_line_id uuid;
  v_stopped int := 0;
  v_started int := 0;
BEGIN
  PERFORM 1 FROM conversations WHERE id = v_conversation FOR UPDATE;
  IF NOT FOUND OR (SELECT stage_id FROM customer_stages WHERE customer_id = v_customer LIMIT 1)
      IS DISTINCT FROM (p->>'stage_id')::uuid THEN
    RETURN jsonb_build_object('stale', true);
  END IF;
  UPDATE follow_up_runs SET state = 'stopped', reason = 'customer_replied', job_id = NULL,
    due_at = NULL, ended_at = v_now, updated_at = v_now
  WHERE conversation_id = v_conversation AND state = 'pending'
    AND CASE WHEN anchor_seq IS NOT NULL THEN anchor_seq < (p->>'seq')::int
      ELSE scheduled_at < (p->>'created_at')::timestamptz END;
  GET DIAGNOSTICS v_stopped = ROW_COUNT;
  -- The rules that did not fire, for a reason worth a line (once per event).
  INSERT INTO automation_activity (id, project_id, rule_id, rule_name, kind, customer_id,
    conversation_id, message_id, event, event_key, at, outcome, reason)
  SELECT (s->>'id')::uuid, (p->>'project_id')::uuid, (s->>'rule_id')::uuid, s->>'rule_name',
    'follow_up', v_customer, v_conversation, (s->>'message_id')::uuid, 'message', s->>'event_key',
    v_now, 'skipped', s->>'reason'
  FROM jsonb_array_elements(p->'skips') AS s
  ON CONFLICT (event_key) DO NOTHING;
  FOR v_start IN SELECT value FROM jsonb_array_elements(p->'starts') LOOP
    v_line := v_start->'line';
    -- Handled before (a re-run, another process): nothing starts again.
    CONTINUE WHEN EXISTS (SELECT 1 FROM automation_activity WHERE event_key = v_line->>'event_key');
    v_run := NULL;
    IF v_start->>'due_at' IS NOT NULL THEN
      INSERT INTO follow_up_runs (id, project_id, rule_id, rule_version, customer_id, conversation_id,
        anchor, anchor_at, anchor_seq, stage_id, scheduled_at, due_at, job_id, started_at, updated_at)
      VALUES ((v_start->>'run_id')::uuid, (p->>'project_id')::uuid, (v_start->>'rule_id')::uuid,
        coalesce((SELECT version FROM automation_rules WHERE id = (v_start->>'rule_id')::uuid), 1),
        v_customer, v_conversation, v_start->>'anchor', (v_start->>'anchor_at')::timestamptz,
        (v_start->>'anchor_seq')::int, (v_start->>'stage_id')::uuid,
        (v_start->>'anchor_at')::timestamptz, (v_start->>'due_at')::timestamptz,
        (v_start->>'job_id')::uuid, v_now, v_now)
      ON CONFLICT (rule_id, conversation_id) WHERE state = 'pending' DO NOTHING
      RETURNING id INTO v_run;
      IF v_run IS NOT NULL THEN
        INSERT INTO jobs (id, kind, payload, run_at, created_at)
        VALUES ((v_start->>'job_id')::uuid, v_start->>'job_kind', jsonb_build_object('runId', v_run),
          (v_start->>'due_at')::timestamptz, v_now);
      END IF;
    END IF;
    INSERT INTO automation_activity (id, project_id, rule_id, rule_name, kind, customer_id,
      conversation_id, message_id, event, event_key, at, outcome, keyword, actions, follow_up_run_id)
    VALUES ((v_line->>'id')::uuid, (p->>'project_id')::uuid, (v_start->>'rule_id')::uuid,
      v_line->>'rule_name', 'follow_up', v_customer, v_conversation, (v_line->>'message_id')::uuid,
      'message', v_line->>'event_key', v_now, 'fired', v_line->>'keyword',
      jsonb_build_array(jsonb_build_object('kind', 'start_follow_up',
        'status', CASE WHEN v_run IS NULL THEN 'skipped' ELSE 'done' END,
        'reason', NULL, 'targetId', v_run)),
      v_run)
    ON CONFLICT (event_key) DO NOTHING
    RETURNING id INTO v_line_id;
    -- A run without its line would be a second start of a handled event: undone with the call.
    IF v_run IS NOT NULL AND v_line_id IS NULL THEN
      RAISE EXCEPTION 'follow-up run of rule % started without its activity line %',
        v_start->>'rule_id', v_line->>'event_key';
    END IF;
    IF v_run IS NOT NULL THEN
      v_started := v_started + 1;
    END IF;
  END LOOP;
  RETURN jsonb_build_object('stale', false, 'stopped', v_stopped, 'started', v_started);
END
$$;
