/** A count as the desk writes it: "1 application", "2 applications", "0 applications". */
export function countText(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
