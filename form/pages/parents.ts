import { prefixed } from '../address-blocks.js';
import { PARENT_PHONE_PATTERN } from '../formats.js';
import { parentMessages } from '../messages.js';
import { YES_NO } from '../options.js';
import type { Node, Option, Question, Rule, Section } from '../types.js';

export const PARENT_PREFIX = { 1: 'parent', 2: 'parent_2' } as const;
export const COMMUNICATION_PREFERENCE = 'parent_communication_preference';

/** §5: Parent 2 is asked about (and validated) only when the preference equals 2. */
export const COMMUNICATION_PREFERENCES: readonly Option[] = [
  { value: '1', label: 'One parent or guardian', labelEs: 'Un padre, madre o tutor' },
  { value: '2', label: 'Two parents or guardians', labelEs: 'Dos padres o tutores' },
];

const PARENT_2_CHANNELS: readonly Option[] = [
  { value: 'E', label: 'E-mail', labelEs: 'Correo electrónico' },
  { value: 'T', label: 'Text message', labelEs: 'Mensaje de texto' },
  { value: 'B', label: 'E-mail and text message', labelEs: 'Correo electrónico y mensaje de texto' },
];

const RELATIONSHIPS: readonly Option[] = [
  { value: 'MOTHER', label: 'Mother', labelEs: 'Madre' },
  { value: 'FATHER', label: 'Father', labelEs: 'Padre' },
  { value: 'STEPMOTHER', label: 'Stepmother', labelEs: 'Madrastra' },
  { value: 'STEPFATHER', label: 'Stepfather', labelEs: 'Padrastro' },
  { value: 'GUARDIAN', label: 'Legal guardian', labelEs: 'Tutor legal' },
  { value: 'GRANDPARENT', label: 'Grandparent', labelEs: 'Abuelo o abuela' },
  { value: 'OTHER', label: 'Other', labelEs: 'Otro' },
];

const PHONE_TYPES: readonly Option[] = [
  { value: 'M', label: 'Mobile', labelEs: 'Celular' },
  { value: 'H', label: 'Home', labelEs: 'Casa' },
  { value: 'W', label: 'Work', labelEs: 'Trabajo' },
];

const EDUCATION_LEVELS: readonly Option[] = [
  { value: '1', label: 'Some high school or less', labelEs: 'Preparatoria incompleta o menos' },
  { value: '2', label: 'High school diploma or GED', labelEs: 'Diploma de preparatoria o GED' },
  { value: '3', label: 'Some college', labelEs: 'Estudios universitarios incompletos' },
  { value: '4', label: 'Associate degree', labelEs: 'Título técnico universitario (associate degree)' },
  { value: '5', label: "Bachelor's degree", labelEs: 'Licenciatura' },
  { value: '6', label: "Master's degree", labelEs: 'Maestría' },
  { value: '7', label: 'Doctorate or professional degree', labelEs: 'Doctorado o título profesional' },
  { value: '8', label: 'Not sure', labelEs: 'No estoy seguro(a)' },
];

/**
 * One parent's questions. Parent 1 uses the prefix 'parent', parent 2 'parent_2' (§3: "parent 2 the same with
 * prefix parent_2_"), so parent_first_name / parent_2_first_name and so on. Parent 1's communication preference
 * ('To whom should we send information?') decides whether parent 2 is asked at all, so it is asked once above
 * both sections; parent 2's own communication_preference key asks how that parent wants to be reached.
 * Parent 1's e-mail and phone are required (§5); parent 2's are checked only when given.
 */
export function parentSection(parent: 1 | 2, showWhen: Rule): Section {
  const prefix = PARENT_PREFIX[parent];
  const k = (base: string) => prefixed(prefix, base);
  const who = `Parent/Guardian ${parent}`;
  const whoEs = `Padre, madre o tutor ${parent}`;
  const messages = parentMessages(parent);
  const required = parent === 1;
  const q = <Q extends Question>(question: Q): Q => ({ ...question, prefix, printLabel: `${who}: ${question.label}` });
  const children: Node[] = [
    ...(parent === 2
      ? [
          q({
            kind: 'radio',
            key: k('communication_preference'),
            label: `How would ${who} like to receive information?`,
            labelEs: `¿Cómo prefiere recibir información ${whoEs}?`,
            options: PARENT_2_CHANNELS,
          }),
        ]
      : []),
    q({ kind: 'select', key: k('relationship'), label: 'Relationship to You', labelEs: 'Parentesco contigo', options: RELATIONSHIPS }),
    q({ kind: 'text', key: k('first_name'), label: 'First Name', labelEs: 'Nombre' }),
    q({ kind: 'text', key: k('last_name'), label: 'Last Name', labelEs: 'Apellido(s)' }),
    q({
      kind: 'email',
      key: k('email_address'),
      label: 'E-mail Address',
      labelEs: 'Correo electrónico',
      required,
      requiredMessage: messages.email,
      invalidMessage: messages.email,
    }),
    q({
      kind: 'phone',
      key: k('phone'),
      label: 'Phone Number',
      labelEs: 'Número de teléfono',
      pattern: PARENT_PHONE_PATTERN,
      required,
      requiredMessage: messages.phone,
      invalidMessage: messages.phone,
    }),
    q({ kind: 'radio', key: k('phone_type'), label: 'Phone Type', labelEs: 'Tipo de teléfono', options: PHONE_TYPES }),
    q({
      kind: 'select',
      key: k('education'),
      label: 'Highest Level of Education',
      labelEs: 'Nivel máximo de estudios',
      options: EDUCATION_LEVELS,
    }),
    q({
      kind: 'radio',
      key: k('alum'),
      label: 'Did this parent or guardian attend our university?',
      labelEs: '¿Este padre, madre o tutor estudió en nuestra universidad?',
      options: YES_NO,
    }),
    q({
      kind: 'radio',
      key: k('addr_same_as_stu_perm'),
      label: 'Does this parent or guardian live at your permanent address?',
      labelEs: '¿Este padre, madre o tutor vive en tu domicilio permanente?',
      options: YES_NO,
    }),
    {
      block: 'address',
      prefix,
      withCountry: true,
      legend: `${who} Address`,
      legendEs: `Dirección de ${whoEs}`,
      showWhen: { valueKey: k('addr_same_as_stu_perm'), operator: 'equals', target: 'N' },
    },
  ];
  return { section: `parent-${parent}`, title: who, titleEs: whoEs, showWhen, children };
}
