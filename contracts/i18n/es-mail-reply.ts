import type { Catalogue } from './translate.js';

/** The Spanish of the reply's confirmation e-mail (domain/mail/reply-mail.server.ts). */
export const ES_MAIL_REPLY: Catalogue = {
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
