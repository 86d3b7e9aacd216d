/**
 * Whether this page has just deleted the traveler's account, for the page the traveler lands on to say so once. Kept
 * in memory on purpose: the next navigation forgets it (see AccountDeletedNotice) and a reload starts without it.
 */
let deletedJustNow = false;

export function rememberAccountDeleted(): void {
  deletedJustNow = true;
}

export function accountDeletedJustNow(): boolean {
  return deletedJustNow;
}

export function forgetAccountDeleted(): void {
  deletedJustNow = false;
}
