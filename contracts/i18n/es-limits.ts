import type { Catalogue } from './translate.js';

/**
 * The Spanish of the rate limits' refusals that name a wait (server/auth/limits.server.ts), worded on the server in
 * the request's language. Part of ES_PAGES.
 */
export const ES_LIMITS: Catalogue = {
  'Many people are signing in right now. Please wait a minute and try again.':
    'Muchas personas están iniciando sesión en este momento. Espera un minuto y vuelve a intentarlo.',
  '1 second': '1 segundo',
  '{{n}} seconds': '{{n}} segundos',
  '1 minute': '1 minuto',
  '{{n}} minutes': '{{n}} minutos',
  'Too many passkey requests. Please wait {{wait}} and try again.':
    'Demasiadas solicitudes de llaves de acceso. Espera {{wait}} y vuelve a intentarlo.',
  'Too many requests from your network. Please wait {{wait}} and try again.':
    'Demasiadas solicitudes desde tu red. Espera {{wait}} y vuelve a intentarlo.',
  'Too many e-mails were requested for this address. Please wait {{wait}} and try again.':
    'Se pidieron demasiados correos para esta dirección. Espera {{wait}} y vuelve a intentarlo.',
  'Too many pages were sent from your network without an account. Please wait {{wait}}, or log in, and try again.':
    'Se enviaron demasiadas páginas desde tu red sin una cuenta. Espera {{wait}}, o inicia sesión, y vuelve a intentarlo.',
  'Too many unsuccessful login attempts. Please wait {{wait}} before trying again, or reset your password.':
    'Demasiados intentos fallidos de iniciar sesión. Espera {{wait}} antes de volver a intentarlo, o restablece tu contraseña.',
  'Too many answers are waiting for a login from your network. Please wait {{wait}}, or create an account, and try again.':
    'Hay demasiadas respuestas esperando un inicio de sesión desde tu red. Espera {{wait}}, o crea una cuenta, y vuelve a intentarlo.',
};
