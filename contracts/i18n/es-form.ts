import type { Catalogue } from './translate.js';

/**
 * The Spanish of the form island's own texts (buttons, summaries, uploads, dialogs, toasts) and of the messages the
 * answers' and documents' API sends it. The questions themselves carry their Spanish in form/ (docs/i18n.md).
 */
export const ES_FORM: Catalogue = {
  Continue: 'Continuar',
  'Review your application': 'Revisa tu solicitud',
  'Application steps': 'Pasos de la solicitud',
  '1. About you': '1. Sobre ti',
  '2. Your academics': '2. Tu historial académico',
  '3. Final steps': '3. Pasos finales',
  'Step 1': 'Paso 1',
  'Step 2': 'Paso 2',
  'Step 3': 'Paso 3',
  'Step {{n}}': 'Paso {{n}}',
  "We're missing some information!": '¡Nos falta información!',
  'Review your whole application': 'Revisa toda tu solicitud',
  Update: 'Actualizar',
  'the questions that follow from:': 'las preguntas que dependen de:',
  'Error:': 'Error:',
  'Select an option': 'Selecciona una opción',
  'Unexpected error': 'Error inesperado',
  'Error adding another {{item}}': 'No se pudo agregar otro elemento ({{item}})',
  'Error handling tabs for {{label}}': 'No se pudo cambiar la opción de "{{label}}"',
  'Remove {{title}}?': '¿Quitar {{title}}?',
  'The answers you gave for {{title}} will be deleted.': 'Se borrarán las respuestas que diste para {{title}}.',
  'Remove {{title}}': 'Quitar {{title}}',
  'Keep {{title}}': 'Conservar {{title}}',
  'Switching removes {{files}}': 'Al cambiar se eliminará {{files}}',
  'Switch and remove {{files}}': 'Cambiar y eliminar {{files}}',
  Switch: 'Cambiar',
  'Keep it': 'Conservarlo',
  and: 'y',
  // Search of schools (autocomplete) and its no-script form.
  'No matches found.': 'No se encontraron resultados.',
  'Clear {{label}}': 'Borrar {{label}}',
  Clear: 'Borrar',
  Search: 'Buscar',
  'schools by the name typed in: {{label}}': 'escuelas por el nombre escrito en: {{label}}',
  'Type part of the school’s name to search.': 'Escribe parte del nombre de la escuela para buscarla.',
  'Schools matching “{{query}}”: choose yours.': 'Escuelas que coinciden con “{{query}}”: elige la tuya.',
  'No school matches “{{query}}”. Type its full name above and fill in its details below.':
    'Ninguna escuela coincide con “{{query}}”. Escribe su nombre completo arriba y llena sus datos abajo.',
  Choose: 'Elegir',
  'Search again by name': 'Busca de nuevo por nombre',
  again: 'de nuevo',
  'My school is not listed': 'Mi escuela no está en la lista',
  'My college is not listed': 'Mi universidad no está en la lista',
  // What a search's clearing says (form/lookup-clear.ts), with Undo; the field names come from the Spanish definition.
  Undo: 'Deshacer',
  'Cleared {{fields}}.': 'Se borró: {{fields}}.',
  'Restored {{fields}}.': 'Se restableció: {{fields}}.',
  'Cleared {{fields}} of the school chosen before.': 'Se borraron estos datos de la escuela elegida antes: {{fields}}.',
  'The {{name}} changed, so {{fields}} was cleared.': 'Cambiaste «{{name}}», así que se borró {{fields}}.',
  'The {{name}} changed, so {{fields}} were cleared.': 'Cambiaste «{{name}}», así que se borraron {{fields}}.',
  'school name': 'nombre de la escuela',
  'college name': 'nombre de la universidad',
  // Documents.
  'PNG, JPEG, PDF or Word (.docx), up to 1 MB.': 'PNG, JPEG, PDF o Word (.docx), de hasta 1 MB.',
  Upload: 'Subir',
  Cancel: 'Cancelar',
  'Refresh the status': 'Actualizar el estado',
  'Upload a different file': 'Subir otro archivo',
  'Upload a file': 'Subir un archivo',
  'for {{label}}': 'para {{label}}',
  'is waiting to be converted to PDF.': 'está en espera de convertirse a PDF.',
  'is being converted to PDF.': 'se está convirtiendo a PDF.',
  'was uploaded and converted to PDF.': 'se subió y se convirtió a PDF.',
  'could not be converted to PDF. Please upload it again.': 'no se pudo convertir a PDF. Súbelo de nuevo.',
  'has not been uploaded.': 'no se ha subido.',
  Delete: 'Eliminar',
  'Delete {{file}}': 'Eliminar {{file}}',
  OK: 'Aceptar',
  'Making {{file}} fit 1 MB…': 'Ajustando {{file}} a 1 MB…',
  'your photo': 'tu foto',
  'your file': 'tu archivo',
  'Uploading {{file}}: {{percent}}%': 'Subiendo {{file}}: {{percent}} %',
  'Uploading {{file}}': 'Subiendo {{file}}',
  'Converting {{file}} to PDF…': 'Convirtiendo {{file}} a PDF…',
  '{{file}} uploaded.': 'Se subió {{file}}.',
  'Clear this error': 'Borrar este error',
  'Your iPhone photo was converted to JPEG': 'Tu foto de iPhone se convirtió a JPEG',
  'Your photo was {{size}}, so we made it smaller': 'Tu foto pesaba {{size}}, así que la hicimos más pequeña',
  '{{what}}: {{width}} × {{height}} pixels, {{size}}, to fit the 1 MB limit. Check that it is still easy to read.':
    '{{what}}: {{width}} × {{height}} píxeles, {{size}}, para no pasar del límite de 1 MB. Revisa que todavía se lea bien.',
  'Your file is too large. The maximum file size is 1 MB.': 'Tu archivo es demasiado grande. El tamaño máximo es de 1 MB.',
  // A file posted without scripts that was refused (form/photo-fit.ts FIT_MESSAGES, server/form-post/upload-post.server.ts).
  'Your file was not uploaded': 'Tu archivo no se subió',
  'Choose a file, then press Upload.': 'Elige un archivo y luego presiona Subir.',
  'PNG, JPEG, PDF or Word (.docx), up to 1 MB. Photos up to 15 MB are made smaller to fit.':
    'PNG, JPEG, PDF o Word (.docx), de hasta 1 MB. Las fotos de hasta 15 MB se hacen más pequeñas para que quepan.',
  'Your file is too large. Photos (JPEG, PNG) can be up to 15 MB: we make them fit the 1 MB limit. Other files can be up to 1 MB.':
    'Tu archivo es demasiado grande. Las fotos (JPEG, PNG) pueden pesar hasta 15 MB: las ajustamos al límite de 1 MB. Los demás archivos pueden pesar hasta 1 MB.',
  'This photo is in HEIC format, which we cannot read. Please send it as a JPEG: on an iPhone, choose Settings > Camera > Formats > Most Compatible and take the photo again, or use Share > Save as JPEG (or take a screenshot of the photo) and upload that.':
    'Esta foto está en formato HEIC, que no podemos leer. Envíala como JPEG: en un iPhone, elige Configuración > Cámara > Formatos > Más compatible y vuelve a tomar la foto, o usa Compartir > Guardar como JPEG (o toma una captura de pantalla de la foto) y sube esa.',
  'We could not read this image: it may be damaged. Please take the photo again, or save it as a PDF, and upload it again.':
    'No pudimos leer esta imagen: puede estar dañada. Vuelve a tomar la foto, o guárdala como PDF, y súbela de nuevo.',
  'This image is too large: it is {{width}} × {{height}} pixels, and the most we can make smaller is 50 megapixels. Please scale it down (or save it as PDF) and upload it again.':
    'Esta imagen es demasiado grande: mide {{width}} × {{height}} píxeles, y lo más que podemos reducir son 50 megapíxeles. Redúcela (o guárdala como PDF) y súbela de nuevo.',
  'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx':
    'Solo puedes subir estos tipos de archivo: .png, .jpeg, .jpg, .pdf, .docx',
  'Your file name is too long. The maximum is 32 characters including the extension.':
    'El nombre de tu archivo es demasiado largo. El máximo es de 32 caracteres, incluida la extensión.',
  'Your file is empty. Please upload a non-empty file.': 'Tu archivo está vacío. Sube un archivo con contenido.',
  'This question can be finished once you have created an account.': 'Podrás responder esta pregunta cuando hayas creado una cuenta.',
  'Are you sure you want to delete your file?': '¿Seguro que quieres eliminar tu archivo?',
  'Your file is too large. The maximum file size is 1 MB. Please save it as a smaller PDF (for example with "Reduce file size", or scan it at a lower resolution), or send a photo of each page instead: photos are made to fit automatically.':
    'Tu archivo es demasiado grande. El tamaño máximo es de 1 MB. Guárdalo como un PDF más pequeño (por ejemplo, con "Reducir tamaño de archivo" o escaneándolo a menor resolución), o envía una foto de cada página: las fotos se ajustan automáticamente.',
  'This photo is in HEIC format, which this browser cannot open. Please send it as a JPEG: on an iPhone, choose Settings > Camera > Formats > Most Compatible and take the photo again, or use Share > Save as JPEG (or take a screenshot of the photo) and upload that.':
    'Esta foto está en formato HEIC, que este navegador no puede abrir. Envíala como JPEG: en un iPhone, elige Configuración > Cámara > Formatos > Más compatible y vuelve a tomar la foto, o usa Compartir > Guardar como JPEG (o toma una captura de pantalla de la foto) y sube esa.',
  'We could not make this image smaller than 1 MB. Please take the photo again at a lower resolution, or save it as a PDF, and upload it again.':
    'No pudimos hacer esta imagen más pequeña que 1 MB. Vuelve a tomar la foto con menor resolución, o guárdala como PDF, y súbela de nuevo.',
  'Choose a file or drop it here: PNG, JPEG, PDF or Word (.docx), up to 1 MB.':
    'Elige un archivo o suéltalo aquí: PNG, JPEG, PDF o Word (.docx), de hasta 1 MB.',
  'Please wait until your file has been uploaded and converted.': 'Espera a que tu archivo se suba y se convierta.',
  'Your file was uploaded and converted to PDF. To send a different file, delete this one first.':
    'Tu archivo se subió y se convirtió a PDF. Para enviar otro archivo, primero elimina este.',
  'The upload did not go through. Please check your connection and try again.':
    'No se pudo subir el archivo. Revisa tu conexión e inténtalo de nuevo.',
  'File Upload in Progress': 'Carga de archivo en curso',
  'Please wait until the file upload has completed.': 'Espera a que termine de subirse el archivo.',
  'Your file is being converted to PDF.': 'Tu archivo se está convirtiendo a PDF.',
  'Your file is waiting to be converted to PDF.': 'Tu archivo está en espera de convertirse a PDF.',
  'Your file was converted to PDF.': 'Tu archivo se convirtió a PDF.',
  'Your file was deleted.': 'Se eliminó tu archivo.',
  'Another upload for this question is being processed. Please try again.':
    'Se está procesando otro archivo para esta pregunta. Inténtalo de nuevo.',
  'We cannot take files at the moment. Please try again later.': 'En este momento no podemos recibir archivos. Inténtalo más tarde.',
  // The answers' API.
  'Your answers have been saved.': 'Tus respuestas se guardaron.',
  'Your answers were changed in another tab or on another device since this page loaded. What you typed is still here: review it and save again.':
    'Tus respuestas se cambiaron en otra pestaña o en otro dispositivo después de que se abrió esta página. Lo que escribiste sigue aquí: revísalo y vuelve a guardar.',
  'Your application was successfully submitted.': 'Tu solicitud se envió correctamente.',
  'These answers are too long to keep before you log in. Please create an account or log in to save them.':
    'Estas respuestas son demasiado largas para conservarlas antes de que inicies sesión. Crea una cuenta o inicia sesión para guardarlas.',
  // The inactivity dialog (islands/lifecycle/idle.ts).
  'You have been automatically logged out due to inactivity.': 'Cerramos tu sesión automáticamente por inactividad.',
  'Still working?': '¿Sigues ahí?',
  'You have been inactive for a little while. Would you like to stay logged in?':
    'Llevas un rato sin actividad. ¿Quieres mantener tu sesión abierta?',
  'Yes - Take me back to my application': 'Sí, llévame de vuelta a mi solicitud',
  'No - Please log me out': 'No, cierra mi sesión',
  // The PDF download.
  'Download your application (PDF)': 'Descarga tu solicitud (PDF)',
  'There is no application to print yet.': 'Todavía no hay una solicitud para imprimir.',
  'Preparing the PDF of your application…': 'Preparando el PDF de tu solicitud…',
  'Refresh to check again': 'Actualiza para revisar de nuevo',
  'Character count: {{count}} / {{limit}}': 'Caracteres: {{count}} / {{limit}}',
};
