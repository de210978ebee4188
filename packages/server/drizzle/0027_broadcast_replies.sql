-- Replies to broadcasts (issue 17, src/broadcasts/replies.ts): the customers' messages of every
-- webhook batch are looked up against the broadcasts that reached their conversations. Sent as
-- one statement from the server, PostgreSQL planned it again for each batch: about 0.3 ms of
-- planning for 0.02 ms of work when nothing is to be marked, on the path of every customer
-- message (`pnpm bench automation`, bench/README.md). As a function its plan is kept for the
-- session. `p` is `[{conversation_id, message_id, at}]`; `p_window_ms` the reply window
-- (`REPLY_WINDOW_MS`); answers the broadcasts that got a reply.
CREATE OR REPLACE FUNCTION sapa_mark_broadcast_replies(p jsonb, p_window_ms bigint)
RETURNS TABLE (broadcast_id uuid)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  WITH arrived AS (
    SELECT (x->>'conversation_id')::uuid AS conversation_id, (x->>'message_id')::uuid AS message_id,
      (x->>'at')::timestamptz AS at
    FROM jsonb_array_elements(p) AS x
  ), answered AS (
    SELECT r.id, r.broadcast_id, r.sent_at, a.message_id, a.at
    FROM arrived a JOIN broadcast_recipients r ON r.conversation_id = a.conversation_id
    WHERE r.replied_at IS NULL AND r.state IN ('sent', 'delivered', 'read')
      AND r.sent_at <= a.at AND r.sent_at > a.at - p_window_ms * interval '1 millisecond'
  ), marked AS (
    UPDATE broadcast_recipients r SET replied_at = answered.at, updated_at = answered.at
    FROM answered WHERE r.id = answered.id
    RETURNING r.broadcast_id
  ), tagged AS (
    UPDATE messages m SET broadcast_id = latest.broadcast_id
    FROM (SELECT DISTINCT ON (answered.message_id) answered.message_id, answered.broadcast_id
      FROM answered ORDER BY answered.message_id, answered.sent_at DESC) latest
    WHERE m.id = latest.message_id
    RETURNING m.id
  )
  SELECT DISTINCT marked.broadcast_id FROM marked;
END
$$;
