import type { Catalogue } from './translate.js';

/**
 * The Spanish of the teacher recommendations (issue 39) as the applicant reads them: the section of /completion and
 * /recommendations, the states and answers the server computes for it (server/recommendations/applicant-view.server.ts,
 * INVITE_MESSAGES and WAIVER_MESSAGES), rendered only on the server.
 */
export const ES_RECOMMENDATIONS: Catalogue = {
  'Teacher recommendations': 'Cartas de recomendación de maestros',
  'Your teachers': 'Tus maestros',
  'Back to Final steps': 'Volver a Pasos finales',
  'You may ask up to two teachers for a letter of recommendation. We e-mail each one a link to send it; you see here when it arrives, but never the letter.':
    'Puedes pedirles una carta de recomendación a hasta dos maestros. A cada uno le enviamos por correo electrónico un enlace para mandarla; aquí ves cuándo llega, pero nunca la carta.',
  'Do you waive your right to read your recommendation letters?': '¿Renuncias a tu derecho a leer tus cartas de recomendación?',
  'Under the Family Educational Rights and Privacy Act (FERPA), if you enroll you have the right to read the letters written for you. You may waive that right. Teachers are told your answer before they write, and it cannot change once a teacher has been invited.':
    'Según la Ley de Derechos Educativos y Privacidad de la Familia (FERPA), si te inscribes tienes derecho a leer las cartas escritas sobre ti. Puedes renunciar a ese derecho. Los maestros conocen tu respuesta antes de escribir, y no puede cambiar una vez que hayas invitado a un maestro.',
  'You waived your right to read the letters.': 'Renunciaste a tu derecho a leer las cartas.',
  'You did not waive your right to read the letters.': 'No renunciaste a tu derecho a leer las cartas.',
  'Yes, I waive my right to read the letters': 'Sí, renuncio a mi derecho a leer las cartas',
  'No, I do not waive my right to read the letters': 'No, no renuncio a mi derecho a leer las cartas',
  'Save my answer': 'Guardar mi respuesta',
  'First teacher': 'Primer maestro',
  'Second teacher': 'Segundo maestro',
  'First teacher: give another address': 'Primer maestro: danos otro correo',
  'Second teacher: give another address': 'Segundo maestro: danos otro correo',
  'First teacher: ask someone else': 'Primer maestro: pídeselo a otra persona',
  'Second teacher: ask someone else': 'Segundo maestro: pídeselo a otra persona',
  'First teacher: correct the address or ask someone else': 'Primer maestro: corrige el correo o pídeselo a otra persona',
  'Second teacher: correct the address or ask someone else': 'Segundo maestro: corrige el correo o pídeselo a otra persona',
  'Teacher’s name': 'Nombre del maestro',
  'Teacher’s e-mail address': 'Correo electrónico del maestro',
  'Subject they teach you': 'Materia que te enseña',
  'Send a new invitation': 'Enviar una nueva invitación',
  'Send the invitation': 'Enviar la invitación',
  'The link we sent before stops working.': 'El enlace que enviamos antes deja de funcionar.',
  'Not asked yet.': 'Todavía no se lo has pedido.',
  'Their reason: {{reason}}': 'Su motivo: {{reason}}',
  'You can send 1 more invitation.': 'Puedes enviar 1 invitación más.',
  'You can send {{count}} more invitations.': 'Puedes enviar {{count}} invitaciones más.',
  // The states (applicant-view.server.ts), with the date in the reader's language.
  'This address did not accept our e-mail. Give us another address for this teacher.':
    'Este correo no aceptó nuestro mensaje. Danos otro correo de este maestro.',
  'Letter received on {{date}}.': 'Carta recibida el {{date}}.',
  'Declined on {{date}}.': 'Lo rechazó el {{date}}.',
  'Letter sent on {{date}}; we are checking the file.': 'Carta enviada el {{date}}; estamos revisando el archivo.',
  'Invited on {{date}}; opened our e-mail’s link on {{opened}}.': 'Invitado el {{date}}; abrió el enlace de nuestro correo el {{opened}}.',
  'Invited on {{date}}.': 'Invitado el {{date}}.',
  'We e-mailed your teacher the invitation.': 'Le enviamos la invitación a tu maestro por correo electrónico.',
  'Your answer is saved.': 'Tu respuesta se guardó.',
  // INVITE_MESSAGES and WAIVER_MESSAGES (domain/recommendations/recommendation-invite.server.ts), as they read.
  'Choose the first or the second teacher.': 'Elige el primer o el segundo maestro.',
  'Enter the teacher’s name (at most 100 characters).': 'Escribe el nombre del maestro (100 caracteres como máximo).',
  'Enter the teacher’s e-mail address, like name@school.org.': 'Escribe el correo electrónico del maestro, por ejemplo nombre@escuela.org.',
  'Enter the subject they teach you (at most 100 characters).': 'Escribe la materia que te enseña (100 caracteres como máximo).',
  'Enter your teacher’s address, not your own or a family member’s.': 'Escribe el correo de tu maestro, no el tuyo ni el de un familiar.',
  'You have already invited this address for your other recommendation. Choose another teacher.':
    'Ya invitaste a este correo para tu otra recomendación. Elige a otro maestro.',
  'Answer the question about your right to read the letters first.': 'Primero responde la pregunta sobre tu derecho a leer las cartas.',
  'This teacher already has our invitation at this address.': 'Este maestro ya tiene nuestra invitación en este correo.',
  'This teacher has already sent their letter; it cannot be changed.': 'Este maestro ya envió su carta; ya no se puede cambiar.',
  'You have sent 6 invitations, the most we can send from here. E-mail the Office of Admissions and we will help.':
    'Enviaste 6 invitaciones, el máximo que podemos enviar desde aquí. Escríbele a la Oficina de Admisiones y te ayudaremos.',
  'Start your application first.': 'Primero comienza tu solicitud.',
  'Choose whether you waive your right to read the letters.': 'Elige si renuncias a tu derecho a leer las cartas.',
  'Your answer about the letters cannot change once a teacher has been invited.':
    'Tu respuesta sobre las cartas no puede cambiar una vez que hayas invitado a un maestro.',
  // /completion's transcript line when the counselor's address bounced (pages/completion/StatusSection.tsx).
  'This address did not accept our e-mail.': 'Este correo no aceptó nuestro mensaje.',
  'Give us another address for your counselor': 'Danos otro correo de tu consejero escolar',
  // Final steps' link to the teacher recommendations (pages/form-components/FormRoute.tsx: a server slot, no island shows it).
  'Teacher recommendations: you may ask up to two teachers for a letter, now or after you submit.':
    'Cartas de recomendación de maestros: puedes pedirles una carta a hasta dos maestros, ahora o después de enviar tu solicitud.',
  'Invite your teachers': 'Invita a tus maestros',
};
