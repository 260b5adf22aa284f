import type { Catalogue } from './translate.js';

/**
 * The Spanish of passkeys (contracts/passkeys.ts PASSKEY_TEXTS, contracts/passkey-sign-in.ts PASSKEY_SIGN_IN_TEXTS)
 * and of the account menu's "Family access". Islands show them, so they are part of ES_ISLANDS: a Spanish page
 * receives them as JSON (#page-texts), and no script carries them (/login stays within its 75 KB).
 */
export const ES_PASSKEYS: Catalogue = {
  'Family access': 'Acceso para familiares',
  Passkeys: 'Llaves de acceso',
  'Back to your application': 'Volver a tu solicitud',
  'A passkey lets you sign in with your fingerprint, face, screen lock or security key instead of your password. Your password keeps working too.':
    'Una llave de acceso te permite iniciar sesión con tu huella, tu rostro, el bloqueo de pantalla o una llave de seguridad en lugar de tu contraseña. Tu contraseña también sigue funcionando.',
  'Your passkeys': 'Tus llaves de acceso',
  'You have no passkeys yet.': 'Todavía no tienes llaves de acceso.',
  Added: 'Agregada',
  'Last used': 'Último uso',
  'Not used yet': 'Todavía no se usa',
  Remove: 'Quitar',
  'Remove {{name}}': 'Quitar {{name}}',
  'Add a passkey': 'Agregar una llave de acceso',
  'Name for this passkey (optional)': 'Nombre de esta llave de acceso (opcional)',
  'For example "My phone", so you can tell your passkeys apart.': 'Por ejemplo "Mi celular", para que distingas tus llaves de acceso.',
  'Waiting for your device…': 'Esperando a tu dispositivo…',
  'Your passkey has been added. Next time you can sign in with it.':
    'Se agregó tu llave de acceso. La próxima vez puedes iniciar sesión con ella.',
  'Passkey {{count}}': 'Llave de acceso {{count}}',
  'Remove this passkey?': '¿Quitar esta llave de acceso?',
  'You will no longer be able to sign in with "{{name}}". Your password and your other passkeys keep working.':
    'Ya no podrás iniciar sesión con "{{name}}". Tu contraseña y tus otras llaves de acceso siguen funcionando.',
  'Remove passkey': 'Quitar la llave de acceso',
  'Keep it': 'Conservarla',
  'The passkey has been removed.': 'Se quitó la llave de acceso.',
  'That passkey is not in your list (it may have been removed already).': 'Esa llave de acceso no está en tu lista (quizás ya se quitó).',
  'Passkeys need JavaScript, which is turned off in this browser. You can still sign in with your email and password, and remove passkeys here.':
    'Las llaves de acceso necesitan JavaScript, que está desactivado en este navegador. Aun así puedes iniciar sesión con tu correo electrónico y tu contraseña, y quitar llaves de acceso aquí.',
  'This browser cannot use passkeys. You can still sign in with your email and password.':
    'Este navegador no puede usar llaves de acceso. Aun así puedes iniciar sesión con tu correo electrónico y tu contraseña.',
  'We could not add that passkey. Please try again.': 'No pudimos agregar esa llave de acceso. Vuelve a intentarlo.',
  'That passkey is already added to an account.': 'Esa llave de acceso ya está agregada a una cuenta.',
  'This device already holds a passkey for your account: it is in your list above.':
    'Este dispositivo ya tiene una llave de acceso de tu cuenta: está en tu lista de arriba.',
  'You can have at most {{max}} passkeys. Remove one before adding another.':
    'Puedes tener como máximo {{max}} llaves de acceso. Quita una antes de agregar otra.',
  'No passkey was added. You can try again.': 'No se agregó ninguna llave de acceso. Puedes volver a intentarlo.',
  'The request is not a passkey answer this site can read.':
    'La solicitud no es una respuesta de llave de acceso que este sitio pueda leer.',
  // Signing in on /login.
  'Added a passkey to your account? Use it instead of your password.':
    '¿Agregaste una llave de acceso a tu cuenta? Úsala en lugar de tu contraseña.',
  'Sign in with a passkey': 'Iniciar sesión con una llave de acceso',
  'Signing in with a passkey needs JavaScript. Without it, sign in with your email and password above.':
    'Para iniciar sesión con una llave de acceso se necesita JavaScript. Sin él, inicia sesión arriba con tu correo electrónico y tu contraseña.',
  'Waiting for your passkey…': 'Esperando tu llave de acceso…',
  'No passkey was used. You can try again, or sign in with your email and password.':
    'No se usó ninguna llave de acceso. Puedes volver a intentarlo o iniciar sesión con tu correo electrónico y tu contraseña.',
  'We could not sign you in with that passkey. Try again, or sign in with your email and password.':
    'No pudimos iniciar tu sesión con esa llave de acceso. Vuelve a intentarlo o inicia sesión con tu correo electrónico y tu contraseña.',
};
