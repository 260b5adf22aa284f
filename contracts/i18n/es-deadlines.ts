import type { Catalogue } from './translate.js';

/**
 * The Spanish of the deadlines (issue 40) on the form pages' banner (server/deadlines/page-deadline.server.ts), part
 * of ES_PAGES; the round names are also in the reminder e-mails (es-mail-reminders.ts).
 */
export const ES_DEADLINE_ROUNDS: Catalogue = {
  'Early Action': 'Acción Temprana',
  'Early Decision': 'Decisión Temprana',
  'Regular Decision': 'Decisión Regular',
};

export const ES_DEADLINES: Catalogue = {
  ...ES_DEADLINE_ROUNDS,
  '{{round}} deadline: {{date}}': 'Fecha límite de {{round}}: {{date}}',
  'The deadline for applications, {{deadline}}, has passed. Your answers are saved and you can still read and download them.':
    'La fecha límite para las solicitudes, {{deadline}}, ya pasó. Tus respuestas están guardadas y todavía puedes leerlas y descargarlas.',
};
