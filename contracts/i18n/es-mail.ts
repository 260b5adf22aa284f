import type { Catalogue } from './translate.js';
import { ES_MAIL_FAMILY } from './es-mail-family.js';
import { ES_REQUEST_MAIL } from './es-request-mail.js';
import { ES_MAIL_REMINDERS } from './es-mail-reminders.js';
import { ES_MAIL_REPLY } from './es-mail-reply.js';

/** The Spanish of the applicant's e-mails (server/auth/mails.server.ts, domain/mail/): server-only, never shipped to a page. */
export const ES_MAIL: Catalogue = {
  ...ES_MAIL_FAMILY,
  ...ES_REQUEST_MAIL,
  ...ES_MAIL_REMINDERS,
  ...ES_MAIL_REPLY,
  'Office of Admissions': 'Oficina de Admisiones',
  'Phone: {{phone}}': 'Teléfono: {{phone}}',
  'E-mail: {{email}}': 'Correo electrónico: {{email}}',
  'Technical help: {{email}}': 'Ayuda técnica: {{email}}',
  'Log in': 'Iniciar sesión',
  'Your Freshman Application confirmation code': 'Tu código de confirmación de la Solicitud de Primer Ingreso',
  'Thank you for creating a Freshman Application account.': 'Gracias por crear una cuenta de la Solicitud de Primer Ingreso.',
  'Your confirmation code is: {{code}}': 'Tu código de confirmación es: {{code}}',
  'Enter it on the Confirm Your Account page. It expires in {{minutes}} minutes. If you did not create an account, you can ignore this e-mail.':
    'Escríbelo en la página Confirma tu cuenta. Vence en {{minutes}} minutos. Si no creaste una cuenta, puedes ignorar este correo.',
  'You already have a Freshman Application account': 'Ya tienes una cuenta de la Solicitud de Primer Ingreso',
  'Someone (hopefully you) tried to create a Freshman Application account with this e-mail address, but an account already exists for it.':
    'Alguien (esperamos que tú) intentó crear una cuenta de la Solicitud de Primer Ingreso con este correo electrónico, pero ya existe una cuenta con él.',
  'You can log in with your password. If you do not remember it, use "Forgot password?" on the login page.':
    'Puedes iniciar sesión con tu contraseña. Si no la recuerdas, usa "¿Olvidaste tu contraseña?" en la página de inicio de sesión.',
  'If this was not you, you can ignore this e-mail: nothing has changed.': 'Si no fuiste tú, puedes ignorar este correo: no cambió nada.',
  'Your Freshman Application account is already confirmed': 'Tu cuenta de la Solicitud de Primer Ingreso ya está confirmada',
  'A new confirmation code was requested for this address, but the account is already confirmed. You can log in now.':
    'Se pidió un nuevo código de confirmación para este correo, pero la cuenta ya está confirmada. Ya puedes iniciar sesión.',
  'If you do not remember your password, use "Forgot password?" on the login page.':
    'Si no recuerdas tu contraseña, usa "¿Olvidaste tu contraseña?" en la página de inicio de sesión.',
  'Reset your Freshman Application password': 'Restablece tu contraseña de la Solicitud de Primer Ingreso',
  'We received a request to reset the password of your Freshman Application account.':
    'Recibimos una solicitud para restablecer la contraseña de tu cuenta de la Solicitud de Primer Ingreso.',
  'Open the link below to choose a new password. The link works once and expires in {{minutes}} minutes; a newer request replaces it.':
    'Abre el enlace de abajo para elegir una nueva contraseña. El enlace funciona una sola vez y vence en {{minutes}} minutos; una solicitud más reciente lo reemplaza.',
  'If you did not ask for this, you can ignore this e-mail: your password has not changed.':
    'Si no lo pediste, puedes ignorar este correo: tu contraseña no ha cambiado.',
  'Reset your password': 'Restablecer tu contraseña',
  'Your Freshman Application password was changed': 'Se cambió tu contraseña de la Solicitud de Primer Ingreso',
  'The password of your Freshman Application account was just changed, and every device that was logged in has been logged out.':
    'Se acaba de cambiar la contraseña de tu cuenta de la Solicitud de Primer Ingreso y se cerró la sesión en todos los dispositivos.',
  'If you did not do this, reset your password right away with "Forgot password?" on the login page and tell us at {{email}}.':
    'Si no fuiste tú, restablece tu contraseña de inmediato con "¿Olvidaste tu contraseña?" en la página de inicio de sesión y avísanos a {{email}}.',
  // The receipt (domain/mail/receipt-mail.server.ts).
  'Dear {{name}},': 'Hola, {{name}}:',
  'Hello,': 'Hola:',
  'Thank you for applying. We have received your Freshman Application.':
    'Gracias por presentar tu solicitud. Recibimos tu Solicitud de Primer Ingreso.',
  'Reference: {{reference}}': 'Referencia: {{reference}}',
  'Reference:': 'Referencia:',
  'Submitted: {{time}}': 'Enviada: {{time}}',
  'Keep this e-mail: quote your reference whenever you contact us about your application.':
    'Guarda este correo: menciona tu referencia siempre que te comuniques con nosotros sobre tu solicitud.',
  'A PDF of your application is attached for your records.': 'Adjuntamos un PDF de tu solicitud para tus archivos.',
  'The PDF of your application is too large to attach. Sign in to download it:':
    'El PDF de tu solicitud es demasiado grande para adjuntarlo. Inicia sesión para descargarlo:',
  'The PDF of your application is still being prepared. Sign in to download it when it is ready:':
    'Todavía estamos preparando el PDF de tu solicitud. Inicia sesión para descargarlo cuando esté listo:',
  'What happens next:': 'Qué sigue:',
  'What happens next': 'Qué sigue',
  'Sign in to your application': 'Inicia sesión en tu solicitud',
  'Questions? Call us at {{phone}} or e-mail {{email}}.': '¿Preguntas? Llámanos al {{phone}} o escríbenos a {{email}}.',
  'Application received': 'Solicitud recibida',
  '{{prefix}}: your Freshman Application {{reference}}': '{{prefix}}: tu Solicitud de Primer Ingreso {{reference}}',
  'We review your application and send you our admission decision by e-mail within two weeks.':
    'Revisamos tu solicitud y te enviamos nuestra decisión de admisión por correo electrónico en un plazo de dos semanas.',
  'You are considered for scholarships automatically; there is nothing else to fill in.':
    'Te consideramos automáticamente para becas; no tienes que llenar nada más.',
  'Watch your e-mail, including the spam folder, for messages from the Office of Admissions.':
    'Revisa tu correo, incluida la carpeta de spam, para ver los mensajes de la Oficina de Admisiones.',
};
