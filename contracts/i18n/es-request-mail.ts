import type { Catalogue } from './translate.js';

/**
 * The Spanish of the e-mails to the people an applicant names (the counselor's transcript request, the teacher's
 * recommendation request): sent in Spanish with the English below when the applicant reads Spanish
 * (domain/mail/mail-language.ts `bilingual`; docs/i18n.md). Part of ES_MAIL.
 */
export const ES_REQUEST_MAIL: Catalogue = {
  'Reminder: {{subject}}': 'Recordatorio: {{subject}}',
  'Transcript request from the Office of Admissions': 'Solicitud de expediente académico de la Oficina de Admisiones',
  'Recommendation request from the Office of Admissions': 'Solicitud de carta de recomendación de la Oficina de Admisiones',
  'Dear counselor,': 'Hola:',
  'English version below.': 'La versión en inglés está más abajo.',
  'An applicant who gave their name as {{applicant}} has applied to our university as a first-year student and named you as their high school counselor. The Office of Admissions asks you to send their high school transcript.':
    'Un(a) solicitante que dio su nombre como {{applicant}} solicitó ingreso a nuestra universidad como estudiante de primer año y te nombró como su consejero(a) escolar. La Oficina de Admisiones te pide que envíes su expediente académico de la preparatoria (high school).',
  'An applicant who gave their name as {{applicant}} has applied to our university as a first-year student and named you as their high school counselor at {{school}}. The Office of Admissions asks you to send their high school transcript.':
    'Un(a) solicitante que dio su nombre como {{applicant}} solicitó ingreso a nuestra universidad como estudiante de primer año y te nombró como su consejero(a) escolar en {{school}}. La Oficina de Admisiones te pide que envíes su expediente académico de la preparatoria (high school).',
  'We have not received the transcript yet. If you have already sent it another way, thank you: you can ignore this reminder.':
    'Todavía no recibimos el expediente académico. Si ya lo enviaste por otro medio, gracias: puedes ignorar este recordatorio.',
  'Upload it here (no account or password is needed; PDF, PNG, JPEG or Word, up to 1 MB):':
    'Súbelo aquí (no necesitas cuenta ni contraseña; PDF, PNG, JPEG o Word, hasta 1 MB):',
  'This link is only for this transcript and works until {{date}}. If {{applicant}} is not your student, open the link and choose "This is not my student" so we can tell them.':
    'Este enlace es solo para este expediente académico y funciona hasta el {{date}}. Si {{applicant}} no es tu estudiante, abre el enlace y elige "This is not my student" (no es mi estudiante) para que se lo digamos.',
  'If you did not expect this e-mail, you can ignore it, or contact us.':
    'Si no esperabas este correo, puedes ignorarlo o comunicarte con nosotros.',
  'An applicant who gave their name as {{applicant}} is applying to our university as a first-year student and asked you, as their teacher of {{subject}}, for a letter of recommendation.':
    'Un(a) solicitante que dio su nombre como {{applicant}} está solicitando ingreso a nuestra universidad como estudiante de primer año y te pidió, como su maestro(a) de {{subject}}, una carta de recomendación.',
  'The applicant has waived their right to read this letter.': 'El (la) solicitante renunció a su derecho a leer esta carta.',
  'The applicant has not waived their right to read this letter: under FERPA they may ask to see it if they enroll.':
    'El (la) solicitante no renunció a su derecho a leer esta carta: según FERPA puede pedir verla si se inscribe.',
  'We have not received your letter yet. If you have already sent it another way, thank you: you can ignore this reminder.':
    'Todavía no recibimos tu carta. Si ya la enviaste por otro medio, gracias: puedes ignorar este recordatorio.',
  'Send your letter here, as a file (PDF, PNG, JPEG or Word, up to 1 MB) or typed into the page. No account or password is needed; you can also decline there:':
    'Envía tu carta aquí, como archivo (PDF, PNG, JPEG o Word, hasta 1 MB) o escrita en la página. No necesitas cuenta ni contraseña; también puedes declinar ahí:',
  'This link is only for this letter and works until {{date}}.': 'Este enlace es solo para esta carta y funciona hasta el {{date}}.',
};
