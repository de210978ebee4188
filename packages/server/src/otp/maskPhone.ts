/** `+628123456789` -> `+62812****789`: country code and operator prefix, then the last three digits. */
export function maskPhone(phone: string): string {
  const visibleStart = Math.min(6, Math.max(phone.length - 7, 2));
  const start = phone.slice(0, visibleStart);
  const end = phone.slice(-3);
  return `${start}${'*'.repeat(Math.max(phone.length - visibleStart - 3, 4))}${end}`;
}
