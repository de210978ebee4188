import { describe, expect, it } from 'vitest';
import { allPermissionKeys } from '../permissions/tree.ts';
import { templatePermissions } from '../permissions/templates.ts';
import { acts } from './acts.ts';
import {
  automationActs,
  automationKindsAllowed,
  automationPermission,
  ruleSampleField,
} from './automationActs.ts';
import { automationRuleKinds } from './automationTypes.ts';

describe("automation's acts", () => {
  it("names each kind's screen node, routing under the divisions' own", () => {
    expect(automationRuleKinds.map((kind) => automationPermission(kind, 'view'))).toEqual([
      'crm.auto_replay.view',
      'crm.divisi.view',
      'crm.auto_stage.view',
      'crm.autofu.view',
    ]);
    for (const kind of automationRuleKinds) {
      for (const verb of ['view', 'add', 'edit', 'hapus'] as const) {
        expect(allPermissionKeys).toContain(automationPermission(kind, verb));
      }
    }
  });

  it('answers the kinds a member may act on, menus included', () => {
    expect(automationKindsAllowed(['crm.menu', 'crm.autofu.menu', 'crm.autofu.view'], 'view')).toEqual([
      'follow_up',
    ]);
    // Without the node's menu the key does nothing.
    expect(automationKindsAllowed(['crm.menu', 'crm.autofu.view'], 'view')).toEqual([]);
    expect(automationKindsAllowed(templatePermissions('viewer'), 'view')).toEqual([...automationRuleKinds]);
    expect(automationKindsAllowed(templatePermissions('viewer'), 'edit')).toEqual([]);
    expect(automationKindsAllowed(templatePermissions('agent'), 'view')).toEqual([]);
  });

  it('lets in a member holding the verb for any kind, and is part of the contract', () => {
    for (const name of Object.keys(automationActs)) expect(acts).toHaveProperty(name);
    expect(acts.automation_rule_delete.access).toEqual({
      anyOf: ['crm.auto_replay.hapus', 'crm.divisi.hapus', 'crm.auto_stage.hapus', 'crm.autofu.hapus'],
    });
  });

  it('takes a sample with only its text, and refuses a time without an offset', () => {
    expect(ruleSampleField.parse({ text: 'harga' })).toEqual({ text: 'harga' });
    expect(ruleSampleField.safeParse({ text: 'harga', at: '2026-03-09T10:00:00' }).success).toBe(false);
    expect(
      ruleSampleField.parse({
        text: 'harga',
        at: '2026-03-09T10:00:00+07:00',
        adSource: { kind: 'ad', adId: '120226305854810726' },
        conversation: { labelIds: [], windowOpen: false },
      }).conversation,
    ).toEqual({ labelIds: [], windowOpen: false });
  });
});
