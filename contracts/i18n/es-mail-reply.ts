import type { Catalogue } from './translate.js';

/**
 * The Spanish of the applicant's e-mails after submitting (domain/mail/after-submission-mail.server.ts: the
 * decision's and the rejected transcript's) and of the reply's confirmation (domain/mail/reply-mail.server.ts).
 */
export const ES_MAIL_REPLY: Catalogue = {
  'An update on your application': 'Novedades sobre tu solicitud',
  'There is an update on your Freshman Application (reference {{reference}}). Sign in to read it:':
    'Hay novedades sobre tu Solicitud de Primer Ingreso (referencia {{reference}}). Inicia sesión para leerlas:',
  'There is an update on your Freshman Application. Sign in to read it:':
    'Hay novedades sobre tu Solicitud de Primer Ingreso. Inicia sesión para leerlas:',
  'For your privacy this e-mail does not say what the update is.': 'Por tu privacidad, este correo no dice cuáles son las novedades.',
  'Your high school transcript: we need it from your counselor':
    'Tu expediente académico de la preparatoria: lo necesitamos de tu consejero escolar',
  'The Office of Admissions could not accept the transcript sent for your application as an official one from your high school. Sign in and give us your counselor’s school e-mail address so that we can ask them for it:':
    'La Oficina de Admisiones no pudo aceptar el expediente académico enviado para tu solicitud como un documento oficial de tu preparatoria. Inicia sesión y danos el correo electrónico escolar de tu consejero para que se lo pidamos:',
  'We received your reply': 'Recibimos tu respuesta',
  'We received your reply for your Freshman Application (reference {{reference}}) on {{time}}.':
    'Recibimos tu respuesta para tu Solicitud de Primer Ingreso (referencia {{reference}}) el {{time}}.',
  'The Office of Admissions recorded a reply for your Freshman Application (reference {{reference}}) on {{time}}.':
    'La Oficina de Admisiones registró una respuesta para tu Solicitud de Primer Ingreso (referencia {{reference}}) el {{time}}.',
  'For your privacy this e-mail does not say what the reply is. Sign in to read it:':
    'Por tu privacidad, este correo no dice cuál es la respuesta. Inicia sesión para leerla:',
  'You can change it until {{date}}.': 'Puedes cambiarla hasta el {{date}}.',
  'If this is not the reply you meant to give, contact us at once.':
    'Si esta no es la respuesta que querías dar, comunícate con nosotros de inmediato.',
};
