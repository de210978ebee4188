/**
 * Test support for the project area: a project with its owner, and members who join through
 * invite codes (the way people really join).
 */
import type { Invite, Project, RoleTemplate } from '../../src/sdk.ts';
import { registerUser } from './flows.ts';
import { dataOf } from './inbox.ts';
import type { TestServer } from './testServer.ts';

export interface TeamUser {
  token: string;
  userId: string;
  phone: string;
}

export interface Team {
  owner: TeamUser;
  project: Project;
}

export async function team(server: TestServer, name = 'Toko Sapa'): Promise<Team> {
  const owner = await registerUser(server, undefined, undefined, 'Pemilik Toko');
  const project = dataOf<Project>(await server.act('project_create', { token: owner.token, name }));
  return { owner, project };
}

/** An invite code made by `by` (the owner unless given). */
export async function invite(
  server: TestServer,
  setup: Team,
  template: RoleTemplate,
  fields: Record<string, unknown> = {},
  by: TeamUser = setup.owner,
): Promise<Invite> {
  return dataOf<Invite>(
    await server.act('invite_create', { token: by.token, key: setup.project.key, template, ...fields }),
  );
}

/** A new user who joins `setup`'s project with `template` through an invite code. */
export async function join(
  server: TestServer,
  setup: Team,
  template: RoleTemplate,
  name = 'Anggota Baru',
): Promise<TeamUser> {
  const code = (await invite(server, setup, template)).code;
  const user = await registerUser(server, undefined, undefined, name);
  dataOf<Project>(await server.act('invite_accept', { token: user.token, code }));
  return user;
}
