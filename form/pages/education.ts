import { MESSAGES } from '../messages.js';
import { YES_NO } from '../options.js';
import { TEXTAREA_CONFIGURED_MAX_LENGTH } from '../limits.js';
import type { Node, Page, Repeater } from '../types.js';
import { TRANSCRIPT_PERMISSION_KEY } from './final-steps.js';

/** §3: up to 5 high schools. */
export const MAX_HIGH_SCHOOLS = 5;

/**
 * The high schools, one add-another instance each. §5 names the first school's name `hs_name` and §3 prefixes
 * the others `hs_2_` … `hs_5_`: so the school block's keys (name, ceeb, address_line_1, …) get the prefix 'hs'
 * for school 1 ("unprefixed" = no number: hs_name, hs_ceeb, …) and 'hs_2' … 'hs_5' for the others
 * (hs_2_name, …). A bare, unprefixed school 1 is impossible anyway: its address_line_1, city, state, zip and
 * country would collide with the applicant's own address.
 */
const highSchools: Repeater = {
  repeater: 'high-schools',
  addLabel: 'Add another high school',
  addLabelEs: 'Agregar otra preparatoria',
  max: MAX_HIGH_SCHOOLS,
  defaultCount: 1,
  prefixes: ['hs', 'hs_2', 'hs_3', 'hs_4', 'hs_5'],
  instanceTitle: (index) => (index === 0 ? 'High School' : `High School ${index + 1}`),
  instanceTitleEs: (index) => (index === 0 ? 'Preparatoria' : `Preparatoria ${index + 1}`),
  template: [
    // No legend: each instance is already a group titled "High School" (issue 26: "High School / School").
    { block: 'school', withCountry: true, required: true, category: 'hs_ceeb' },
    {
      block: 'monthYear',
      label: 'Attended From',
      labelEs: 'Asististe desde',
      monthKey: 'attend_from_month',
      yearKey: 'attend_from_year',
      years: { count: 10, direction: 'past' },
    },
    {
      block: 'monthYear',
      label: 'Attended To',
      labelEs: 'Asististe hasta',
      monthKey: 'attend_to_month',
      yearKey: 'attend_to_year',
      years: { count: 10, direction: 'past', start: new Date().getFullYear() + 2 },
    },
  ],
};

const isDeferring = { valueKey: 'defer_plan', operator: 'equals', target: 'Y' } as const;

/** Step 2 (§2 /education): every Education key of §3. */
export function educationPage(): Page {
  const children: Node[] = [
    {
      section: 'enrollment',
      title: 'Enrollment Plans',
      titleEs: 'Planes de inscripción',
      children: [
        {
          kind: 'select',
          key: 'entry_term',
          label: 'When do you plan to enroll?',
          labelEs: '¿Cuándo planeas inscribirte?',
          // The terms of the admission cycle (form/admission-cycle.ts): configuration, not a list typed here.
          options: { list: 'entryTerms' },
          required: true,
          checks: [{ check: 'termAfter', monthKey: 'grad_month', yearKey: 'grad_year', message: MESSAGES.entryTermBeforeGraduation }],
        },
        {
          kind: 'select',
          key: 'applied_major',
          label: 'What are you interested in studying?',
          labelEs: '¿Qué te interesa estudiar?',
          options: { list: 'majors' },
          required: true,
        },
        {
          kind: 'radio',
          key: 'defer_plan',
          label: 'Do you plan to defer your enrollment to a later term?',
          labelEs: '¿Planeas aplazar tu inscripción a un periodo posterior?',
          options: YES_NO,
        },
        {
          // Deferring students are asked why and when; the others where they plan to live. The first true
          // branch is kept, so switching defer_plan clears the answers of the other branch (§4).
          group: 'defer-or-housing',
          branches: [
            {
              when: isDeferring,
              children: [
                {
                  kind: 'select',
                  key: 'defer_reason',
                  label: 'Why do you plan to defer?',
                  labelEs: '¿Por qué planeas aplazarla?',
                  options: { list: 'deferReasons' },
                },
                {
                  kind: 'dependentSelect',
                  key: 'defer_term',
                  label: 'In which term do you plan to begin?',
                  labelEs: '¿En qué periodo planeas comenzar?',
                  controller: 'defer_reason',
                  // An internship is a shorter absence than church or military service (form/options.ts).
                  optionsByValue: { '1': { list: 'deferTerms' }, '2': { list: 'deferTermsShort' }, '3': { list: 'deferTerms' } },
                },
                {
                  content: 'We will ask about housing when you confirm your new start term.',
                  contentEs: 'Te preguntaremos sobre la vivienda cuando confirmes tu nuevo periodo de inicio.',
                  id: 'defer-housing-note',
                },
              ],
            },
            {
              when: { valueKey: 'defer_plan', operator: 'notEquals', target: 'Y' },
              children: [
                {
                  kind: 'radio',
                  key: 'housing_plan',
                  label: 'Where do you plan to live during your first year?',
                  labelEs: '¿Dónde planeas vivir durante tu primer año?',
                  options: { list: 'housingPlans' },
                },
              ],
            },
          ],
        },
      ],
    },
    {
      section: 'paying',
      title: 'Scholarships and Financial Aid',
      titleEs: 'Becas y ayuda financiera',
      description: 'Every admitted student is considered for merit scholarships automatically.',
      descriptionEs: 'Todos los estudiantes admitidos son considerados automáticamente para becas por mérito.',
      children: [
        {
          kind: 'radio',
          key: 'scholarship_opp',
          label: 'Would you like to hear about other scholarship opportunities?',
          labelEs: '¿Te gustaría recibir información sobre otras oportunidades de becas?',
          options: YES_NO,
        },
        {
          kind: 'radio',
          key: 'financial_aid',
          label: 'Do you plan to apply for federal financial aid (FAFSA)?',
          labelEs: '¿Planeas solicitar ayuda financiera federal (FAFSA)?',
          options: YES_NO,
        },
        {
          kind: 'textarea',
          key: 'college_pay',
          label: 'How do you plan to pay for your education?',
          labelEs: '¿Cómo planeas pagar tus estudios?',
          hint: 'Optional. For example savings, family support, work or scholarships.',
          hintEs: 'Opcional. Por ejemplo, ahorros, apoyo familiar, trabajo o becas.',
          maxLength: TEXTAREA_CONFIGURED_MAX_LENGTH,
        },
      ],
    },
    {
      section: 'high-school',
      title: 'High School',
      titleEs: 'Preparatoria (high school)',
      children: [
        {
          kind: 'text',
          key: 'hs_gpa',
          label: 'Cumulative High School GPA',
          labelEs: 'Promedio acumulado (GPA) de la preparatoria',
          hint: 'Unweighted, on a 4.0 scale, for example 3.75.',
          hintEs: 'Sin ponderar, en una escala de 4.0, por ejemplo 3.75.',
          maxLength: 4,
          inputMode: 'decimal',
          checks: [
            {
              check: 'pattern',
              pattern: /^[0-4](\.\d{1,2})?$/,
              message: MESSAGES.gpa,
            },
          ],
        },
        // Seniors graduate this year or next; a few applicants graduated years ago.
        {
          block: 'monthYear',
          label: 'High School Graduation Date',
          labelEs: 'Fecha de graduación de la preparatoria',
          monthKey: 'grad_month',
          yearKey: 'grad_year',
          years: { count: 10, direction: 'past', start: new Date().getFullYear() + 2 },
        },
        { kind: 'text', key: 'counselor_first_name', label: 'Counselor First Name', labelEs: 'Nombre del consejero escolar' },
        { kind: 'text', key: 'counselor_last_name', label: 'Counselor Last Name', labelEs: 'Apellido del consejero escolar' },
        {
          kind: 'email',
          key: 'counselor_email_address',
          label: 'Counselor E-mail Address',
          labelEs: 'Correo electrónico del consejero escolar',
          invalidMessage: MESSAGES.counselorEmail,
          checks: [{ check: 'notOwnAddress', message: MESSAGES.counselorNotApplicant }],
        },
        highSchools,
        {
          // §4 Tabs: a document under a tab; switching away first checks its conversion, then deletes it.
          tabs: 'transcript-source',
          label: 'How will we receive your high school transcript?',
          labelEs: '¿Cómo recibiremos tu expediente académico de la preparatoria?',
          defaultTab: 'counselor',
          items: [
            {
              id: 'counselor',
              label: 'My counselor will send it',
              labelEs: 'Mi consejero escolar lo enviará',
              children: [
                {
                  // A promise kept only with the applicant's permission (Final steps): without it, no request is sent.
                  content: 'We will ask your high school counselor for your transcript after you submit.',
                  contentEs: 'Después de que envíes tu solicitud, le pediremos tu expediente académico a tu consejero escolar.',
                  id: 'transcript-counselor-note',
                  showWhen: { valueKey: TRANSCRIPT_PERMISSION_KEY, operator: 'notEquals', target: 'N' },
                },
                {
                  content:
                    'You chose in Final steps not to let us ask your counselor, so we will not. Ask your high school to send your official transcript to the Office of Admissions, or upload it now.',
                  contentEs:
                    'En Pasos finales elegiste que no le pidiéramos tu expediente académico a tu consejero escolar, así que no lo haremos. Pide a tu preparatoria que envíe tu expediente académico oficial a la Oficina de Admisiones, o súbelo ahora.',
                  id: 'transcript-no-permission-note',
                  showWhen: { valueKey: TRANSCRIPT_PERMISSION_KEY, operator: 'equals', target: 'N' },
                },
              ],
            },
            {
              id: 'upload',
              label: 'I will upload it now',
              labelEs: 'Lo subiré ahora',
              children: [
                {
                  kind: 'file',
                  key: 'transcript',
                  label: 'Unofficial Transcript',
                  labelEs: 'Expediente académico no oficial',
                  hint: 'A PNG, JPEG, PDF or Word (.docx) file of up to 1 MB.',
                  hintEs: 'Un archivo PNG, JPEG, PDF o Word (.docx) de hasta 1 MB.',
                  printLabel: 'Transcript',
                },
              ],
            },
          ],
        },
      ],
    },
  ];
  return {
    id: 'education',
    path: '/education',
    title: 'Your Academics',
    titleEs: 'Tu historial académico',
    navLabel: '2. Your academics',
    navLabelEs: '2. Tu historial académico',
    shortNavLabel: 'Step 2',
    shortNavLabelEs: 'Paso 2',
    children,
  };
}
