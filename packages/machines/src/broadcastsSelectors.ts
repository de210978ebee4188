/** What the broadcasts table's page reads of broadcastsMachine's snapshot. */
import type { BroadcastPermissions } from './broadcastAccess.ts';
import type { BroadcastsSnapshot } from './broadcastsMachine.ts';

/** The broadcasts' table (the child the DataTable shows); undefined only once stopped. */
export function selectBroadcastTable(snapshot: BroadcastsSnapshot) {
  return snapshot.children.table;
}

/** What the member may do: "Broadcast baru" needs `add`. */
export function selectBroadcastPermissions(snapshot: BroadcastsSnapshot): BroadcastPermissions {
  return snapshot.context.may;
}

/** The status filter (`null`: every status). */
export function selectStatusFilter(snapshot: BroadcastsSnapshot) {
  return snapshot.context.status;
}

/** Whether a status or a search (typed or applied) narrows the table: "Hapus filter" shows. */
export function selectHasBroadcastFilters(snapshot: BroadcastsSnapshot): boolean {
  const { status, search, searchText } = snapshot.context;
  return status !== null || search !== '' || searchText !== '';
}

/**
 * Whether the project has an approved template to broadcast: true, false, or null while not known
 * (not asked yet, being asked, or the member may not list templates).
 */
export function selectApprovedTemplates(snapshot: BroadcastsSnapshot): boolean | null {
  return snapshot.context.approvedTemplates;
}
