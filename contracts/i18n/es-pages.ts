import type { Catalogue } from './translate.js';

/** The Spanish of texts only pages render (no island shows them): titles, /review, /completion, /your-data, errors. */
export const ES_PAGES_ONLY: Catalogue = {
  // Page titles (+title.ts).
  'About You': 'Sobre ti',
  'Your Academics': 'Tu historial académico',
  'Final Steps': 'Pasos finales',
  'Application Submitted': 'Solicitud enviada',
  'Something went wrong': 'Algo salió mal',
  // /review.
  'Check your answers before you submit. Each one has a Change link that takes you to the question; optional questions you left empty are not listed.':
    'Revisa tus respuestas antes de enviar. Cada una tiene un enlace Cambiar que te lleva a la pregunta; las preguntas opcionales que dejaste vacías no aparecen.',
  'Your application was submitted on {{time}}.': 'Tu solicitud se envió el {{time}}.',
  'Your application was submitted.': 'Tu solicitud se envió.',
  'Reference: {{reference}}.': 'Referencia: {{reference}}.',
  'It can no longer be changed.': 'Ya no se puede modificar.',
  'Back to your confirmation': 'Volver a tu confirmación',
  'Your answers changed in another tab or window after this page was shown, so your application was not submitted. Check them below, then submit again.':
    'Tus respuestas cambiaron en otra pestaña o ventana después de que se mostró esta página, así que tu solicitud no se envió. Revísalas abajo y vuelve a enviarla.',
  'Every required answer is in place. When you are ready, submit your application at the end of this page.':
    'Están todas las respuestas obligatorias. Cuando estés listo(a), envía tu solicitud al final de esta página.',
  'Download your data or delete your account': 'Descarga tus datos o elimina tu cuenta',
  'No file uploaded.': 'No se subió ningún archivo.',
  '{{file}}: uploaded and converted to PDF.': '{{file}}: se subió y se convirtió a PDF.',
  '{{file}}: could not be converted. Upload it again.': '{{file}}: no se pudo convertir. Súbelo de nuevo.',
  '{{file}}: being converted to PDF.': '{{file}}: se está convirtiendo a PDF.',
  'Problem:': 'Problema:',
  Change: 'Cambiar',
  '1 answer needs your attention before you can submit': '1 respuesta necesita tu atención antes de que puedas enviar',
  '{{count}} answers need your attention before you can submit': '{{count}} respuestas necesitan tu atención antes de que puedas enviar',
  // /completion.
  'Your checklist': 'Tu lista de pendientes',
  Application: 'Solicitud',
  'Submitted on {{date}}.': 'Enviada el {{date}}.',
  'High school transcript': 'Expediente académico de la preparatoria',
  'Requested from': 'Solicitado a',
  'on {{date}}.': 'el {{date}}.',
  'You chose not to let us ask your counselor for your transcript. Ask your high school to send your official transcript to the Office of Admissions,':
    'Elegiste que no le pidiéramos tu expediente académico a tu consejero escolar. Pide a tu preparatoria que envíe tu expediente académico oficial a la Oficina de Admisiones,',
  ', by mail or as an electronic transcript.': ', por correo postal o como expediente electrónico.',
  'The transcript we received on your behalf was not accepted as an official one from your school':
    'El expediente académico que recibimos a tu nombre no se aceptó como oficial de tu escuela',
  'Give us your counselor’s school e-mail address': 'Danos el correo escolar de tu consejero',
  '{{email}} told us on {{date}} that you are not their student.': '{{email}} nos dijo el {{date}} que no eres su estudiante.',
  'Give us your counselor’s e-mail address': 'Danos el correo electrónico de tu consejero escolar',
  'We need your counselor’s e-mail address.': 'Necesitamos el correo electrónico de tu consejero escolar.',
  'Add it below': 'Agrégalo abajo',
  'Admission decision': 'Decisión de admisión',
  'Ready.': 'Lista.',
  'Read your decision': 'Lee tu decisión',
  'Expected by {{date}}.': 'Prevista para el {{date}}.',
  'Your counselor': 'Tu consejero escolar',
  'We ask your high school counselor to send your transcript. Check that the address is right; if it changes, we send the request to the new address and the old link stops working. Your submitted application does not change.':
    'Le pedimos tu expediente académico a tu consejero escolar. Revisa que el correo sea correcto; si cambia, enviamos la solicitud al nuevo correo y el enlace anterior deja de funcionar. Tu solicitud enviada no cambia.',
  'Counselor’s e-mail address': 'Correo electrónico del consejero escolar',
  'You can send the request 1 more time.': 'Puedes enviar la solicitud 1 vez más.',
  'You can send the request {{count}} more times.': 'Puedes enviar la solicitud {{count}} veces más.',
  'Send the request again': 'Enviar la solicitud de nuevo',
  'Send the request': 'Enviar la solicitud',
  'Your admission decision': 'Tu decisión de admisión',
  'Released on {{date}}.': 'Publicada el {{date}}.',
  'Back to your application status': 'Volver al estado de tu solicitud',
  'Open the letter for printing': 'Abrir la carta para imprimir',
  'Submitted: {{time}}': 'Enviada: {{time}}',
  'Keep a copy': 'Guarda una copia',
  'Download the PDF of your application for your records.': 'Descarga el PDF de tu solicitud para tus archivos.',
  'You can also': 'También puedes',
  'review your submitted answers': 'revisar las respuestas que enviaste',
  'on one page.': 'en una sola página.',
  'Questions?': '¿Preguntas?',
  'Call the Office of Admissions at': 'Llama a la Oficina de Admisiones al',
  'Logged in as': 'Sesión iniciada como',
  'Your reference:': 'Tu referencia:',
  'Your receipt': 'Tu comprobante',
  'We sent a receipt with your reference and a PDF of your application to':
    'Enviamos un comprobante con tu referencia y un PDF de tu solicitud a',
  'We are sending a receipt with your reference and a PDF of your application to':
    'Estamos enviando un comprobante con tu referencia y un PDF de tu solicitud a',
  'Send my receipt again': 'Enviar mi comprobante de nuevo',
  'You can ask 1 more time.': 'Puedes pedirlo 1 vez más.',
  'You can ask {{count}} more times.': 'Puedes pedirlo {{count}} veces más.',
  'Received: you uploaded it with your application.': 'Recibido: lo subiste con tu solicitud.',
  'Submit your application first; the receipt is sent when you do.': 'Primero envía tu solicitud; el comprobante se envía cuando lo hagas.',
  'Submit your application first; we ask your counselor after you submit.':
    'Primero envía tu solicitud; le escribimos a tu consejero escolar después de que la envíes.',
  'Enter your counselor’s e-mail address, like name@school.org.':
    'Escribe el correo de tu consejero escolar, por ejemplo nombre@escuela.org.',
  'Enter your counselor’s address, not your own or a family member’s.':
    'Escribe el correo de tu consejero escolar, no el tuyo ni el de un familiar.',
  'We already have your transcript, so there is nothing to send.': 'Ya tenemos tu expediente académico, así que no hay nada que enviar.',
  // /your-data.
  'You can download everything you have given us at any time. Until you submit, you can also delete your application and your account.':
    'Puedes descargar en cualquier momento todo lo que nos has dado. Hasta que envíes tu solicitud, también puedes eliminarla junto con tu cuenta.',
  'Back to your application': 'Volver a tu solicitud',
  'Download your data': 'Descarga tus datos',
  'A ZIP file with every answer (as JSON) and every document you uploaded.':
    'Un archivo ZIP con todas tus respuestas (en JSON) y todos los documentos que subiste.',
  'Delete your application and account': 'Elimina tu solicitud y tu cuenta',
  'This deletes your account, every answer and every document at once. It cannot be undone.':
    'Esto elimina tu cuenta, todas tus respuestas y todos tus documentos a la vez. No se puede deshacer.',
  'Your password, to confirm': 'Tu contraseña, para confirmar',
  'Delete my application and account': 'Eliminar mi solicitud y mi cuenta',
  // Error pages.
  'Something went wrong.': 'Algo salió mal.',
  'The issue that caused you to see this has been logged. We will get it fixed as soon as possible.':
    'Registramos el problema que causó esto. Lo corregiremos lo antes posible.',
  'Return to your application': 'Volver a tu solicitud',
};
