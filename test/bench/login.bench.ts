/**
 * Logins at the peak (`npm run bench`, BENCH_ONLY=logins): how many argon2id logins a second the app serves per
 * core, and whether answer saves keep their latency while a login burst saturates the password hashing
 * (server/auth/passwords.server.ts queues hashes beyond PASSWORD_HASHES_AT_ONCE instead of letting them fill the
 * thread pool and both cores). Printed, never asserted.
 */
import type autocannon from 'autocannon';
import { availableParallelism } from 'node:os';
import type { Knex } from 'knex';
import { hashPassword, PASSWORD_HASHES_AT_ONCE } from '../../server/auth/passwords.server.js';
import { measure, type HttpFigures } from './http.js';

/**
 * Enough accounts that none is logged in to twice at once (a login reserves a failed attempt on its account
 * before argon2 runs, so parallel attempts on one account would meet its backoff, as guesses should).
 */
const USERS = 3000;
const username = (i: number) => `bench-login-${i}@example.edu`;
const PASSWORD = 'Bench login password #1';

/** The accounts the burst logs in to: one real argon2id hash (a sign-up's), shared, so every login verifies at full cost. */
export async function createLoginBenchUsers(knex: Knex): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  const now = new Date();
  for (let from = 0; from < USERS; from += 500) {
    const rows = Array.from({ length: Math.min(500, USERS - from) }, (_, i) => ({
      username: username(from + i),
      password_hash: passwordHash,
      confirmed_at: now,
      created_at: now,
    }));
    await knex('users').insert(rows).onConflict('username').ignore();
  }
}

/** Each login another account in turn, from another address (trusted X-Forwarded-For from loopback): no limit trips. */
export function loginBenchLoad(): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: 'POST',
      setupRequest: (req) => {
        const i = n++;
        return {
          ...req,
          path: '/public/login',
          body: JSON.stringify({ username: username(i % USERS), password: PASSWORD }),
          headers: { ...req.headers, 'x-forwarded-for': `10.9.${(i >> 8) & 255}.${i & 255}` },
        };
      },
    },
  ];
}

export interface LoginBench {
  hashesAtOnce: number;
  cores: number;
  logins: HttpFigures & { perCore: number };
  saveAlone: HttpFigures;
  underBurst: { logins: HttpFigures; save: HttpFigures };
}

export async function benchLogins(options: {
  baseUrl: string;
  seconds: number;
  warmSeconds: number;
  /** The answer save, as the HTTP part measures it (20 applicants' cookies). */
  save: Parameters<typeof measure>[0];
}): Promise<LoginBench> {
  const login = {
    url: options.baseUrl,
    seconds: options.seconds,
    warmSeconds: options.warmSeconds,
    headers: { 'content-type': 'application/json', origin: options.baseUrl, accept: 'application/json', 'accept-encoding': 'gzip' },
    requestsFrom: { module: import.meta.url, name: 'loginBenchLoad' },
  };
  const logins = await measure(login);
  const saveAlone = await measure({ ...options.save, seconds: options.seconds, warmSeconds: options.warmSeconds });
  const [burstLogins, burstSave] = await Promise.all([
    measure({ ...login, warmSeconds: 0 }),
    measure({ ...options.save, seconds: options.seconds, warmSeconds: 0 }),
  ]);
  const cores = availableParallelism();
  return {
    hashesAtOnce: PASSWORD_HASHES_AT_ONCE,
    cores,
    logins: { ...logins, perCore: Math.round((logins.reqPerSec / cores) * 10) / 10 },
    saveAlone,
    underBurst: { logins: burstLogins, save: burstSave },
  };
}
