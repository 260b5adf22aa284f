/**
 * Which document questions have an upload or a conversion under way on this page. The tabs of the
 * form (§4) read it before switching away from a tab holding a document.
 */
const busy = new Set<string>();

export function setUploadBusy(key: string, isBusy: boolean): void {
  if (isBusy) busy.add(key);
  else busy.delete(key);
}

export function isUploadBusy(key: string): boolean {
  return busy.has(key);
}
