import type { Catalogue } from './translate.js';

/** The Spanish of what surrounds every applicant page: header, footer, its modals, banners, error boundaries, toasts. */
export const ES_SHELL: Catalogue = {
  'Freshman Application': 'Solicitud de Primer Ingreso',
  'Skip to main content': 'Saltar al contenido principal',
  'Office of Admissions': 'Oficina de Admisiones',
  'Phone:': 'Teléfono:',
  'E-mail:': 'Correo electrónico:',
  'Your data': 'Tus datos',
  Account: 'Cuenta',
  'Sign In': 'Iniciar sesión',
  'Create Account': 'Crear cuenta',
  Help: 'Ayuda',
  'Need help?': '¿Necesitas ayuda?',
  'Technical help': 'Ayuda técnica',
  'If something on this site is not working, e-mail': 'Si algo de este sitio no funciona, escribe a',
  'Tell us what you were doing and what you saw; never send your password.':
    'Cuéntanos qué estabas haciendo y qué viste; nunca envíes tu contraseña.',
  'Admissions office': 'Oficina de Admisiones',
  'Questions about applying: call': 'Preguntas sobre la solicitud: llama al',
  'or e-mail': 'o escribe a',
  'Privacy and cookies': 'Privacidad y cookies',
  'Privacy policy': 'Aviso de privacidad',
  'We use the information in your application only to consider you for admission, scholarships and housing, and to contact you and the parents or guardians you name about your application. We do not sell it and we do not use advertising or tracking services. Staff read applications through an access-controlled, read-only view.':
    'Usamos la información de tu solicitud solo para considerarte para admisión, becas y vivienda, y para comunicarnos contigo y con los padres o tutores que indiques sobre tu solicitud. No la vendemos ni usamos servicios de publicidad o de rastreo. El personal lee las solicitudes en una vista de solo lectura con acceso controlado.',
  'You may ask what we hold about you, or ask us to correct it, by e-mailing':
    'Puedes preguntar qué datos tenemos sobre ti, o pedirnos que los corrijamos, escribiendo a',
  'Cookie notice': 'Aviso de cookies',
  'We set one strictly necessary cookie when you log in, to keep you logged in. It expires after 15 minutes of inactivity and is deleted when you log out. We set no analytics or advertising cookies. Answers you type before creating an account are kept in this browser tab only, until you close it.':
    'Cuando inicias sesión guardamos una sola cookie estrictamente necesaria para mantener tu sesión abierta. Vence después de 15 minutos de inactividad y se borra al cerrar sesión. No usamos cookies de análisis ni de publicidad. Las respuestas que escribas antes de crear una cuenta se guardan solo en esta pestaña del navegador, hasta que la cierres.',
  Close: 'Cerrar',
  'Reload the page': 'Volver a cargar la página',
  'Unexpected Error': 'Error inesperado',
  'Part of this page stopped working. The issue has been logged. The rest of the page still works; reload the page to use this part again.':
    'Una parte de esta página dejó de funcionar. Registramos el problema. El resto de la página sigue funcionando; vuelve a cargar la página para usar esta parte otra vez.',
  'This part of the page stopped working.': 'Esta parte de la página dejó de funcionar.',
  Notification: 'Notificación',
  'Dismiss notification': 'Cerrar notificación',
  'Notifications ({hotkey})': 'Notificaciones ({hotkey})',
  // Banners.
  'Applications are open. Submit yours before the deadline to be considered for this entry term.':
    'Las solicitudes están abiertas. Envía la tuya antes de la fecha límite para que te consideremos en este periodo de ingreso.',
  'First time here?': '¿Es tu primera vez aquí?',
  'Look around and start answering right away. To save your answers and submit your application,':
    'Explora y empieza a responder de inmediato. Para guardar tus respuestas y enviar tu solicitud,',
  'create an account': 'crea una cuenta',
  or: 'o',
  'log in': 'inicia sesión',
  '; what you have typed comes with you.': '; lo que hayas escrito se guarda contigo.',
  'Welcome, {{name}}!': '¡Te damos la bienvenida, {{name}}!',
  'Welcome!': '¡Te damos la bienvenida!',
  'Thank you for choosing us. Applying is simple:': 'Gracias por elegirnos. Presentar tu solicitud es sencillo:',
  'No essay requirement': 'No se pide ensayo',
  'No application fee': 'Sin cuota de solicitud',
  'Automatic scholarship consideration': 'Consideración automática para becas',
  'An admission decision within two weeks': 'Una decisión de admisión en dos semanas',
  'Welcome back, {{name}}!': '¡Qué gusto verte de nuevo, {{name}}!',
  'Welcome back!': '¡Qué gusto verte de nuevo!',
  'Your application is our priority. Pick up where you left off; your saved answers are waiting.':
    'Tu solicitud es nuestra prioridad. Continúa donde te quedaste; tus respuestas guardadas te esperan.',
  'Congratulations, {{name}}!': '¡Felicidades, {{name}}!',
  'Congratulations!': '¡Felicidades!',
  'Your application is complete. Here is what happens next:': 'Tu solicitud está completa. Esto es lo que sigue:',
  'We review your application and send you our admission decision by e-mail within two weeks.':
    'Revisamos tu solicitud y te enviamos nuestra decisión de admisión por correo electrónico en un plazo de dos semanas.',
  'You are considered for scholarships automatically; there is nothing else to fill in.':
    'Te consideramos automáticamente para becas; no tienes que llenar nada más.',
  'Watch your e-mail, including the spam folder, for messages from the Office of Admissions.':
    'Revisa tu correo, incluida la carpeta de spam, para ver los mensajes de la Oficina de Admisiones.',
  'Answers kept on this computer': 'Respuestas guardadas en esta computadora',
  'Not you? Clear the answers on this computer': '¿No eres tú? Borra las respuestas de esta computadora',
  'The answers shown were typed on this computer without an account. They go into the next account created or logged into here, and are forgotten when the browser is closed.':
    'Las respuestas que ves se escribieron en esta computadora sin una cuenta. Pasarán a la próxima cuenta que se cree o con la que se inicie sesión aquí, y se olvidan al cerrar el navegador.',
  'The answers typed on this computer were cleared.': 'Se borraron las respuestas escritas en esta computadora.',
  // Deleting the account (/your-data): the message the next page's toaster shows.
  'A submitted application is final and cannot be deleted. To ask about your data, contact the Office of Admissions.':
    'Una solicitud enviada es definitiva y no se puede eliminar. Para preguntar por tus datos, comunícate con la Oficina de Admisiones.',
  'Your application and account have been deleted, with every answer and document. You can create a new account at any time.':
    'Se eliminaron tu solicitud y tu cuenta, con todas tus respuestas y documentos. Puedes crear una cuenta nueva cuando quieras.',
  'Account deleted': 'Cuenta eliminada',
  'That password is not correct. Your application and account were not deleted.':
    'Esa contraseña no es correcta. No se eliminaron tu solicitud ni tu cuenta.',
  'Enter your password to delete your application and account.': 'Escribe tu contraseña para eliminar tu solicitud y tu cuenta.',
};
