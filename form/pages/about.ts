import { FREE_LUNCH_STATE, RESIDENCY_STATES } from '../data/states.js';
import { MESSAGES, PHONE_MESSAGES } from '../messages.js';
import { YES_NO } from '../options.js';
import type { Node, Page, Question, Rule } from '../types.js';
import { BRANCHES, CITIZENSHIP_TYPES, SEXES, VETERAN_RELATIONS } from './about-options.js';
import { COMMUNICATION_PREFERENCE, COMMUNICATION_PREFERENCES, parentSection } from './parents.js';

const isYes = (valueKey: string): Rule => ({ valueKey, operator: 'equals', target: 'Y' });
const notAnswered = (valueKey: string): Rule => ({ valueKey, operator: 'notAnswered' });

/**
 * §3/§5 international variant: an applicant whose permanent address is outside the United States is
 * offered an international number (shown right under the address, where the country is chosen), and with
 * it the home phone is no longer required. Hidden, and cleared, for a U.S. address.
 */
const INTERNATIONAL_ADDRESS: Rule = {
  all: [
    { valueKey: 'country', operator: 'answered' },
    { valueKey: 'country', operator: 'notEquals', target: 'US' },
  ],
};

const INTERNATIONAL_PHONE: Question = {
  kind: 'text',
  key: 'phone_international',
  label: 'International Phone Number',
  labelEs: 'Número de teléfono internacional',
  hint: 'Include the country code, for example +44 20 7946 0958.',
  hintEs: 'Incluye el código de país, por ejemplo +44 20 7946 0958.',
  maxLength: 20,
  inputMode: 'tel',
  autoComplete: 'tel',
  showWhen: INTERNATIONAL_ADDRESS,
  checks: [{ check: 'pattern', pattern: /^\+?[0-9][0-9 ().-]{5,18}[0-9]$/, message: PHONE_MESSAGES.validInternational }],
};

function phoneQuestions(): Question[] {
  // §5 oneRequired: without a cell phone (or, in the international variant, an international number) the home phone is needed.
  const homeNeeded: Rule = { all: [notAnswered('phone_mobile'), notAnswered('phone_international')] };
  return [
    {
      kind: 'phone',
      key: 'phone_home',
      label: 'Home Phone',
      labelEs: 'Teléfono de casa',
      autoComplete: 'tel',
      required: homeNeeded,
      requiredMessage: PHONE_MESSAGES.oneRequired,
      invalidMessage: PHONE_MESSAGES.validHome,
    },
    {
      kind: 'phone',
      key: 'phone_mobile',
      label: 'Cell Phone',
      labelEs: 'Teléfono celular',
      autoComplete: 'tel',
      required: { valueKey: 'optin_sms_ind', operator: 'equals', target: true },
      requiredMessage: PHONE_MESSAGES.optIn,
      invalidMessage: PHONE_MESSAGES.validMobile,
    },
    {
      kind: 'checkbox',
      key: 'optin_sms_ind',
      label: 'Send me text message updates about my application.',
      labelEs: 'Envíenme actualizaciones sobre mi solicitud por mensaje de texto.',
      hint: 'Message and data rates may apply. Reply STOP to opt out at any time.',
      hintEs: 'Pueden aplicarse tarifas de mensajes y datos. Responde STOP para dejar de recibirlos en cualquier momento.',
    },
  ];
}

/** Step 1 (§2 /about): every About key of §3. */
export function aboutPage(): Page {
  const children: Node[] = [
    {
      section: 'personal',
      title: 'Personal Information',
      titleEs: 'Información personal',
      children: [
        { kind: 'text', key: 'first_name', label: 'First Name', labelEs: 'Nombre', required: true, autoComplete: 'given-name' },
        { kind: 'text', key: 'middle_name', label: 'Middle Name', labelEs: 'Segundo nombre', autoComplete: 'additional-name' },
        { kind: 'text', key: 'last_name', label: 'Last Name', labelEs: 'Apellido(s)', required: true, autoComplete: 'family-name' },
        {
          kind: 'text',
          key: 'preferred_name',
          label: 'Preferred Name',
          labelEs: 'Nombre preferido',
          hint: 'The name you go by, if it is not your first name.',
          hintEs: 'El nombre con el que te conocen, si no es tu nombre de pila.',
          autoComplete: 'nickname',
        },
        {
          kind: 'date',
          key: 'birth_date',
          label: 'Date of Birth',
          labelEs: 'Fecha de nacimiento',
          required: true,
          autoComplete: 'bday',
          invalidMessage: MESSAGES.birthDateInvalid,
          checks: [
            { check: 'maxAge', years: 100, message: MESSAGES.birthDateTooOld },
            { check: 'minAge', years: 13, message: MESSAGES.birthDateTooYoung },
          ],
        },
        { kind: 'radio', key: 'gender', label: 'Legal Sex at Birth', labelEs: 'Sexo legal al nacer', options: SEXES, required: true },
      ],
    },
    {
      section: 'contact',
      title: 'Phone',
      titleEs: 'Teléfono',
      description: 'Please give at least one phone number where we can reach you.',
      descriptionEs: 'Indica al menos un número de teléfono donde podamos comunicarnos contigo.',
      children: phoneQuestions(),
    },
    {
      section: 'address',
      title: 'Permanent Address',
      titleEs: 'Domicilio permanente',
      children: [
        // No legend of its own: the section's heading already says "Permanent Address" (issue 26).
        { block: 'address', withCountry: true, required: true, autocomplete: true },
        INTERNATIONAL_PHONE,
        {
          section: 'residency',
          title: 'Residency',
          titleEs: 'Residencia',
          showWhen: { valueKey: 'state', operator: 'in', target: RESIDENCY_STATES },
          children: [
            {
              kind: 'radio',
              key: 'state_legal_residency',
              label: 'Have you been a legal resident of your state or territory for the past 12 months?',
              labelEs: '¿Has sido residente legal de tu estado o territorio durante los últimos 12 meses?',
              options: YES_NO,
              required: true,
            },
            {
              kind: 'radio',
              key: 'state_driver_license',
              label: 'Do you hold a driver license or ID card issued by your state or territory?',
              labelEs: '¿Tienes una licencia de conducir o una identificación emitida por tu estado o territorio?',
              options: YES_NO,
              required: true,
            },
          ],
        },
        {
          kind: 'radio',
          key: 'free_lunch',
          label: 'Do you receive a free or reduced lunch?',
          labelEs: '¿Recibes almuerzo gratuito o a precio reducido?',
          options: YES_NO,
          required: true,
          showWhen: { valueKey: 'state', operator: 'equals', target: FREE_LUNCH_STATE },
        },
      ],
    },
    {
      section: 'citizenship',
      title: 'Citizenship',
      titleEs: 'Ciudadanía',
      children: [
        {
          kind: 'select',
          key: 'citizenship_type',
          label: 'What is your citizenship status?',
          labelEs: '¿Cuál es tu situación de ciudadanía?',
          options: CITIZENSHIP_TYPES,
        },
        { kind: 'select', key: 'birth_country', label: 'Country of Birth', labelEs: 'País de nacimiento', options: { list: 'countries' } },
        {
          kind: 'select',
          key: 'citizenship',
          label: 'Country of Citizenship',
          labelEs: 'País de ciudadanía',
          options: { list: 'countriesWithoutUS' },
          showWhen: { valueKey: 'citizenship_type', operator: 'in', target: ['2', '3'] },
        },
        {
          kind: 'text',
          key: 'alien_registration_number',
          label: 'Alien Registration Number (A-Number)',
          labelEs: 'Número de registro de extranjero (A-Number)',
          hint: 'The 8 or 9 digit number on your Permanent Resident Card.',
          hintEs: 'El número de 8 o 9 dígitos de tu tarjeta de residente permanente.',
          maxLength: 10,
          showWhen: { valueKey: 'citizenship_type', operator: 'equals', target: '2' },
        },
      ],
    },
    {
      section: 'race',
      title: 'Race and Ethnicity',
      titleEs: 'Raza y origen étnico',
      description: 'Optional. Your answer does not affect your admission decision.',
      descriptionEs: 'Opcional. Tu respuesta no afecta la decisión de admisión.',
      children: [
        {
          block: 'checkGroup',
          legend: 'How do you describe yourself? Select all that apply.',
          legendEs: '¿Cómo te describes? Selecciona todas las opciones que correspondan.',
          items: [
            {
              key: 'race_american_indian',
              label: 'American Indian or Alaska Native',
              labelEs: 'Indígena de las Américas o nativo de Alaska',
            },
            { key: 'race_asian', label: 'Asian', labelEs: 'Asiático' },
            { key: 'race_black', label: 'Black or African American', labelEs: 'Negro o afroamericano' },
            {
              key: 'race_native_hawaiian',
              label: 'Native Hawaiian or Other Pacific Islander',
              labelEs: 'Nativo de Hawái u otras islas del Pacífico',
            },
            { key: 'race_white', label: 'White', labelEs: 'Blanco' },
            { key: 'race_north_african', label: 'Middle Eastern or North African', labelEs: 'De Medio Oriente o del norte de África' },
            { key: 'race_hispanic_latino', label: 'Hispanic or Latino', labelEs: 'Hispano o latino' },
          ],
        },
      ],
    },
    {
      section: 'parents',
      title: 'Parents and Guardians',
      titleEs: 'Padres y tutores',
      children: [
        {
          kind: 'radio',
          key: COMMUNICATION_PREFERENCE,
          label: 'To whom should we send information?',
          labelEs: '¿A quién debemos enviar información?',
          options: COMMUNICATION_PREFERENCES,
          required: true,
        },
        parentSection(1, { valueKey: COMMUNICATION_PREFERENCE, operator: 'answered' }),
        parentSection(2, { valueKey: COMMUNICATION_PREFERENCE, operator: 'equals', target: '2' }),
      ],
    },
    {
      section: 'military',
      title: 'Military Service',
      titleEs: 'Servicio militar',
      children: [
        {
          kind: 'radio',
          key: 'armed_forces',
          label: 'Have you or a member of your family served in the U.S. military?',
          labelEs: '¿Tú o algún miembro de tu familia ha servido en las Fuerzas Armadas de EE. UU.?',
          options: YES_NO,
        },
        {
          kind: 'select',
          key: 'branch_served',
          label: 'In which branch of the military did you or your family member serve?',
          labelEs: '¿En qué rama de las Fuerzas Armadas sirvieron tú o tu familiar?',
          options: BRANCHES,
          required: true,
          showWhen: isYes('armed_forces'),
        },
        {
          kind: 'radio',
          key: 'spouse_forces',
          label: 'Are you a spouse or a child of a veteran or current military member?',
          labelEs: '¿Eres cónyuge o hijo(a) de un veterano o de un miembro activo de las Fuerzas Armadas?',
          options: YES_NO,
          required: true,
          showWhen: isYes('armed_forces'),
        },
        {
          kind: 'select',
          key: 'veteran_relation',
          label: 'Relationship to military veteran?',
          labelEs: '¿Cuál es tu parentesco con el veterano?',
          options: VETERAN_RELATIONS,
          required: true,
          showWhen: isYes('spouse_forces'),
        },
      ],
    },
  ];
  return {
    id: 'about',
    path: '/about',
    title: 'About You',
    titleEs: 'Sobre ti',
    navLabel: '1. About you',
    navLabelEs: '1. Sobre ti',
    shortNavLabel: 'Step 1',
    shortNavLabelEs: 'Paso 1',
    children,
  };
}
