import type { Catalogue } from './translate.js';

/**
 * The Spanish of the account pages (contracts/auth-cards.ts, password-rules.ts, auth-check.ts, the auth islands)
 * and of the account API's messages they show. Shipped to the auth islands of a Spanish page.
 */
export const ES_AUTH: Catalogue = {
  // The cards.
  'Sign Up': 'Crea tu cuenta',
  'We could not create your account': 'No pudimos crear tu cuenta',
  Email: 'Correo electrónico',
  Password: 'Contraseña',
  'Log in': 'Inicia sesión',
  'Already have an account?': '¿Ya tienes una cuenta?',
  'Confirm Your Account': 'Confirma tu cuenta',
  'We could not confirm your account': 'No pudimos confirmar tu cuenta',
  'Confirmation code': 'Código de confirmación',
  'Resend confirmation code': 'Reenviar el código de confirmación',
  'Already confirmed?': '¿Ya confirmaste tu cuenta?',
  'Log In': 'Iniciar sesión',
  'We could not log you in': 'No pudimos iniciar tu sesión',
  'Resend confirmation code?': '¿Reenviar el código de confirmación?',
  'Forgot password?': '¿Olvidaste tu contraseña?',
  "Don't have an account?": '¿No tienes una cuenta?',
  'Sign up': 'Regístrate',
  'Forgot Password': 'Olvidé mi contraseña',
  'We could not send you a reset e-mail': 'No pudimos enviarte el correo para restablecer tu contraseña',
  'Remember your password?': '¿Recuerdas tu contraseña?',
  'Reset Password': 'Restablece tu contraseña',
  'We could not change your password': 'No pudimos cambiar tu contraseña',
  'New password': 'Nueva contraseña',
  'Confirm new password': 'Confirma la nueva contraseña',
  'Reset link': 'Enlace para restablecer',
  'We could not send you a new code': 'No pudimos enviarte un código nuevo',
  Submit: 'Enviar',
  'Please wait…': 'Espera un momento…',
  'Log Out': 'Cerrar sesión',
  'You are logged in as': 'Iniciaste sesión como',
  // The password checklist.
  'Your password:': 'Tu contraseña:',
  'Not met: ': 'No cumple: ',
  'Met: ': 'Cumple: ',
  'Special characters:': 'Caracteres especiales:',
  'is at least 12 characters': 'tiene al menos 12 caracteres',
  'has an uppercase letter': 'tiene una letra mayúscula',
  'has a lowercase letter': 'tiene una letra minúscula',
  'has a number': 'tiene un número',
  'has a special character': 'tiene un carácter especial',
  'does not begin or end with a space': 'no empieza ni termina con un espacio',
  'passwords must match': 'las contraseñas coinciden',
  'Your password must be at least 12 characters long.': 'Tu contraseña debe tener al menos 12 caracteres.',
  'Your password must have an uppercase letter.': 'Tu contraseña debe tener una letra mayúscula.',
  'Your password must have a lowercase letter.': 'Tu contraseña debe tener una letra minúscula.',
  'Your password must have a number.': 'Tu contraseña debe tener un número.',
  'Your password must have one of the special characters listed below.':
    'Tu contraseña debe tener uno de los caracteres especiales de abajo.',
  'Your password must not begin or end with a space.': 'Tu contraseña no debe empezar ni terminar con un espacio.',
  'The two passwords must match.': 'Las dos contraseñas deben coincidir.',
  // contracts/auth-check.ts.
  'Your email address must be valid.': 'Tu correo electrónico debe ser válido.',
  'Please provide a valid email address.': 'Escribe un correo electrónico válido.',
  'Password is required.': 'La contraseña es obligatoria.',
  'The confirmation code must be exactly 6 numbers.': 'El código de confirmación debe tener exactamente 6 números.',
  'You must provide a valid email address to resend a confirmation code.':
    'Debes escribir un correo electrónico válido para reenviar el código de confirmación.',
  'Your password must be at most 256 characters.': 'Tu contraseña debe tener como máximo 256 caracteres.',
  'This password reset link is invalid or has expired. Please request a new password reset e-mail.':
    'Este enlace para restablecer la contraseña no es válido o ya venció. Pide un nuevo correo para restablecerla.',
  'The saved answers are not in the expected form.': 'Las respuestas guardadas no tienen el formato esperado.',
  // The account API's answers (server/auth/).
  'We sent a confirmation code to your email address. Enter it below to confirm your account.':
    'Enviamos un código de confirmación a tu correo electrónico. Escríbelo abajo para confirmar tu cuenta.',
  'Your account has been confirmed. You can now log in.': 'Tu cuenta quedó confirmada. Ya puedes iniciar sesión.',
  'The confirmation code is incorrect or has expired. Please check it, or ask for a new code.':
    'El código de confirmación es incorrecto o ya venció. Revísalo o pide un código nuevo.',
  'If this email address has an account waiting for confirmation, we sent it a new confirmation code.':
    'Si este correo tiene una cuenta pendiente de confirmar, le enviamos un nuevo código de confirmación.',
  'Incorrect username or password.': 'Correo electrónico o contraseña incorrectos.',
  'Your account is not confirmed yet. Enter the confirmation code we e-mailed you, or use "Resend confirmation code?" to get a new one.':
    'Tu cuenta aún no está confirmada. Escribe el código de confirmación que te enviamos por correo o usa "¿Reenviar el código de confirmación?" para recibir uno nuevo.',
  'If an account exists for this email address, we sent it a link to reset your password. Please check your email.':
    'Si existe una cuenta con este correo, le enviamos un enlace para restablecer tu contraseña. Revisa tu correo.',
  'Your password has been reset. Please log in with your new password.':
    'Tu contraseña se restableció. Inicia sesión con tu nueva contraseña.',
  'This password is too common and easy to guess. Please choose a different one.':
    'Esta contraseña es demasiado común y fácil de adivinar. Elige otra.',
  'You are now logged in.': 'Ya iniciaste sesión.',
  'You have been logged out.': 'Cerraste sesión.',
  'Your session is invalid. Please clear your cookies and login again.':
    'Tu sesión no es válida. Borra tus cookies y vuelve a iniciar sesión.',
  "We've encountered an unexpected error at this time. Please try again later.":
    'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
  Error: 'Error',
  Success: 'Listo',
};
