import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { isValidKey } from '../../platform/storage/object-store.server.js';
import { LocalObjectStore } from '../../platform/storage/local-store.server.js';
import { signDownload, signUploadPolicy, verifyDownload, verifyUploadPolicy } from '../../platform/storage/signing.server.js';
import { TEST_TMP } from '../helpers/paths.js';

const SECRET = 'unit-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const NOW = new Date('2026-03-01T12:00:00Z');
const LATER = new Date(NOW.getTime() + 60_000);

describe('object keys', () => {
  it.each(['users/u1/transcript/abc', 'converted/u1/k/x.pdf'])('accepts %s', (key) => expect(isValidKey(key)).toBe(true));
  it.each(['', '/abs', 'a/../b', 'a/./b', '..', 'a//b', 'a\\b', 'a/b/', 'é', 'a b'])('refuses %j', (key) =>
    expect(isValidKey(key)).toBe(false),
  );
  it('refuses keys longer than 512 characters', () => expect(isValidKey(`a/${'x'.repeat(600)}`)).toBe(false));
});

describe('upload policy (what S3 would check)', () => {
  const fields = signUploadPolicy(SECRET, 'users/u1/k/abc', 1024, LATER);

  it('verifies a policy signed with the secret', () => {
    expect(verifyUploadPolicy(SECRET, fields, NOW)).toEqual({ key: 'users/u1/k/abc', minBytes: 1, maxBytes: 1024 });
  });

  it('refuses another secret, another key, an edited policy, an expired one and missing fields', () => {
    expect(() => verifyUploadPolicy(`${SECRET}x`, fields, NOW)).toThrow(/refused/);
    expect(() => verifyUploadPolicy(SECRET, { ...fields, key: 'users/u2/k/abc' }, NOW)).toThrow(/refused/);
    const edited = Buffer.from(Buffer.from(fields.policy!, 'base64url').toString().replace('1024', '99999')).toString('base64url');
    expect(() => verifyUploadPolicy(SECRET, { ...fields, policy: edited }, NOW)).toThrow(/refused/);
    expect(() => verifyUploadPolicy(SECRET, fields, LATER)).toThrow(/refused/);
    expect(() => verifyUploadPolicy(SECRET, { key: fields.key }, NOW)).toThrow(/refused/);
  });

  it('cannot be replayed as a download link, nor the other way round', () => {
    const link = Object.fromEntries(signDownload(SECRET, 'users/u1/k/abc', 'a.pdf', LATER));
    expect(verifyDownload(SECRET, link, NOW)).toEqual({ key: 'users/u1/k/abc', name: 'a.pdf' });
    expect(() => verifyDownload(SECRET, { ...link, name: 'b.pdf' }, NOW)).toThrow(/invalid or has expired/);
    expect(() => verifyDownload(SECRET, { ...link, signature: fields.signature }, NOW)).toThrow(/invalid or has expired/);
    expect(() => verifyUploadPolicy(SECRET, { ...fields, signature: link.signature }, NOW)).toThrow(/refused/);
  });
});

describe('embedded store files', () => {
  it('puts, heads, gets, streams and deletes under $DATA_DIR/objects', async () => {
    const store = new LocalObjectStore(mkdtempSync(join(TEST_TMP, 'objects-')), SECRET, () => NOW);
    await store.ping();
    expect(await store.head('users/u1/k/a')).toBeNull();
    await store.put('users/u1/k/a', Buffer.from('hello'), 'text/plain');
    expect(await store.head('users/u1/k/a')).toEqual({ size: 5, contentType: null });
    expect((await store.get('users/u1/k/a'))!.toString()).toBe('hello');
    const chunks: Buffer[] = [];
    for await (const c of (await store.getStream('users/u1/k/a'))!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    await store.delete('users/u1/k/a');
    await store.delete('users/u1/k/a');
    expect(await store.get('users/u1/k/a')).toBeNull();
  });

  it('refuses keys that would leave the folder', async () => {
    const store = new LocalObjectStore(mkdtempSync(join(TEST_TMP, 'objects-')), SECRET, () => NOW);
    await expect(store.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid object key/);
    await expect(store.presignPost('a/../../b', { maxBytes: 10, expiresSeconds: 10 })).rejects.toThrow(/invalid object key/);
  });
});
