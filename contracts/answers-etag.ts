/**
 * The answers' version as an HTTP validator: /api/profile, PUT /api/answer and PUT /api/tabs send it as the
 * ETag, the island sends it back in If-Match and a page posted without scripts in a hidden field.
 */
export function answersEtag(version: number): string {
  return `"v${version}"`;
}

/** The version an answers ETag names (weak or strong); null when the text is not one. */
export function answersVersionOf(etag: string): number | null {
  const match = /^\s*(?:W\/)?"v(\d{1,9})"\s*$/.exec(etag);
  return match ? Number(match[1]) : null;
}
