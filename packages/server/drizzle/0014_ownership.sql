-- Ownership and the chat's own keys (issue 14, docs/team.md "Ownership" and "Migration 0014").
--
-- 1. `projects.owner_id`: the one member who deletes the project and hands it over
--    (`project_transfer`); `created_by` stays who created it. Backfilled with the creator while
--    they are still a member, else the earliest member who may set permissions, else the earliest
--    member (a project without members keeps its creator).
ALTER TABLE "projects" ADD COLUMN "owner_id" uuid;
--> statement-breakpoint
UPDATE "projects" AS p SET "owner_id" = coalesce(
  (SELECT m."user_id" FROM "project_members" m
    WHERE m."project_id" = p."id" AND m."user_id" = p."created_by"),
  (SELECT m."user_id" FROM "project_members" m
    WHERE m."project_id" = p."id"
      AND m."permissions" @> ARRAY['project.menu', 'project.user.menu', 'project.user.set_permission']::text[]
    ORDER BY m."created_at", m."user_id" LIMIT 1),
  (SELECT m."user_id" FROM "project_members" m
    WHERE m."project_id" = p."id" ORDER BY m."created_at", m."user_id" LIMIT 1),
  p."created_by"
);
--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "owner_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The permission tree's keys in its order (packages/sdk/src/permissions/tree.ts as of this
-- migration), so the rewritten key lists below stay in tree order as the server stores them.
CREATE TEMPORARY TABLE "permission_order" AS
SELECT t."key", t."position" FROM unnest(ARRAY[
  'report.menu', 'advertiser.menu', 'advertiser.domain.menu', 'advertiser.domain.view',
  'advertiser.domain.add', 'advertiser.domain.hapus', 'advertiser.campaign.menu',
  'advertiser.campaign.view', 'advertiser.campaign.add', 'advertiser.campaign.edit',
  'advertiser.campaign.hapus', 'advertiser.link_generator.menu',
  'advertiser.link_generator.view', 'advertiser.link_generator.add',
  'advertiser.link_generator.edit', 'advertiser.link_generator.hapus',
  'advertiser.connector.menu', 'advertiser.connector.view', 'advertiser.connector.add',
  'advertiser.connector.edit', 'advertiser.connector.hapus', 'advertiser.trigger.menu',
  'advertiser.trigger.view', 'advertiser.trigger.add', 'advertiser.trigger.edit',
  'advertiser.trigger.hapus', 'advertiser.log.menu', 'crm.menu', 'crm.chat.menu',
  'crm.chat.view', 'crm.chat.send', 'crm.chat.assign', 'crm.chat.add_divisi',
  'crm.chat.delete_divisi', 'crm.chat.add_stage', 'crm.chat.add_label',
  'crm.chat.show_user_contact_detail', 'crm.chat.show_all_chat', 'crm.chat.add_account',
  'crm.chat.edit_account', 'crm.chat.logout_account', 'crm.chat.rename_client',
  'crm.broadcast.menu', 'crm.broadcast.view', 'crm.broadcast.add', 'crm.broadcast.edit',
  'crm.broadcast.hapus', 'crm.autofu.menu', 'crm.autofu.view', 'crm.autofu.add',
  'crm.autofu.edit', 'crm.autofu.hapus', 'crm.customer.menu', 'crm.customer.view',
  'crm.customer.add', 'crm.customer.edit', 'crm.customer.hapus', 'crm.label.menu',
  'crm.label.view', 'crm.label.add', 'crm.label.edit', 'crm.label.hapus', 'crm.stage.menu',
  'crm.stage.view', 'crm.stage.add', 'crm.stage.edit', 'crm.stage.hapus',
  'crm.auto_stage.menu', 'crm.auto_stage.view', 'crm.auto_stage.add', 'crm.auto_stage.edit',
  'crm.auto_stage.hapus', 'crm.auto_replay.menu', 'crm.auto_replay.view',
  'crm.auto_replay.add', 'crm.auto_replay.edit', 'crm.auto_replay.hapus',
  'crm.quick_replay.menu', 'crm.quick_replay.view', 'crm.quick_replay.add',
  'crm.quick_replay.edit', 'crm.quick_replay.hapus', 'crm.divisi.menu', 'crm.divisi.view',
  'crm.divisi.add', 'crm.divisi.edit', 'crm.divisi.hapus', 'crm.divisi.add_user',
  'crm.gallery.menu', 'crm.gallery.view', 'crm.gallery.add', 'crm.gallery.hapus',
  'project.menu', 'project.edit', 'project.account.menu', 'project.account.view',
  'project.account.add', 'project.account.edit', 'project.account.hapus',
  'project.billing.menu', 'project.billing.view', 'project.billing.pay', 'project.user.menu',
  'project.user.view', 'project.user.create_invite', 'project.user.set_permission',
  'project.user.hapus'
]::text[]) WITH ORDINALITY AS t("key", "position");
--> statement-breakpoint
-- 2. `crm.chat.send` and `crm.chat.assign` are new: sending, uploading an attachment and assigning
--    needed only `crm.chat.view` until now. Every member holding `crm.chat.view` keeps what they
--    could do and gets both, except a member whose keys are exactly the Viewer template (every
--    `menu` and `view` key, nothing else): a viewer was never meant to act, and stays unable to.
--    Invites store a template, not keys, so an Agent invite grants both on joining and a Viewer
--    invite neither. (Keys the tree does not know are dropped from the rewritten lists; they
--    allowed nothing.)
WITH "viewer" AS (
  SELECT array_agg(o."key") AS "keys" FROM "permission_order" o
  WHERE o."key" LIKE '%.menu' OR o."key" LIKE '%.view'
)
UPDATE "project_members" AS m SET "permissions" = ARRAY(
  SELECT o."key" FROM "permission_order" o
  WHERE o."key" = ANY(m."permissions") OR o."key" IN ('crm.chat.send', 'crm.chat.assign')
  ORDER BY o."position"
)
FROM "viewer" v
WHERE 'crm.chat.view' = ANY(m."permissions")
  AND NOT (m."permissions" @> v."keys" AND m."permissions" <@ v."keys");
--> statement-breakpoint
-- 3. The owner always keeps the members screen and the permission editor (`ownerKeys` in
--    packages/sdk/src/permissions/grants.ts), from which they can tick back anything else.
UPDATE "project_members" AS m SET "permissions" = ARRAY(
  SELECT o."key" FROM "permission_order" o
  WHERE o."key" = ANY(m."permissions")
    OR o."key" IN ('project.menu', 'project.user.menu', 'project.user.view', 'project.user.set_permission')
  ORDER BY o."position"
)
FROM "projects" p
WHERE p."id" = m."project_id" AND p."owner_id" = m."user_id"
  AND NOT m."permissions" @> ARRAY['project.menu', 'project.user.menu', 'project.user.view', 'project.user.set_permission']::text[];
--> statement-breakpoint
DROP TABLE "permission_order";
