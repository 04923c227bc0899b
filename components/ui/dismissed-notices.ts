/**
 * A notice the reader dismissed stays dismissed until the browser session ends: a session cookie
 * per notice, read by the server (the notice is then not rendered at all, so it never flashes)
 * and written by the notice's own Dismiss button.
 */
/** The dashboard's "Confirm your e-mail" banner (components/dashboard/verify-email-banner.tsx). */
export const VERIFY_EMAIL_NOTICE = "verify-email";

export const dismissedNoticeCookie = (notice: string) => `notice_dismissed_${notice.replace(/[^a-z0-9_-]/gi, "_")}`;

/** The cookie a Dismiss button sets: no Max-Age, so it ends with the browser session. */
export function dismissNoticeCookie(notice: string, secure: boolean): string {
  return `${dismissedNoticeCookie(notice)}=1; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether a request's cookies say the notice was dismissed. */
export function isNoticeDismissed(cookies: { get(name: string): { value: string } | undefined }, notice: string): boolean {
  return cookies.get(dismissedNoticeCookie(notice))?.value === "1";
}
