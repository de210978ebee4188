import { describe, expect, it } from 'vitest';
import { allPermissionKeys } from '@sapa/sdk';
import { firstRunSteps } from './firstRunGuide.ts';

const agent = ['crm.menu', 'crm.chat.menu', 'crm.chat.view'];

describe('the first-run guide', () => {
  it('shows for a project with no number once that is known, and never over conversations', () => {
    const owner = [...allPermissionKeys];
    expect(firstRunSteps({ permissions: owner, accounts: 'empty', anyConversation: false })).toEqual([
      'connect',
      'invite',
      'simulator',
    ]);
    for (const accounts of ['loading', 'failed', 'ready'] as const)
      expect(firstRunSteps({ permissions: owner, accounts, anyConversation: false })).toBeNull();
    expect(firstRunSteps({ permissions: owner, accounts: 'empty', anyConversation: true })).toBeNull();
  });

  it('points an agent without the accounts screen to whoever manages the numbers, without the invite', () => {
    expect(firstRunSteps({ permissions: agent, accounts: 'empty', anyConversation: false })).toEqual([
      'askOwner',
      'simulator',
    ]);
    const inviter = [...agent, 'project.menu', 'project.user.menu', 'project.user.create_invite'];
    expect(firstRunSteps({ permissions: inviter, accounts: 'empty', anyConversation: false })).toEqual([
      'askOwner',
      'invite',
      'simulator',
    ]);
    const accounts = [...agent, 'project.menu', 'project.account.menu', 'project.account.view'];
    expect(firstRunSteps({ permissions: accounts, accounts: 'empty', anyConversation: false })?.[0]).toBe(
      'connect',
    );
  });
});
