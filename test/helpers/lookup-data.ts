/**
 * A fresh server seeds the bundled lookup data beside its start-up (db/seeds/lookup/seed.server.ts):
 * wait until the last category seeded (addresses) answers, so every category is complete.
 */
export async function waitForLookupData(baseUrl: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/lookup/find?id=dad:us-az:0&category=address`, {
      headers: { 'X-Forwarded-For': '192.0.2.1' },
    }).catch(() => null);
    const body = res?.ok ? ((await res.json()) as { id?: string }) : null;
    if (body?.id === 'dad:us-az:0') return;
    if (Date.now() > deadline) throw new Error(`lookup data not seeded within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
