-- The customers table over big projects (issue 5, bench/customersTable.bench.ts; docs/crm.md):
-- counts kept by triggers (per project, per label, per stage, per start of a name's words), the
-- project's customers cut into counted blocks in (created_at, id) order so that any page is found
-- without an OFFSET over the whole table, the label's and stage's customers in their customers'
-- order, word-prefix search by name (GIN on to_tsvector('simple', name)) and search by digits of
-- the phone (GIN on their 3-digit pieces), and the functions the customers table reads them with.
CREATE TABLE "customer_blocks" (
	"project_id" uuid NOT NULL,
	"lo_at" timestamp with time zone NOT NULL,
	"lo_id" uuid NOT NULL,
	"customers" integer NOT NULL,
	CONSTRAINT "customer_blocks_project_id_lo_at_lo_id_pk" PRIMARY KEY("project_id","lo_at","lo_id")
);
--> statement-breakpoint
CREATE TABLE "customer_name_prefixes" (
	"project_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"customers" integer NOT NULL,
	CONSTRAINT "customer_name_prefixes_project_id_prefix_pk" PRIMARY KEY("project_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "customer_counts" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_project_created_idx";
--> statement-breakpoint
ALTER TABLE "customer_labels" ADD COLUMN "customer_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "customer_stages" ADD COLUMN "customer_created_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "customer_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "stages" ADD COLUMN "customer_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "customer_blocks" ADD CONSTRAINT "customer_blocks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_name_prefixes" ADD CONSTRAINT "customer_name_prefixes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_counts" ADD CONSTRAINT "customer_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "customer_labels_label_order_idx" ON "customer_labels" USING btree ("label_id","customer_created_at","customer_id");
--> statement-breakpoint
CREATE INDEX "customer_stages_stage_order_idx" ON "customer_stages" USING btree ("stage_id","customer_created_at","customer_id");
--> statement-breakpoint
CREATE INDEX "customers_name_order_idx" ON "customers" USING btree ("project_id",lower("name"),"id");
--> statement-breakpoint
CREATE INDEX "customers_name_words_idx" ON "customers" USING gin (to_tsvector('simple', "name")) WITH (fastupdate=false);
--> statement-breakpoint
CREATE INDEX "customers_project_created_idx" ON "customers" USING btree ("project_id","created_at","id");
--> statement-breakpoint
-- The phone's digits as a set of 3-digit pieces ('+628123…' gives '628', '281', '812', '123', …):
-- the GIN index on it finds the phones holding every piece of the digits searched, the search
-- then checks them with LIKE.
CREATE FUNCTION sapa_phone_trigrams(p_phone text) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  v_digits text := regexp_replace(p_phone, '[^0-9]', '', 'g');
  v_pieces text[] := '{}';
BEGIN
  FOR i IN 1 .. length(v_digits) - 2 LOOP
    v_pieces := v_pieces || substr(v_digits, i, 3);
  END LOOP;
  RETURN array_to_tsvector(v_pieces);
END
$$;
--> statement-breakpoint
CREATE INDEX "customers_phone_digits_idx" ON "customers" USING gin (sapa_phone_trigrams("phone")) WITH (fastupdate=false);
--> statement-breakpoint
-- Cuts the block starting at (p_lo_at, p_lo_id) into blocks of 250 customers (the last one holds
-- the rest), counting the rows themselves.
CREATE FUNCTION sapa_customer_blocks_cut(p_project uuid, p_lo_at timestamptz, p_lo_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_hi_at timestamptz;
  v_hi_id uuid;
BEGIN
  SELECT lo_at, lo_id INTO v_hi_at, v_hi_id FROM customer_blocks
  WHERE project_id = p_project AND (lo_at, lo_id) > (p_lo_at, p_lo_id)
  ORDER BY lo_at, lo_id LIMIT 1;
  IF NOT FOUND THEN
    v_hi_at := 'infinity';
    v_hi_id := 'ffffffff-ffff-ffff-ffff-ffffffffffff';
  END IF;
  UPDATE customer_blocks SET customers = 0
  WHERE project_id = p_project AND lo_at = p_lo_at AND lo_id = p_lo_id;
  INSERT INTO customer_blocks (project_id, lo_at, lo_id, customers)
  SELECT p_project,
    CASE WHEN r.i = 0 THEN p_lo_at ELSE r.created_at END,
    CASE WHEN r.i = 0 THEN p_lo_id ELSE r.id END,
    least(250, r.n - r.i)
  FROM (
    SELECT c.created_at, c.id, row_number() OVER w - 1 AS i, count(*) OVER () AS n
    FROM customers c
    WHERE c.project_id = p_project AND (c.created_at, c.id) >= (p_lo_at, p_lo_id)
      AND (c.created_at, c.id) < (v_hi_at, v_hi_id)
    WINDOW w AS (ORDER BY c.created_at, c.id)
  ) AS r
  WHERE r.i % 250 = 0
  ON CONFLICT (project_id, lo_at, lo_id) DO UPDATE SET customers = excluded.customers;
END
$$;
--> statement-breakpoint
-- Counts customers in (p_sign 1) or out (-1): the project's total, and each one's block; a block
-- grown past 500 is cut again, an emptied one dropped.
CREATE FUNCTION sapa_customers_tally(p_projects uuid[], p_ats timestamptz[], p_ids uuid[], p_sign integer)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  -- The project's row stays locked until commit, so one transaction at a time moves its counts,
  -- and the statements below (each with a new snapshot) see every customer committed before.
  IF p_sign > 0 THEN
    INSERT INTO customer_counts AS c (project_id, customers)
    SELECT project_id, count(*) FROM unnest(p_projects) AS r(project_id)
    GROUP BY project_id ORDER BY project_id
    ON CONFLICT (project_id) DO UPDATE SET customers = c.customers + excluded.customers;
    INSERT INTO customer_blocks (project_id, lo_at, lo_id, customers)
    SELECT DISTINCT project_id, '-infinity'::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid, 0
    FROM unnest(p_projects) AS r(project_id)
    ON CONFLICT DO NOTHING;
  ELSE
    -- Only an UPDATE: the project may be going (its delete cascading here), its rows with it.
    FOR v IN SELECT project_id, count(*)::integer AS n FROM unnest(p_projects) AS r(project_id)
      GROUP BY project_id ORDER BY project_id
    LOOP
      UPDATE customer_counts SET customers = customers - v.n WHERE project_id = v.project_id;
    END LOOP;
  END IF;
  UPDATE customer_blocks b SET customers = b.customers + d.n
  FROM (
    SELECT r.project_id, k.lo_at, k.lo_id, p_sign * count(*) AS n
    FROM unnest(p_projects, p_ats, p_ids) AS r(project_id, created_at, id)
    CROSS JOIN LATERAL (
      SELECT k.lo_at, k.lo_id FROM customer_blocks k
      WHERE k.project_id = r.project_id AND (k.lo_at, k.lo_id) <= (r.created_at, r.id)
      ORDER BY k.lo_at DESC, k.lo_id DESC LIMIT 1
    ) AS k
    GROUP BY 1, 2, 3
  ) AS d
  WHERE b.project_id = d.project_id AND b.lo_at = d.lo_at AND b.lo_id = d.lo_id;
  IF p_sign > 0 THEN
    FOR v IN
      SELECT b.project_id, b.lo_at, b.lo_id FROM customer_blocks b
      WHERE b.project_id IN (SELECT unnest(p_projects)) AND b.customers > 500
    LOOP
      PERFORM sapa_customer_blocks_cut(v.project_id, v.lo_at, v.lo_id);
    END LOOP;
  ELSE
    DELETE FROM customer_blocks b
    WHERE b.project_id IN (SELECT unnest(p_projects)) AND b.customers <= 0 AND b.lo_at <> '-infinity';
  END IF;
END
$$;
--> statement-breakpoint
-- The starts (1 to 10 characters) of the words of a name, split as its GIN index splits it.
CREATE FUNCTION sapa_name_prefixes(p_name text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(w.lexeme, n)
  FROM unnest(to_tsvector('simple', p_name)) AS w, generate_series(1, least(length(w.lexeme), 10)) AS n
$$;
--> statement-breakpoint
-- Counts customers in (p_sign 1) or out (-1) of the starts of their names' words, in the
-- (project, prefix) order, so that two statements cannot lock the same rows crosswise; the callers
-- hold the project's customer_counts row. Only an UPDATE when counting out: the project may be going.
CREATE FUNCTION sapa_name_prefixes_tally(p_projects uuid[], p_names text[], p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_sign > 0 THEN
    INSERT INTO customer_name_prefixes AS c (project_id, prefix, customers)
    SELECT r.project_id, p.prefix, count(*)
    FROM unnest(p_projects, p_names) AS r(project_id, name), sapa_name_prefixes(r.name) AS p(prefix)
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (project_id, prefix) DO UPDATE SET customers = c.customers + excluded.customers;
  ELSE
    UPDATE customer_name_prefixes c SET customers = c.customers - d.n
    FROM (
      SELECT r.project_id, p.prefix, count(*) AS n
      FROM unnest(p_projects, p_names) AS r(project_id, name), sapa_name_prefixes(r.name) AS p(prefix)
      GROUP BY 1, 2
    ) AS d
    WHERE c.project_id = d.project_id AND c.prefix = d.prefix;
    DELETE FROM customer_name_prefixes c
    WHERE c.customers <= 0 AND c.project_id IN (SELECT unnest(p_projects));
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION sapa_customers_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The project's counts (and its lock) first, then the starts of words.
  PERFORM sapa_customers_tally(array_agg(project_id), array_agg(created_at), array_agg(id), 1)
  FROM sapa_added HAVING count(*) > 0;
  PERFORM sapa_name_prefixes_tally(array_agg(project_id), array_agg(name), 1)
  FROM sapa_added HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION sapa_customers_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- The project's counts (and its lock) first, then the starts of words.
  PERFORM sapa_customers_tally(array_agg(project_id), array_agg(created_at), array_agg(id), -1)
  FROM sapa_removed HAVING count(*) > 0;
  PERFORM sapa_name_prefixes_tally(array_agg(project_id), array_agg(name), -1)
  FROM sapa_removed HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A renamed customer (an edit, an import by phone) moves between the starts of words.
CREATE FUNCTION sapa_customers_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_projects uuid[];
  v_old_projects uuid[];
  v_old_names text[];
  v_new_projects uuid[];
  v_new_names text[];
BEGIN
  SELECT array_agg(o.project_id), array_agg(o.name), array_agg(n.project_id), array_agg(n.name)
  INTO v_old_projects, v_old_names, v_new_projects, v_new_names
  FROM sapa_old o JOIN sapa_new n ON n.id = o.id
  WHERE n.name IS DISTINCT FROM o.name OR n.project_id IS DISTINCT FROM o.project_id;
  IF v_old_projects IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT p ORDER BY p) INTO v_projects FROM unnest(v_old_projects || v_new_projects) AS p;
  PERFORM 1 FROM customer_counts WHERE project_id = ANY (v_projects) ORDER BY project_id FOR UPDATE;
  PERFORM sapa_name_prefixes_tally(v_old_projects, v_old_names, -1);
  PERFORM sapa_name_prefixes_tally(v_new_projects, v_new_names, 1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Nothing moves a customer to another project or first contact, but should something do it, the
-- counts and the copies of created_at follow.
CREATE FUNCTION sapa_customers_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sapa_customers_tally(ARRAY[OLD.project_id], ARRAY[OLD.created_at], ARRAY[OLD.id], -1);
  PERFORM sapa_customers_tally(ARRAY[NEW.project_id], ARRAY[NEW.created_at], ARRAY[NEW.id], 1);
  UPDATE customer_labels SET customer_created_at = NEW.created_at WHERE customer_id = NEW.id;
  UPDATE customer_stages SET customer_created_at = NEW.created_at WHERE customer_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION sapa_customers_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_counts;
  DELETE FROM customer_blocks;
  DELETE FROM customer_name_prefixes;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- customer_labels and customer_stages carry their customer's created_at.
CREATE FUNCTION sapa_customer_created_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT created_at INTO NEW.customer_created_at FROM customers WHERE id = NEW.customer_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- labels.customer_count, rows changed in id order: two statements on the same labels cannot deadlock.
CREATE FUNCTION sapa_label_customers_tally() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR v IN SELECT label_id AS id, count(*)::integer AS n FROM sapa_new GROUP BY 1 ORDER BY 1 LOOP
      UPDATE labels SET customer_count = customer_count + v.n WHERE id = v.id;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR v IN SELECT label_id AS id, count(*)::integer AS n FROM sapa_old GROUP BY 1 ORDER BY 1 LOOP
      UPDATE labels SET customer_count = customer_count - v.n WHERE id = v.id;
    END LOOP;
  ELSE
    FOR v IN
      SELECT d.id, sum(d.n)::integer AS n
      FROM (SELECT label_id AS id, 1 AS n FROM sapa_new UNION ALL SELECT label_id, -1 FROM sapa_old) AS d
      GROUP BY 1 HAVING sum(d.n) <> 0 ORDER BY 1
    LOOP
      UPDATE labels SET customer_count = customer_count + v.n WHERE id = v.id;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- stages.customer_count, the same way.
CREATE FUNCTION sapa_stage_customers_tally() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR v IN SELECT stage_id AS id, count(*)::integer AS n FROM sapa_new GROUP BY 1 ORDER BY 1 LOOP
      UPDATE stages SET customer_count = customer_count + v.n WHERE id = v.id;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR v IN SELECT stage_id AS id, count(*)::integer AS n FROM sapa_old GROUP BY 1 ORDER BY 1 LOOP
      UPDATE stages SET customer_count = customer_count - v.n WHERE id = v.id;
    END LOOP;
  ELSE
    FOR v IN
      SELECT d.id, sum(d.n)::integer AS n
      FROM (SELECT stage_id AS id, 1 AS n FROM sapa_new UNION ALL SELECT stage_id, -1 FROM sapa_old) AS d
      GROUP BY 1 HAVING sum(d.n) <> 0 ORDER BY 1
    LOOP
      UPDATE stages SET customer_count = customer_count + v.n WHERE id = v.id;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION sapa_label_customers_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE labels SET customer_count = 0 WHERE customer_count <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION sapa_stage_customers_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stages SET customer_count = 0 WHERE customer_count <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- How many of the project's customers come before (p_at, p_id) in (created_at, id) order: the
-- blocks before the one holding that key, then at most a block of the index.
CREATE FUNCTION sapa_customer_rank(p_project uuid, p_at timestamptz, p_id uuid) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_lo_at timestamptz;
  v_lo_id uuid;
  v_before bigint;
  v_within bigint;
BEGIN
  SELECT lo_at, lo_id INTO v_lo_at, v_lo_id FROM customer_blocks
  WHERE project_id = p_project AND (lo_at, lo_id) <= (p_at, p_id)
  ORDER BY lo_at DESC, lo_id DESC LIMIT 1;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  SELECT coalesce(sum(customers), 0) INTO v_before FROM customer_blocks
  WHERE project_id = p_project AND (lo_at, lo_id) < (v_lo_at, v_lo_id);
  SELECT count(*) INTO v_within FROM customers
  WHERE project_id = p_project AND (created_at, id) >= (v_lo_at, v_lo_id) AND (created_at, id) < (p_at, p_id);
  RETURN v_before + v_within;
END
$$;
--> statement-breakpoint
-- A page of the project's customers and how many there are, newest or oldest first: all of them,
-- or a label's, or a stage's (p_label, p_stage), between p_from and p_to (excluded) when not NULL.
-- The project's page is found from the blocks' running total, then at most a block of the index;
-- a label's or stage's from its count and its link table's index on the customer's created_at,
-- read from whichever end of the list is nearer. One snapshot (STABLE): the total and the page agree.
CREATE FUNCTION sapa_customer_page(p_project uuid, p_label uuid, p_stage uuid, p_from timestamptz,
  p_to timestamptz, p_offset bigint, p_limit integer, p_newest boolean)
RETURNS TABLE (total bigint, ids uuid[])
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_lo bigint := 0;
  v_hi bigint;
  v_first bigint;
  v_last bigint;
  v_lo_at timestamptz;
  v_lo_id uuid;
  v_before bigint;
  v_start timestamptz := coalesce(p_from, '-infinity');
  v_end timestamptz := coalesce(p_to, 'infinity');
  v_skip bigint;
  v_take integer;
  v_backwards boolean;
BEGIN
  total := 0;
  ids := '{}';
  IF p_label IS NOT NULL OR p_stage IS NOT NULL THEN
    IF p_label IS NOT NULL THEN
      IF p_from IS NULL AND p_to IS NULL THEN
        SELECT customer_count INTO total FROM labels WHERE id = p_label AND project_id = p_project;
      ELSIF EXISTS (SELECT 1 FROM labels WHERE id = p_label AND project_id = p_project) THEN
        SELECT count(*) INTO total FROM customer_labels
        WHERE label_id = p_label AND customer_created_at >= v_start AND customer_created_at < v_end;
      END IF;
    ELSE
      IF p_from IS NULL AND p_to IS NULL THEN
        SELECT customer_count INTO total FROM stages WHERE id = p_stage AND project_id = p_project;
      ELSIF EXISTS (SELECT 1 FROM stages WHERE id = p_stage AND project_id = p_project) THEN
        SELECT count(*) INTO total FROM customer_stages
        WHERE stage_id = p_stage AND customer_created_at >= v_start AND customer_created_at < v_end;
      END IF;
    END IF;
    total := coalesce(total, 0);
    IF p_offset >= total THEN
      RETURN NEXT;
      RETURN;
    END IF;
    -- Rows p_offset .. v_last of the list; past its middle, counted from its other end.
    v_last := least(p_offset + p_limit, total) - 1;
    v_backwards := total - 1 - v_last < p_offset;
    v_skip := CASE WHEN v_backwards THEN total - 1 - v_last ELSE p_offset END;
    v_take := v_last - p_offset + 1;
    IF p_label IS NOT NULL THEN
      IF p_newest <> v_backwards THEN
        ids := ARRAY(SELECT customer_id FROM customer_labels
          WHERE label_id = p_label AND customer_created_at >= v_start AND customer_created_at < v_end
          ORDER BY customer_created_at DESC, customer_id DESC OFFSET v_skip LIMIT v_take);
      ELSE
        ids := ARRAY(SELECT customer_id FROM customer_labels
          WHERE label_id = p_label AND customer_created_at >= v_start AND customer_created_at < v_end
          ORDER BY customer_created_at, customer_id OFFSET v_skip LIMIT v_take);
      END IF;
    ELSE
      IF p_newest <> v_backwards THEN
        ids := ARRAY(SELECT customer_id FROM customer_stages
          WHERE stage_id = p_stage AND customer_created_at >= v_start AND customer_created_at < v_end
          ORDER BY customer_created_at DESC, customer_id DESC OFFSET v_skip LIMIT v_take);
      ELSE
        ids := ARRAY(SELECT customer_id FROM customer_stages
          WHERE stage_id = p_stage AND customer_created_at >= v_start AND customer_created_at < v_end
          ORDER BY customer_created_at, customer_id OFFSET v_skip LIMIT v_take);
      END IF;
    END IF;
    IF v_backwards THEN
      ids := ARRAY(SELECT u.id FROM unnest(ids) WITH ORDINALITY AS u(id, n) ORDER BY u.n DESC);
    END IF;
    RETURN NEXT;
    RETURN;
  END IF;

  IF p_from IS NOT NULL THEN
    v_lo := sapa_customer_rank(p_project, p_from, '00000000-0000-0000-0000-000000000000');
  END IF;
  IF p_to IS NOT NULL THEN
    v_hi := sapa_customer_rank(p_project, p_to, '00000000-0000-0000-0000-000000000000');
  ELSE
    SELECT coalesce(max(customers), 0) INTO v_hi FROM customer_counts WHERE project_id = p_project;
  END IF;
  total := greatest(v_hi - v_lo, 0);
  -- Ranks v_first .. v_last (0-based, oldest first) make the page.
  IF p_newest THEN
    v_last := v_hi - 1 - p_offset;
    v_first := greatest(v_lo, v_last - p_limit + 1);
  ELSE
    v_first := v_lo + p_offset;
    v_last := least(v_hi - 1, v_first + p_limit - 1);
  END IF;
  IF v_last < v_first THEN
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT b.lo_at, b.lo_id, b.before INTO v_lo_at, v_lo_id, v_before
  FROM (
    SELECT lo_at, lo_id, customers, sum(customers) OVER (ORDER BY lo_at, lo_id) - customers AS before
    FROM customer_blocks WHERE project_id = p_project
  ) AS b
  WHERE b.before + b.customers > v_first
  ORDER BY b.lo_at, b.lo_id LIMIT 1;
  IF FOUND THEN
    ids := ARRAY(
      SELECT c.id FROM customers c
      WHERE c.project_id = p_project AND (c.created_at, c.id) >= (v_lo_at, v_lo_id)
      ORDER BY c.created_at, c.id
      OFFSET v_first - v_before LIMIT v_last - v_first + 1
    );
    IF p_newest THEN
      ids := ARRAY(SELECT u.id FROM unnest(ids) WITH ORDINALITY AS u(id, n) ORDER BY u.n DESC);
    END IF;
  END IF;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
-- The project's customers of p_ids as the customers table shows them (in no order): their labels
-- by name, their stage, their latest conversation. A function, so that its plan is made once.
CREATE FUNCTION sapa_customers_shown(p_project uuid, p_ids uuid[])
RETURNS TABLE (id uuid, name text, phone text, notes text, custom_fields jsonb, created_at timestamptz,
  labels json, stage json, conversation_id uuid, last_message_at timestamptz)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT c.id, c.name, c.phone, c.notes, c.custom_fields, c.created_at,
    (SELECT coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color)
        ORDER BY lower(l.name), l.id), '[]'::json)
      FROM customer_labels cl JOIN labels l ON l.id = cl.label_id WHERE cl.customer_id = c.id),
    (SELECT json_build_object('id', s.id, 'name', s.name, 'color', s.color)
      FROM customer_stages cs JOIN stages s ON s.id = cs.stage_id WHERE cs.customer_id = c.id),
    v.id, v.last_message_at
  FROM customers c
  LEFT JOIN LATERAL (
    SELECT cv.id, cv.last_message_at FROM conversations cv WHERE cv.customer_id = c.id
    ORDER BY cv.last_message_at DESC NULLS LAST, cv.id DESC LIMIT 1
  ) AS v ON true
  WHERE c.project_id = p_project AND c.id = ANY (p_ids);
END
$$;
--> statement-breakpoint
-- What exists already: the tables are locked by this migration's ALTERs and DROP INDEX until it
-- commits, so nothing is written between the counts and the triggers.
INSERT INTO customer_counts (project_id, customers)
SELECT project_id, count(*) FROM customers GROUP BY project_id;
--> statement-breakpoint
INSERT INTO customer_blocks (project_id, lo_at, lo_id, customers)
SELECT project_id, '-infinity', '00000000-0000-0000-0000-000000000000', 0 FROM customer_counts;
--> statement-breakpoint
SELECT sapa_customer_blocks_cut(project_id, '-infinity', '00000000-0000-0000-0000-000000000000')
FROM customer_counts;
--> statement-breakpoint
INSERT INTO customer_name_prefixes (project_id, prefix, customers)
SELECT c.project_id, p.prefix, count(*) FROM customers c, sapa_name_prefixes(c.name) AS p(prefix)
GROUP BY 1, 2;
--> statement-breakpoint
UPDATE customer_labels l SET customer_created_at = c.created_at FROM customers c WHERE c.id = l.customer_id;
--> statement-breakpoint
UPDATE customer_stages s SET customer_created_at = c.created_at FROM customers c WHERE c.id = s.customer_id;
--> statement-breakpoint
UPDATE labels l SET customer_count = (SELECT count(*) FROM customer_labels c WHERE c.label_id = l.id);
--> statement-breakpoint
UPDATE stages s SET customer_count = (SELECT count(*) FROM customer_stages c WHERE c.stage_id = s.id);
--> statement-breakpoint
CREATE TRIGGER customers_added AFTER INSERT ON customers
REFERENCING NEW TABLE AS sapa_added FOR EACH STATEMENT EXECUTE FUNCTION sapa_customers_added();
--> statement-breakpoint
CREATE TRIGGER customers_removed AFTER DELETE ON customers
REFERENCING OLD TABLE AS sapa_removed FOR EACH STATEMENT EXECUTE FUNCTION sapa_customers_removed();
--> statement-breakpoint
CREATE TRIGGER customers_moved AFTER UPDATE OF project_id, created_at ON customers FOR EACH ROW
WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION sapa_customers_moved();
--> statement-breakpoint
CREATE TRIGGER customers_renamed AFTER UPDATE ON customers
REFERENCING OLD TABLE AS sapa_old NEW TABLE AS sapa_new
FOR EACH STATEMENT EXECUTE FUNCTION sapa_customers_renamed();
--> statement-breakpoint
CREATE TRIGGER customers_truncated AFTER TRUNCATE ON customers
FOR EACH STATEMENT EXECUTE FUNCTION sapa_customers_truncated();
--> statement-breakpoint
CREATE TRIGGER customer_labels_created_at BEFORE INSERT OR UPDATE OF customer_id ON customer_labels
FOR EACH ROW EXECUTE FUNCTION sapa_customer_created_at();
--> statement-breakpoint
CREATE TRIGGER customer_stages_created_at BEFORE INSERT OR UPDATE OF customer_id ON customer_stages
FOR EACH ROW EXECUTE FUNCTION sapa_customer_created_at();
--> statement-breakpoint
CREATE TRIGGER customer_labels_added AFTER INSERT ON customer_labels
REFERENCING NEW TABLE AS sapa_new FOR EACH STATEMENT EXECUTE FUNCTION sapa_label_customers_tally();
--> statement-breakpoint
CREATE TRIGGER customer_labels_removed AFTER DELETE ON customer_labels
REFERENCING OLD TABLE AS sapa_old FOR EACH STATEMENT EXECUTE FUNCTION sapa_label_customers_tally();
--> statement-breakpoint
CREATE TRIGGER customer_labels_changed AFTER UPDATE ON customer_labels
REFERENCING OLD TABLE AS sapa_old NEW TABLE AS sapa_new
FOR EACH STATEMENT EXECUTE FUNCTION sapa_label_customers_tally();
--> statement-breakpoint
CREATE TRIGGER customer_labels_truncated AFTER TRUNCATE ON customer_labels
FOR EACH STATEMENT EXECUTE FUNCTION sapa_label_customers_truncated();
--> statement-breakpoint
CREATE TRIGGER customer_stages_added AFTER INSERT ON customer_stages
REFERENCING NEW TABLE AS sapa_new FOR EACH STATEMENT EXECUTE FUNCTION sapa_stage_customers_tally();
--> statement-breakpoint
CREATE TRIGGER customer_stages_removed AFTER DELETE ON customer_stages
REFERENCING OLD TABLE AS sapa_old FOR EACH STATEMENT EXECUTE FUNCTION sapa_stage_customers_tally();
--> statement-breakpoint
CREATE TRIGGER customer_stages_changed AFTER UPDATE ON customer_stages
REFERENCING OLD TABLE AS sapa_old NEW TABLE AS sapa_new
FOR EACH STATEMENT EXECUTE FUNCTION sapa_stage_customers_tally();
--> statement-breakpoint
CREATE TRIGGER customer_stages_truncated AFTER TRUNCATE ON customer_stages
FOR EACH STATEMENT EXECUTE FUNCTION sapa_stage_customers_truncated();
