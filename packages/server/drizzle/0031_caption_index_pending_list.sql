-- The messages' caption search index (GIN, migration 0002) takes new entries into a pending list that
-- the insert which finds it over `gin_pending_list_limit` (4 MB by default) merges into the index
-- itself: about one message in 13,000 (one a minute at 200 messages a second) had its store
-- statement wait 110 to 170 ms for it, on the webhook path. Capped at 256 kB, the merge comes about
-- every 800 messages and takes 5 to 20 ms. Measured with 30,000 single-row inserts of bench-like
-- captions into a table with this index (PostgreSQL 15): mean 0.047 and 0.044 ms, slowest 170 and
-- 23 ms; with the pending list off (`fastupdate = off`) 0.091 and 19 ms.
ALTER INDEX "messages_caption_search_idx" SET (gin_pending_list_limit = 256);
