import { FORMAT_MESSAGES, MESSAGES, PHONE_MESSAGES, parentMessages as parentMessagesOf } from '../messages.js';

/**
 * The Spanish of every validation message of form/messages.ts, beside it under the same names (docs/i18n.md).
 * Validation itself speaks English (what the API answers and what is recorded); a page shows a message in its
 * reader's language through localizeMessage (form/i18n/localize-message.ts).
 */
export const MESSAGES_ES: Readonly<Record<keyof typeof MESSAGES, string>> = {
  zipMinLength: 'El código postal (ZIP) debe tener al menos 5 caracteres.',
  birthDateInvalid: 'Se requiere una fecha de nacimiento válida.',
  birthDateTooOld: 'Esta fecha no es válida. Comunícate con el equipo de ayuda para recibir asistencia.',
  birthDateTooYoung: 'Debes tener 13 años o más para presentar tu solicitud.',
  counselorEmail: 'El correo electrónico del consejero escolar que ingresaste no es válido.',
  counselorNotApplicant: 'Escribe el correo de tu consejero escolar, no el tuyo ni el de un familiar.',
  entryTermBeforeGraduation:
    'El periodo que elegiste comienza antes de tu graduación de la preparatoria. Elige un periodo posterior o revisa tu fecha de graduación.',
  legalAgree: 'Debes certificar que tu solicitud es completa y correcta.',
  gpa: 'Escribe tu promedio (GPA) como un número del 0 al 4, por ejemplo 3.75.',
};

export const PHONE_MESSAGES_ES: Readonly<Record<keyof typeof PHONE_MESSAGES, string>> = {
  validHome: 'Ingresa un número de teléfono de casa válido.',
  validMobile: 'Ingresa un número de teléfono celular válido.',
  optIn: 'Se requiere un número de celular para recibir actualizaciones por mensaje de texto.',
  oneRequired: 'Ingresa un teléfono de casa o un teléfono celular.',
  validInternational: 'Ingresa un número de teléfono internacional válido, con su código de país.',
};

export const FORMAT_MESSAGES_ES: Readonly<Record<keyof typeof FORMAT_MESSAGES, string>> = {
  email: 'Ingresa un correo electrónico válido.',
  phone: 'Ingresa un número de teléfono válido.',
  ssn: 'Ingresa un número con el formato 123-45-6789.',
  date: 'Ingresa una fecha válida.',
  file: 'Sube un documento.',
};

/** 'Parent 1/Guardian 1: …' of form/messages.ts parentMessages. */
export function parentMessagesEs(parent: 1 | 2): { email: string; phone: string } {
  const who = `Padre, madre o tutor ${parent}:`;
  return { email: `${who} ingresa un correo electrónico válido.`, phone: `${who} ingresa un número de teléfono válido.` };
}

const pairs = <K extends string>(english: Readonly<Record<K, string>>, spanish: Readonly<Record<K, string>>) =>
  (Object.keys(english) as K[]).map((key) => [english[key], spanish[key]] as const);

let fixed: Map<string, string> | null = null;

/** The Spanish of a fixed message of form/messages.ts; the English itself when it is none of them. */
export function spanishMessage(english: string): string {
  fixed ??= new Map([
    ...pairs(MESSAGES, MESSAGES_ES),
    ...pairs(PHONE_MESSAGES, PHONE_MESSAGES_ES),
    ...pairs(FORMAT_MESSAGES, FORMAT_MESSAGES_ES),
    ...([1, 2] as const).flatMap((parent) => {
      const en = parentMessagesOf(parent);
      const es = parentMessagesEs(parent);
      return [[en.email, es.email] as const, [en.phone, es.phone] as const];
    }),
  ]);
  return fixed.get(english) ?? english;
}

/** Every fixed English message, for the completeness test. */
export function fixedMessages(): readonly string[] {
  spanishMessage('');
  return [...fixed!.keys()];
}
