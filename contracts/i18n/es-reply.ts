import type { Catalogue } from './translate.js';

/** The Spanish of /completion's reply to an offer and the enrollment deposit (issue 39): rendered on the server only. */
export const ES_REPLY: Catalogue = {
  'Your reply to our offer': 'Tu respuesta a nuestra oferta',
  'Your place on the waitlist': 'Tu lugar en la lista de espera',
  'Your reply:': 'Tu respuesta:',
  '(recorded by the Office of Admissions on {{date}}).': '(registrada por la Oficina de Admisiones el {{date}}).',
  '(sent on {{date}}).': '(enviada el {{date}}).',
  'You told us you will attend {{college}}.': 'Nos dijiste que asistirás a {{college}}.',
  'Please tell us whether you will enroll by': 'Dinos si te inscribirás a más tardar el',
  'Please tell us whether you want to stay on the waitlist by': 'Dinos si quieres seguir en la lista de espera a más tardar el',
  'The reply date, {{date}}, has passed. To change your reply, contact the Office of Admissions.':
    'La fecha límite para responder, {{date}}, ya pasó. Para cambiar tu respuesta, comunícate con la Oficina de Admisiones.',
  'You can change your reply until {{date}}.': 'Puedes cambiar tu respuesta hasta el {{date}}.',
  'Change your reply': 'Cambia tu respuesta',
  'Will you enroll?': '¿Te inscribirás?',
  'Do you want to stay on the waitlist?': '¿Quieres seguir en la lista de espera?',
  'If you will not enroll: where will you study instead? (optional)': 'Si no te inscribirás: ¿dónde estudiarás? (opcional)',
  'The college’s name. It helps us plan; it does not change your reply.':
    'El nombre de la universidad. Nos ayuda a planear; no cambia tu respuesta.',
  'Change my reply': 'Cambiar mi respuesta',
  'Send my reply': 'Enviar mi respuesta',
  // The answers (domain/after-submission/reply-rules.ts REPLY_LABELS).
  'I will enroll': 'Me inscribiré',
  'I will not enroll': 'No me inscribiré',
  'Keep me on the waitlist': 'Mantenerme en la lista de espera',
  'Take me off the waitlist': 'Sacarme de la lista de espera',
  // The notices after a post, and the deposit.
  'Thank you: your reply is recorded. You can change it until the reply date.':
    'Gracias: registramos tu respuesta. Puedes cambiarla hasta la fecha límite para responder.',
  'Your reply was already recorded as you sent it; nothing changed.':
    'Tu respuesta ya estaba registrada tal como la enviaste; no cambió nada.',
  'We have your request for a deposit waiver. The office will answer it here.':
    'Recibimos tu solicitud de exención del depósito. La oficina te responderá aquí.',
  'Enrollment deposit': 'Depósito de inscripción',
  'Your place is held once the deposit is paid.': 'Tu lugar queda reservado cuando pagues el depósito.',
  'Pay the enrollment deposit': 'Paga el depósito de inscripción',
  'on the university’s payment page (your reference, {{reference}}, is filled in).':
    'en la página de pagos de la universidad (tu referencia, {{reference}}, ya está escrita).',
  'Your place is held once the deposit is paid. To pay it, contact the Office of Admissions at':
    'Tu lugar queda reservado cuando pagues el depósito. Para pagarlo, comunícate con la Oficina de Admisiones al',
  or: 'o',
  'and give your reference,': 'y da tu referencia,',
  'Cannot pay the deposit? Ask us to waive it': '¿No puedes pagar el depósito? Pídenos que te lo exoneremos',
  'Tell us why, in a few sentences. A member of the office answers on this page.':
    'Cuéntanos por qué, en unas cuantas oraciones. Alguien de la oficina te responderá en esta página.',
  'Ask for a deposit waiver': 'Pedir la exención del depósito',
  'You asked for the deposit to be waived on {{date}}. The office has not answered yet.':
    'Pediste la exención del depósito el {{date}}. La oficina todavía no responde.',
  'Your deposit is waived (approved on {{date}}). There is nothing to pay.':
    'Tu depósito está exonerado (aprobado el {{date}}). No tienes nada que pagar.',
  'Your request for a deposit waiver was declined on {{date}}. Please pay the deposit.':
    'Tu solicitud de exención del depósito se rechazó el {{date}}. Por favor, paga el depósito.',
};
