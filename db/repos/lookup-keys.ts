/**
 * The one normaliser for lookup search keys. The importer stores keys made with it and the queries
 * normalise the typed text with it, so "St. Mary's", "st marys" and "ST MARY'S" all meet.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** `%`, `_` and `\` are LIKE wildcards: escape them so typed text only ever matches itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
