/**
 * @simplewebauthn/server, loaded on the first passkey request: evaluating it costs about 0.1 s, which every
 * process would otherwise pay at start (every web process, worker and test file), most of them never verifying a
 * passkey.
 */
let loading: Promise<typeof import('@simplewebauthn/server')> | null = null;

export function webauthn(): Promise<typeof import('@simplewebauthn/server')> {
  loading ??= import('@simplewebauthn/server');
  return loading;
}
