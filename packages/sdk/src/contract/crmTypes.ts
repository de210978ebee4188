/** What the CRM acts answer (labels; stages, divisions, customers and quick replies follow). */

/** A project's label (`/crm/label/{key}`), attached to customers. */
export interface Label {
  id: string;
  name: string;
  /** `#rrggbb`. */
  color: string;
  /** Customers carrying it. */
  customers: number;
  createdAt: string;
}
