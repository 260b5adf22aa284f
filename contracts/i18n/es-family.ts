import type { Catalogue } from './translate.js';

/**
 * The Spanish of family access (issue 39), rendered on the server only: the applicant's /family page and
 * /completion's section, the family member's sign-in and status pages, and what server/family/ answers. A parent
 * often reads these in Spanish; "familiar" is the person invited, the applicant is "el/la solicitante".
 */
export const ES_FAMILY: Catalogue = {
  // The applicant's /family page and /completion's section.
  'A parent, guardian or anyone else you choose can follow your application: they see your checklist and, once it is released, your admission decision and letter. They never see your answers or your documents. They sign in with a code we e-mail them, and you can remove them at any time.':
    'Tu mamá, tu papá, tu tutor(a) o cualquier otra persona que elijas puede seguir tu solicitud: ve tu lista de pendientes y, cuando se publique, tu decisión de admisión y tu carta. Nunca ve tus respuestas ni tus documentos. Inicia sesión con un código que le enviamos por correo electrónico, y puedes quitarle el acceso en cualquier momento.',
  'You can invite family members once you have submitted your application.':
    'Podrás invitar a tus familiares cuando hayas enviado tu solicitud.',
  'Who has access': 'Quién tiene acceso',
  'Nobody has access.': 'Nadie tiene acceso.',
  'Invited on {{date}}.': 'Invitado(a) el {{date}}.',
  'Signed in last on {{date}}.': 'Último inicio de sesión: {{date}}.',
  'Has not signed in yet.': 'Todavía no ha iniciado sesión.',
  'Remove access for {{name}}': 'Quitar el acceso a {{name}}',
  'Remove access': 'Quitar el acceso',
  'Invite someone': 'Invitar a alguien',
  'You have invited {{max}} people, the most there can be. Remove someone to invite another person.':
    'Ya invitaste a {{max}} personas, el máximo permitido. Quita a alguien para invitar a otra persona.',
  'You can invite 1 more person.': 'Puedes invitar a 1 persona más.',
  'You can invite {{n}} more people.': 'Puedes invitar a {{n}} personas más.',
  'Their name': 'Su nombre',
  'Their e-mail address': 'Su correo electrónico',
  'Send the invitation': 'Enviar la invitación',
  'You can let up to {{max}} people, such as a parent, follow this checklist and your decision. They never see your answers or documents.':
    'Puedes permitir que hasta {{max}} personas, como tu mamá o tu papá, sigan esta lista de pendientes y tu decisión. Nunca ven tus respuestas ni tus documentos.',
  '(signed in last on {{date}})': '(último inicio de sesión: {{date}})',
  '(invited, has not signed in yet)': '(invitado(a), todavía no ha iniciado sesión)',
  'Invite a family member': 'Invitar a un familiar',
  'Invite someone or remove access': 'Invitar a alguien o quitar el acceso',
  // What the server answers (contracts/family.ts FAMILY_MESSAGES).
  'We sent {{name}} an e-mail. They can sign in with a code we e-mail them each time.':
    'Le enviamos un correo electrónico a {{name}}. Cada vez podrá iniciar sesión con un código que le enviamos por correo.',
  '{{name}} no longer has access. If they were signed in, they have been signed out.':
    '{{name}} ya no tiene acceso. Si tenía una sesión abierta, se cerró.',
  'Enter the name of the person you are inviting.': 'Escribe el nombre de la persona que vas a invitar.',
  'The name can be at most 100 characters long.': 'El nombre puede tener como máximo 100 caracteres.',
  'Enter an e-mail address in the correct format, like name@example.com.':
    'Escribe un correo electrónico con el formato correcto, como nombre@ejemplo.com.',
  'This is your own e-mail address. Invite someone else.': 'Este es tu propio correo electrónico. Invita a otra persona.',
  'You have already invited this e-mail address.': 'Ya invitaste a este correo electrónico.',
  'You can give at most 3 people access. Remove someone first.': 'Puedes dar acceso como máximo a 3 personas. Primero quita a alguien.',
  'You have sent many invitations today. Please try again tomorrow.': 'Hoy enviaste muchas invitaciones. Vuelve a intentarlo mañana.',
  'This person no longer has access.': 'Esta persona ya no tiene acceso.',
  'If this e-mail address has been invited, we sent it a sign-in code. It works once, for 15 minutes. Check your inbox, then enter the code below.':
    'Si este correo electrónico fue invitado, le enviamos un código para iniciar sesión. Funciona una sola vez, durante 15 minutos. Revisa tu bandeja de entrada y escribe el código abajo.',
  'The code is incorrect or has expired. Check it, or ask for a new code.':
    'El código es incorrecto o ya venció. Revísalo o pide un código nuevo.',
  'You have signed out.': 'Cerraste sesión.',
  'Please sign in to see the application status.': 'Inicia sesión para ver el estado de la solicitud.',
  // The family member's pages (pages/(office)/family/, server/family/family-pages.server.ts).
  'Family access: sign in': 'Acceso para familiares: iniciar sesión',
  'Enter your sign-in code': 'Escribe tu código para iniciar sesión',
  'Application status': 'Estado de la solicitud',
  'Application status of {{name}}': 'Estado de la solicitud de {{name}}',
  'Signed in as {{email}}': 'Sesión iniciada como {{email}}',
  'Sign out': 'Cerrar sesión',
  'If an applicant has given you access to their application status, enter the e-mail address they invited. We will e-mail you a one-time code; no password is needed.':
    'Si un(a) solicitante te dio acceso al estado de su solicitud, escribe el correo electrónico al que te invitó. Te enviaremos por correo un código de un solo uso; no necesitas contraseña.',
  'E-mail address': 'Correo electrónico',
  'Send me a code': 'Envíame un código',
  'Sign-in code sent to {{email}}': 'Código para iniciar sesión enviado a {{email}}',
  'Six digits.': 'Seis dígitos.',
  'Sign in': 'Iniciar sesión',
  'Send a new code': 'Enviar un código nuevo',
  'Use another address': 'Usar otro correo electrónico',
  'You can see the checklist and, once it is released, the admission decision. The applicant’s answers and documents are private to them.':
    'Puedes ver la lista de pendientes y, cuando se publique, la decisión de admisión. Las respuestas y los documentos del/de la solicitante son privados.',
  'Application:': 'Solicitud:',
  'submitted on {{date}}.': 'enviada el {{date}}.',
  'High school transcript:': 'Expediente académico de la preparatoria:',
  'Admission decision:': 'Decisión de admisión:',
  'released on {{date}}.': 'publicada el {{date}}.',
  'expected by {{date}}.': 'se espera a más tardar el {{date}}.',
  'Reply to the offer:': 'Respuesta a la oferta:',
  'The applicant': 'El/la solicitante',
  '{{name}} is admitted.': '{{name}} fue admitido(a).',
  '{{name}} was not offered admission.': 'A {{name}} no se le ofreció la admisión.',
  '{{name}} is on the waitlist.': '{{name}} está en la lista de espera.',
  'Received with the application.': 'Se recibió con la solicitud.',
  'Received on {{date}}.': 'Se recibió el {{date}}.',
  'Requested from the high school counselor on {{date}}.': 'Se le pidió al consejero escolar el {{date}}.',
  'Not received yet. The applicant has been asked for their counselor’s e-mail address.':
    'Todavía no se recibe. Se le pidió al/a la solicitante el correo electrónico de su consejero escolar.',
  'Not received yet. The high school sends it to the Office of Admissions.':
    'Todavía no se recibe. La preparatoria lo envía a la Oficina de Admisiones.',
  'Will enroll': 'Se inscribirá',
  'Will not enroll': 'No se inscribirá',
  'Stays on the waitlist': 'Sigue en la lista de espera',
  'Left the waitlist': 'Salió de la lista de espera',
  '{{reply}} (replied on {{date}}).': '{{reply}} (respondió el {{date}}).',
};
