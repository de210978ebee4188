-- The customers table's functions (migration 0010) tell the planner how many rows they answer.
-- Without it PostgreSQL takes a set-returning function for 1,000 rows, so the page's statement
-- (`sapa_customer_page` beside `sapa_customers_shown`, 1,000 x 1,000 rows to its planner) joined
-- `customers` for each row's opt-out (issue 17) by hashing the whole project: a sequential scan of
-- 100,000 customers and JIT compilation for ten rows, 23 ms of every page, label, stage and date
-- request on PostgreSQL and PGlite alike (`pnpm bench customersTable`, bench/README.md). The page
-- is one row; the rows shown are at most a page (`CUSTOMER_PAGE_SIZE`, 10).
ALTER FUNCTION sapa_customer_page(uuid, uuid, uuid, timestamptz, timestamptz, bigint, integer, boolean) ROWS 1;
--> statement-breakpoint
ALTER FUNCTION sapa_customers_shown(uuid, uuid[]) ROWS 10;
