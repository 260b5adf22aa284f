import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for tests that speak WebAuthn's JSON without a browser: it makes an ES256
 * credential (attestation "none") and signs assertions exactly as a platform authenticator does, and each part of
 * what it sends can be spoiled afterwards to see the server refuse it. The browser tests use Chromium's virtual
 * authenticator instead (test/e2e/passkeys.e2e.test.ts).
 */
export interface SoftwarePasskey {
  credentialId: string;
  userHandle: string;
  counter: number;
  privateKey: KeyObject;
}

/** What navigator.credentials.get answers, as @simplewebauthn/browser sends it. */
export interface SoftwareAssertion {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, never>;
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
}

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** UP (user present) + UV (user verified); AT (attested credential data follows) when registering. */
const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 };

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): string {
  return b64url(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** The COSE_Key of an EC2 P-256 public key (kty 2, alg -7, crv 1, x, y). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
}

/** A new credential for `rpId`, answering registration `options` from `origin`: the passkey, and the JSON to POST. */
export function createPasskey(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  origin: string,
): { passkey: SoftwarePasskey; credential: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const id = randomBytes(16);
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([FLAGS.up | FLAGS.uv | FLAGS.at]),
    counterBytes(0),
    Buffer.alloc(16),
    Buffer.from([0, id.length]),
    id,
    Buffer.from(coseKey(publicKey)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const credentialId = b64url(id);
  return {
    passkey: { credentialId, userHandle: options.user.id, counter: 0, privateKey },
    credential: {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData('webauthn.create', options.challenge, origin),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    },
  };
}

/** An assertion for sign-in `challenge`, as the authenticator would sign it (its counter moves on by one). */
export function assertWith(
  passkey: SoftwarePasskey,
  challenge: string,
  origin: string,
  rpId = new URL(origin).hostname,
): SoftwareAssertion {
  passkey.counter += 1;
  const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([FLAGS.up | FLAGS.uv]), counterBytes(passkey.counter)]);
  const clientDataJSON = clientData('webauthn.get', challenge, origin);
  const signature = sign(
    'sha256',
    Buffer.concat([authenticatorData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
    passkey.privateKey,
  );
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON,
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
  };
}
