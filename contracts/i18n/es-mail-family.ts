import type { Catalogue } from './translate.js';

/** The Spanish of the family access e-mails (domain/mail/family-mail.server.ts): server-only, like es-mail.ts. */
export const ES_MAIL_FAMILY: Catalogue = {
  'You are invited to follow an application to the university': 'Te invitaron a seguir una solicitud a la universidad',
  'Your sign-in code for family access': 'Tu código para iniciar sesión en el acceso para familiares',
  'Hello {{name}},': 'Hola, {{name}}:',
  'An applicant who gave their name as {{applicant}} has given you access to the status of their application to our university: their checklist and, once it is released, their admission decision. You will not see their answers or documents.':
    'Un(a) solicitante que dio su nombre como {{applicant}} te dio acceso al estado de su solicitud a nuestra universidad: su lista de pendientes y, cuando se publique, su decisión de admisión. No verás sus respuestas ni sus documentos.',
  'To sign in, open the page below and enter this e-mail address. We then e-mail you a one-time code; no password is needed.':
    'Para iniciar sesión, abre la página de abajo y escribe este correo electrónico. Luego te enviaremos por correo un código de un solo uso; no necesitas contraseña.',
  'If you do not know this person, you can ignore this e-mail. The applicant can remove your access at any time.':
    'Si no conoces a esta persona, puedes ignorar este correo. El/la solicitante puede quitarte el acceso en cualquier momento.',
  'Your sign-in code is: {{code}}': 'Tu código para iniciar sesión es: {{code}}',
  'Enter it on the family sign-in page. It works once and expires in {{minutes}} minutes.':
    'Escríbelo en la página de inicio de sesión para familiares. Funciona una sola vez y vence en {{minutes}} minutos.',
  'If you did not ask for a code, you can ignore this e-mail: nobody can sign in without it.':
    'Si no pediste un código, puedes ignorar este correo: nadie puede iniciar sesión sin él.',
};
