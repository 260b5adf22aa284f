import type { Catalogue } from './translate.js';
import { ES_PAGES } from './es-catalogue.js';

/**
 * The Spanish of the link pages of the people an applicant names: the counselor's (pages/(office)/counselor) and the
 * teacher's (pages/(office)/recommend), with the titles and notices their servers compute. English unless the
 * visitor chooses Spanish with the switch (docs/i18n.md). Shares the applicant pages' words (ES_PAGES).
 */
const LINK_PAGES: Catalogue = {
  // Both pages.
  'Office of Admissions': 'Oficina de Admisiones',
  'This link is not one we sent, or it was copied incompletely. Please open the link from our e-mail again, or contact us.':
    'Este enlace no es uno que hayamos enviado, o se copió incompleto. Abre de nuevo el enlace de nuestro correo o comunícate con nosotros.',
  'This link does not work': 'Este enlace no funciona',
  'This link is no longer valid': 'Este enlace ya no es válido',
  'Thank you for telling us': 'Gracias por avisarnos',
  'This link works until {{date}}.': 'Este enlace funciona hasta el {{date}}.',
  'A PDF, PNG, JPEG or Word (.docx) file of up to 1 MB.': 'Un archivo PDF, PNG, JPEG o Word (.docx) de hasta 1 MB.',
  'Your file:': 'Tu archivo:',
  'Check again': 'Volver a revisar',
  'No, go back': 'No, regresar',
  'We cannot take files at the moment. Please try again later.':
    'En este momento no podemos recibir archivos. Inténtalo de nuevo más tarde.',
  // The teacher's page (server/recommendations/teacher-page.server.ts, teacher-routes.server.ts).
  'Send a letter of recommendation': 'Envía una carta de recomendación',
  'Decline this recommendation?': '¿Declinar esta recomendación?',
  'Letter received': 'Carta recibida',
  'Send your letter as a file': 'Envía tu carta como archivo',
  'Send another file': 'Enviar otro archivo',
  'Letter file': 'Archivo de la carta',
  'Send the letter file': 'Enviar el archivo de la carta',
  'Or type your letter': 'O escribe tu carta',
  'Your letter': 'Tu carta',
  'Plain text, up to {{count}} characters.': 'Texto simple, hasta {{count}} caracteres.',
  'Send the typed letter': 'Enviar la carta escrita',
  'Cannot write this letter?': '¿No puedes escribir esta carta?',
  'If you cannot recommend {{name}}, tell us and we will let them know. This link then stops working.':
    'Si no puedes recomendar a {{name}}, avísanos y se lo diremos. Después, este enlace deja de funcionar.',
  'I cannot write this letter': 'No puedo escribir esta carta',
  'Are you sure you want to decline to recommend': '¿Seguro que quieres declinar recomendar a',
  '? We will let them know, and this link then stops working.': '? Se lo diremos, y después este enlace deja de funcionar.',
  'Reason (optional)': 'Motivo (opcional)',
  'The applicant will see what you write here.': 'El (la) solicitante verá lo que escribas aquí.',
  'Yes, decline': 'Sí, declinar',
  'is applying to our university as a first-year student and asked you, as their teacher of':
    'está solicitando ingreso a nuestra universidad como estudiante de primer año y te pidió, como su maestro(a) de',
  ', for a letter of recommendation. You do not need an account.': ', una carta de recomendación. No necesitas una cuenta.',
  'The applicant has waived their right to read this letter.': 'El (la) solicitante renunció a su derecho a leer esta carta.',
  'The applicant has not waived their right to read this letter: under FERPA they may ask to see it if they enroll.':
    'El (la) solicitante no renunció a su derecho a leer esta carta: según FERPA puede pedir verla si se inscribe.',
  'We could not read it. Please send it again as a PDF, PNG, JPEG or Word file, or type the letter.':
    'No pudimos leerlo. Envíalo de nuevo como archivo PDF, PNG, JPEG o Word, o escribe la carta.',
  'Thank you. We have your letter for {{name}}; there is nothing more to send.':
    'Gracias. Ya tenemos tu carta para {{name}}; no hay nada más que enviar.',
  'We are checking the file; this takes a few seconds.': 'Estamos revisando el archivo; esto tarda unos segundos.',
  'We will let the applicant know that you cannot write this letter. You do not need to do anything else.':
    'Le diremos al (a la) solicitante que no puedes escribir esta carta. No necesitas hacer nada más.',
  'This link is no longer valid. If you were asked for a letter, please use the newest e-mail from us, or contact us.':
    'Este enlace ya no es válido. Si te pidieron una carta, usa nuestro correo más reciente o comunícate con nosotros.',
  'Send one letter file with this form.': 'Envía un solo archivo de carta con este formulario.',
  'Choose the letter file, then send it.': 'Elige el archivo de la carta y luego envíalo.',
  'We already have a letter from this link; there is nothing more to send.':
    'Ya tenemos una carta de este enlace; no hay nada más que enviar.',
  'Type your letter, then send it.': 'Escribe tu carta y luego envíala.',
  'The letter is longer than 20000 characters.': 'La carta tiene más de 20000 caracteres.',
  'The reason is longer than 1000 characters.': 'El motivo tiene más de 1000 caracteres.',
  // The counselor's page (server/after-submission/counselor-page.server.ts, routes.server.ts).
  'Send a high school transcript': 'Envía un expediente académico de la preparatoria',
  'Is this not your student?': '¿No es tu estudiante?',
  'Transcript received': 'Expediente académico recibido',
  'Send another file instead': 'Enviar otro archivo en su lugar',
  'Transcript file': 'Archivo del expediente académico',
  'Send the transcript': 'Enviar el expediente académico',
  'Are you sure': '¿Seguro que',
  'is not your student? We will let them know, and this link then stops working: you cannot send their transcript with it afterwards.':
    'no es tu estudiante? Se lo diremos, y después este enlace deja de funcionar: ya no podrás enviar su expediente académico con él.',
  'Yes, this is not my student': 'Sí, no es mi estudiante',
  'has applied to our university as a first-year student and named you as their high school counselor':
    'solicitó ingreso a nuestra universidad como estudiante de primer año y te nombró como su consejero(a) escolar',
  at: 'en',
  '. Please send us their high school transcript. You do not need an account.':
    '. Envíanos su expediente académico de la preparatoria (high school). No necesitas una cuenta.',
  'Not your student?': '¿No es tu estudiante?',
  'If {{name}} is not your student, tell us and we will let them know. This link then stops working.':
    'Si {{name}} no es tu estudiante, avísanos y se lo diremos. Después, este enlace deja de funcionar.',
  'This is not my student': 'No es mi estudiante',
  'Thank you. We have the high school transcript of {{name}}; there is nothing more to send.':
    'Gracias. Ya tenemos el expediente académico de la preparatoria de {{name}}; no hay nada más que enviar.',
  'We will let the applicant know that you are not their counselor. You do not need to do anything else.':
    'Le diremos al (a la) solicitante que no eres su consejero(a) escolar. No necesitas hacer nada más.',
  'This link is no longer valid. If you were asked for a transcript, please use the newest e-mail from us, or contact us.':
    'Este enlace ya no es válido. Si te pidieron un expediente académico, usa nuestro correo más reciente o comunícate con nosotros.',
  'We are checking the file. This takes a few seconds.': 'Estamos revisando el archivo. Esto tarda unos segundos.',
  'The file was checked and added to the application.': 'El archivo se revisó y se agregó a la solicitud.',
  'We could not read this file. Please send it again as a PDF, PNG, JPEG or Word file.':
    'No pudimos leer este archivo. Envíalo de nuevo como archivo PDF, PNG, JPEG o Word.',
  'Send one transcript file with this form.': 'Envía un solo archivo de expediente académico con este formulario.',
  'Choose the transcript file, then send it.': 'Elige el archivo del expediente académico y luego envíalo.',
};

export const ES_LINK_PAGES: Catalogue = { ...ES_PAGES, ...LINK_PAGES };
