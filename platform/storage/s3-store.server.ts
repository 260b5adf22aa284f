import type { S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Config } from '../config.server.js';
import { assertValidKey, StorageUnavailableError, type ObjectHead, type ObjectStore, type PresignedPost } from './object-store.server.js';
import { downloadUrl } from './download-link.server.js';

type S3Settings = NonNullable<Config['s3']>;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Total time one store call may take, retries included. The SDK's own requestTimeout only logs a
 * warning unless told to throw, so a store that accepts connections but never answers held a request
 * (and the applicant) indefinitely. Reads and checks are small (objects ≤ a few MB) and sit in API
 * requests: 5 s, then 503. Writes come from the workers, with whole application PDFs: 30 s.
 */
const READ_BUDGET_MS = 5_000;
const WRITE_BUDGET_MS = 30_000;

/** Any failure but "no such object" means the store is unusable right now (network, credentials, bucket, time). */
async function call<T>(run: (signal: AbortSignal) => Promise<T>, onNotFound: () => T, budgetMs = READ_BUDGET_MS): Promise<T> {
  try {
    return await run(AbortSignal.timeout(budgetMs));
  } catch (err) {
    if (isNotFound(err)) return onNotFound();
    throw new StorageUnavailableError(err);
  }
}

/**
 * S3 or any S3 API (DESIGN §5 S3_*). The browser POSTs uploads straight to the bucket with a policy
 * bound to one key and 1..maxBytes bytes; s3rver and misconfigured buckets enforce none of it, so the
 * documents service checks size and type again before converting.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  /**
   * The SDK is loaded when an S3 store is made, not when this module is: every process (and test file) that only
   * might use S3 would otherwise load it.
   */
  private readonly sdk: Promise<{ s3: typeof import('@aws-sdk/client-s3'); client: S3Client }>;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly secret: string,
    private readonly now: () => Date,
  ) {
    this.bucket = settings.bucket;
    this.sdk = import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: settings.region,
        endpoint: settings.endpoint ?? undefined,
        forcePathStyle: settings.forcePathStyle,
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
        // An unreachable store must turn into a quick 503, not a request hanging for minutes.
        maxAttempts: 2,
        requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000, throwOnRequestTimeout: true },
      }),
    }));
  }

  async presignPost(key: string, options: { maxBytes: number; expiresSeconds: number; redirect?: string }): Promise<PresignedPost> {
    assertValidKey(key);
    try {
      const redirect = options.redirect ? { success_action_redirect: options.redirect } : undefined;
      const [{ createPresignedPost }, { client }] = await Promise.all([import('@aws-sdk/s3-presigned-post'), this.sdk]);
      return await createPresignedPost(client, {
        Bucket: this.bucket,
        Key: key,
        ...(redirect ? { Fields: redirect } : {}),
        Conditions: [['content-length-range', 1, options.maxBytes], ['eq', '$key', key], ...(redirect ? [redirect] : [])],
        Expires: options.expiresSeconds,
      });
    } catch (err) {
      throw new StorageUnavailableError(err);
    }
  }

  head(key: string): Promise<ObjectHead | null> {
    assertValidKey(key);
    return call(
      async (abortSignal) => {
        const out = await this.sdk.then(({ s3, client }) =>
          client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }),
        );
        return { size: Number(out.ContentLength ?? 0), contentType: out.ContentType ?? null };
      },
      () => null,
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertValidKey(key);
    return call(
      async (abortSignal) => {
        const out = await this.sdk.then(({ s3, client }) =>
          client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }),
        );
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
      },
      () => null,
    );
  }

  async getStream(key: string): Promise<Readable | null> {
    const body = await this.get(key);
    return body ? Readable.from([body]) : null;
  }

  async put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<void> {
    assertValidKey(key);
    await call(
      async (abortSignal) => {
        await this.sdk.then(({ s3, client }) =>
          client.send(new s3.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }), { abortSignal }),
        );
      },
      () => undefined,
      WRITE_BUDGET_MS,
    );
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    assertValidKey(key);
    const { size } = await stat(path);
    await call(
      async (abortSignal) => {
        // A file stream with its length: the SDK sends it as it reads, never the whole file in memory.
        await this.sdk.then(({ s3, client }) =>
          client.send(
            new s3.PutObjectCommand({
              Bucket: this.bucket,
              Key: key,
              Body: createReadStream(path),
              ContentLength: size,
              ContentType: contentType,
            }),
            { abortSignal },
          ),
        );
      },
      () => undefined,
      // Up to 1,000 PDFs: more time than a document's write.
      WRITE_BUDGET_MS * 10,
    );
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await call(
      async (abortSignal) => {
        await this.sdk.then(({ s3, client }) =>
          client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }),
        );
      },
      () => undefined,
    );
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page: { Contents?: Array<{ Key?: string }>; NextContinuationToken?: string } = await call(
        async (abortSignal) =>
          this.sdk.then(({ s3, client }) =>
            client.send(new s3.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }), {
              abortSignal,
            }),
          ),
        () => ({}),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.NextContinuationToken;
    } while (token);
    return keys.sort();
  }

  async signedDownloadUrl(key: string, filename: string): Promise<string> {
    assertValidKey(key);
    return downloadUrl(this.secret, key, filename, this.now());
  }

  async ping(): Promise<void> {
    await call(
      async (abortSignal) => {
        await this.sdk.then(({ s3, client }) => client.send(new s3.HeadBucketCommand({ Bucket: this.bucket }), { abortSignal }));
      },
      () => {
        throw new StorageUnavailableError(new Error(`bucket ${this.bucket} does not exist`));
      },
    );
  }

  destroy(): void {
    void this.sdk.then(({ client }) => client.destroy()).catch(() => undefined);
  }
}
