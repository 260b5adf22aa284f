import { describe, expect, it } from '@jest/globals';
import { answeredChallenge, parseAssertion, parseAttestation } from '../../server/auth/passkeys/browser-answer.server.js';
import { ceremonyProblem } from '../../islands/passkeys/ceremony.js';
import { ApiError } from '../../islands/ui/api.js';

/**
 * Issue 41: what the browser sends after a WebAuthn ceremony is read only in the shape WebAuthn gives it (base64url
 * parts of bounded length), so a hostile body is refused before any library parses it; and what the islands say
 * when a ceremony ends without a passkey.
 */
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const clientData = b64(JSON.stringify({ type: 'webauthn.get', challenge: 'Y2hhbGxlbmdl', origin: 'http://localhost' }));
const assertion = {
  id: 'AAEC',
  rawId: 'AAEC',
  type: 'public-key',
  response: { clientDataJSON: clientData, authenticatorData: 'AAAA', signature: 'BBBB', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

describe("the browser's answer", () => {
  it('reads a well-formed assertion and the challenge its client data names', () => {
    expect(parseAssertion({ credential: assertion })?.response.userHandle).toBe('dXNlcg');
    expect(answeredChallenge(clientData)).toBe('Y2hhbGxlbmdl');
  });

  it.each([
    ['no credential', {}],
    ['id and rawId differ', { credential: { ...assertion, rawId: 'AAED' } }],
    ['not base64url', { credential: { ...assertion, response: { ...assertion.response, signature: 'a+b/' } } }],
    ['no signature', { credential: { ...assertion, response: { ...assertion.response, signature: undefined } } }],
    ['another type', { credential: { ...assertion, type: 'password' } }],
    ['a huge id', { credential: { ...assertion, id: 'A'.repeat(5000), rawId: 'A'.repeat(5000) } }],
  ])('refuses an assertion with %s', (_name, body) => {
    expect(parseAssertion(body)).toBeNull();
  });

  it('keeps only the transports WebAuthn names, and needs an attestation object', () => {
    const response = { clientDataJSON: clientData, attestationObject: 'o2Nm', transports: ['internal', 'telepathy', 7] };
    expect(parseAttestation({ credential: { ...assertion, response } })?.response.transports).toEqual(['internal']);
    expect(parseAttestation({ credential: { ...assertion, response: { clientDataJSON: clientData } } })).toBeNull();
  });

  it('finds no challenge in client data that is not JSON, or names none', () => {
    expect(answeredChallenge('AAAA')).toBeNull();
    expect(answeredChallenge(b64(JSON.stringify({ type: 'webauthn.get' })))).toBeNull();
  });
});

describe('what an island says when a ceremony ends without a passkey', () => {
  const texts = { cancelled: 'cancelled', refused: 'refused', already: 'already' };
  it('nothing when another ceremony took over; cancelled; the server’s message; refused otherwise', () => {
    expect(ceremonyProblem({ name: 'AbortError' }, texts)).toBeNull();
    expect(ceremonyProblem({ name: 'NotAllowedError' }, texts)).toBe('cancelled');
    expect(ceremonyProblem({ name: 'InvalidStateError' }, texts)).toBe('already');
    expect(ceremonyProblem(new ApiError('Too many requests', 429, null), texts)).toBe('Too many requests');
    expect(ceremonyProblem(new Error('boom'), texts)).toBe('refused');
  });
});
