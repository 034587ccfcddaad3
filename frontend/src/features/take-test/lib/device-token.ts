/** The device token of the attempt, per enrollment, in this tab's sessionStorage: a reload keeps
 * it; another tab or device has none, starts again and so takes the attempt over. */
const key = (enrollmentId: number) => `takeTest.token.${enrollmentId}`;

export function readDeviceToken(enrollmentId: number): string {
  try {
    return window.sessionStorage.getItem(key(enrollmentId)) ?? "";
  } catch {
    return "";
  }
}

export function storeDeviceToken(enrollmentId: number, token: string): void {
  try {
    window.sessionStorage.setItem(key(enrollmentId), token);
  } catch {
    /* storage unavailable: the token lives in memory for this page (a reload takes over) */
  }
}

export function clearDeviceToken(enrollmentId: number): void {
  try {
    window.sessionStorage.removeItem(key(enrollmentId));
  } catch {
    /* nothing stored */
  }
}
