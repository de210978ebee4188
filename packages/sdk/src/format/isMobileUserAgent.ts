/** Mobile detection by user agent (SPEC.md section 9). Pass `navigator.userAgent` in a browser. */
const mobile = /Android|webOS|iPhone|iPad|iPod|BlackBerry|Windows Phone/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return mobile.test(userAgent);
}
