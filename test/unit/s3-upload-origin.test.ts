import { describe, expect, it } from '@jest/globals';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import express from 'express';
import request from 'supertest';
import { s3UploadOrigin } from '../../platform/storage/s3-upload-origin.js';
import { cspNonce, securityHeaders } from '../../server/security/headers.server.js';
import { testConfig } from '../helpers/config.js';

type S3 = Parameters<typeof s3UploadOrigin>[0];
const base: S3 = {
  bucket: 'freshman-uploads',
  endpoint: null,
  region: 'us-west-2',
  forcePathStyle: false,
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret',
};

/** What the SDK itself signs for this configuration (no network: presigning is local). */
async function sdkOrigin(s3: S3): Promise<string> {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint ?? undefined,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  });
  const { url } = await createPresignedPost(client, { Bucket: s3.bucket, Key: 'users/x/transcript/y', Expires: 60 });
  return new URL(url).origin;
}

describe('the CSP allows uploads to exactly the origin the presigned POST names', () => {
  const cases: Array<[string, S3]> = [
    ['AWS S3 with no endpoint (virtual-hosted bucket)', base],
    ['AWS S3 with path style forced', { ...base, forcePathStyle: true }],
    ['AWS S3 with a dotted bucket name (path style over https)', { ...base, bucket: 'uploads.example.edu' }],
    ['an S3-compatible endpoint with path style (MinIO, s3rver)', { ...base, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }],
    ['an S3-compatible endpoint, virtual-hosted', { ...base, endpoint: 'https://objects.example.edu' }],
  ];
  for (const [name, s3] of cases) {
    it(name, async () => {
      expect(s3UploadOrigin(s3)).toBe(await sdkOrigin(s3));
    });
  }
});

describe('the Content-Security-Policy header with AWS S3 and no S3_ENDPOINT', () => {
  it('lists the bucket origin in connect-src and form-action, and nothing wider', async () => {
    const config = testConfig({ S3_BUCKET: 'freshman-uploads', S3_REGION: 'us-west-2' });
    const app = express();
    app.use(cspNonce, securityHeaders(config, { dev: false }), (_req, res) => {
      res.send('ok');
    });
    const csp = (await request(app).get('/')).headers['content-security-policy'] as string;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('connect-src')).toBe("connect-src 'self' https://freshman-uploads.s3.us-west-2.amazonaws.com");
    expect(directive('form-action')).toBe("form-action 'self' https://freshman-uploads.s3.us-west-2.amazonaws.com");
  });
});
