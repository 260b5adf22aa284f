import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

/**
 * The browser's answer to a WebAuthn ceremony, as JSON, checked for shape before anything else reads it: every
 * binary part base64url and bounded, so a hostile body is a 400 with a message, never a library's exception.
 */
const BASE64URL = /^[A-Za-z0-9_-]*$/;
/** A credential id is at most 1023 bytes; client data, authenticator data and signatures are far below 16 KB. */
const MAX_ID = 1400;
const MAX_PART = 16_384;

function part(value: unknown, max = MAX_PART): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max && BASE64URL.test(value);
}

function object(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** The common frame: id and rawId the same base64url, type public-key; returns the inner response or null. */
function frame(body: unknown): { credential: Record<string, unknown>; response: Record<string, unknown> } | null {
  if (!object(body)) return null;
  const credential = body.credential;
  if (!object(credential) || !part(credential.id, MAX_ID) || credential.rawId !== credential.id || credential.type !== 'public-key')
    return null;
  if (!object(credential.response) || !part(credential.response.clientDataJSON)) return null;
  if (credential.clientExtensionResults !== undefined && !object(credential.clientExtensionResults)) return null;
  return { credential, response: credential.response };
}

export function parseAssertion(body: unknown): AuthenticationResponseJSON | null {
  const parsed = frame(body);
  if (!parsed) return null;
  const { credential, response } = parsed;
  if (!part(response.authenticatorData) || !part(response.signature)) return null;
  if (response.userHandle !== undefined && response.userHandle !== null && !part(response.userHandle, 256)) return null;
  return {
    id: credential.id as string,
    rawId: credential.id as string,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: response.clientDataJSON as string,
      authenticatorData: response.authenticatorData as string,
      signature: response.signature as string,
      ...(typeof response.userHandle === 'string' ? { userHandle: response.userHandle } : {}),
    },
  };
}

export function parseAttestation(body: unknown): RegistrationResponseJSON | null {
  const parsed = frame(body);
  if (!parsed) return null;
  const { credential, response } = parsed;
  if (!part(response.attestationObject, 65_536)) return null;
  const transports = Array.isArray(response.transports)
    ? response.transports.filter((t): t is string => typeof t === 'string' && TRANSPORTS.has(t))
    : [];
  return {
    id: credential.id as string,
    rawId: credential.id as string,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: response.clientDataJSON as string,
      attestationObject: response.attestationObject as string,
      transports: transports as RegistrationResponseJSON['response']['transports'],
    },
  };
}

/** The challenge the answer's client data names, or null when the client data is not the JSON it must be. */
export function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    return object(data) && part(data.challenge, 512) ? data.challenge : null;
  } catch {
    return null;
  }
}
