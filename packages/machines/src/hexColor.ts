/** The colour rule of the CRM's records (labels, stages, divisions): `#rrggbb`, either case. */
export function isHexColor(value: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(value.trim());
}
