import type { Catalogue } from './translate.js';
import { ES_DEADLINE_ROUNDS } from './es-deadlines.js';

/**
 * The Spanish of the e-mails the worker sends to an unsubmitted account: the deadline reminders
 * (domain/mail/deadline-reminder-mail.server.ts) and the retention warning (domain/mail/retention-mail.server.ts).
 * Part of ES_MAIL.
 */
export const ES_MAIL_REMINDERS: Catalogue = {
  ...ES_DEADLINE_ROUNDS,
  'less than a week': 'queda menos de una semana',
  'less than two days': 'quedan menos de dos días',
  'only a few hours': 'quedan solo unas horas',
  '{{round}} deadline: {{left}} left to submit your application': 'Fecha límite de {{round}}: {{left}} para enviar tu solicitud',
  'You have a Freshman Application account, but your application is not submitted yet. The {{round}} deadline is {{deadline}}, {{left}} from now.':
    'Tienes una cuenta de la Solicitud de Primer Ingreso, pero todavía no has enviado tu solicitud. La fecha límite de {{round}} es el {{deadline}}; {{left}}.',
  'Your answers are saved. Sign in to finish and submit your application:':
    'Tus respuestas están guardadas. Inicia sesión para terminar y enviar tu solicitud:',
  'If you have already decided not to apply, or you do not want these reminders, you can stop them here:':
    'Si ya decidiste no presentar tu solicitud, o no quieres recibir estos recordatorios, puedes detenerlos aquí:',
  'Your unsubmitted application will be deleted': 'Tu solicitud no enviada será eliminada',
  'Your Freshman Application account has not been used for a long time and the application in it was never submitted. To protect your personal data we delete such accounts after {{months}} months without use.':
    'Tu cuenta de la Solicitud de Primer Ingreso no se ha usado en mucho tiempo y la solicitud que contiene nunca se envió. Para proteger tus datos personales, eliminamos estas cuentas después de {{months}} meses sin uso.',
  'Your account, its answers and its documents will be deleted on or after {{date}}.':
    'Tu cuenta, sus respuestas y sus documentos se eliminarán a partir del {{date}}.',
  'To keep it, simply sign in before then:': 'Para conservarla, solo inicia sesión antes de esa fecha:',
  'You can also download a copy of your data, or delete the account yourself, on the "Review your application" page after signing in.':
    'También puedes descargar una copia de tus datos, o eliminar tú la cuenta, en la página "Revisa tu solicitud" después de iniciar sesión.',
  'If you did not create this account, you can ignore this e-mail.': 'Si no creaste esta cuenta, puedes ignorar este correo.',
};
