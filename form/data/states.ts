import type { Option } from '../types.js';

/**
 * The "State/Province" list (§3): US states and the District of Columbia, US territories and the freely
 * associated states that use US postal codes, the armed forces regions, then Canadian provinces and territories.
 * Place names read the same in Spanish except where `labelEs` gives the Spanish one.
 * Values are the two-letter postal codes, so conditions compare codes (e.g. free_lunch shows for 'UT').
 */
export const US_STATES: readonly Option[] = [
  { value: 'AL', label: 'Alabama' },
  { value: 'AK', label: 'Alaska' },
  { value: 'AZ', label: 'Arizona' },
  { value: 'AR', label: 'Arkansas' },
  { value: 'CA', label: 'California' },
  { value: 'CO', label: 'Colorado' },
  { value: 'CT', label: 'Connecticut' },
  { value: 'DE', label: 'Delaware' },
  { value: 'DC', label: 'District of Columbia', labelEs: 'Distrito de Columbia' },
  { value: 'FL', label: 'Florida' },
  { value: 'GA', label: 'Georgia' },
  { value: 'HI', label: 'Hawaii', labelEs: 'Hawái' },
  { value: 'ID', label: 'Idaho' },
  { value: 'IL', label: 'Illinois' },
  { value: 'IN', label: 'Indiana' },
  { value: 'IA', label: 'Iowa' },
  { value: 'KS', label: 'Kansas' },
  { value: 'KY', label: 'Kentucky' },
  { value: 'LA', label: 'Louisiana', labelEs: 'Luisiana' },
  { value: 'ME', label: 'Maine' },
  { value: 'MD', label: 'Maryland' },
  { value: 'MA', label: 'Massachusetts' },
  { value: 'MI', label: 'Michigan' },
  { value: 'MN', label: 'Minnesota' },
  { value: 'MS', label: 'Mississippi' },
  { value: 'MO', label: 'Missouri' },
  { value: 'MT', label: 'Montana' },
  { value: 'NE', label: 'Nebraska' },
  { value: 'NV', label: 'Nevada' },
  { value: 'NH', label: 'New Hampshire', labelEs: 'Nuevo Hampshire' },
  { value: 'NJ', label: 'New Jersey', labelEs: 'Nueva Jersey' },
  { value: 'NM', label: 'New Mexico', labelEs: 'Nuevo México' },
  { value: 'NY', label: 'New York', labelEs: 'Nueva York' },
  { value: 'NC', label: 'North Carolina', labelEs: 'Carolina del Norte' },
  { value: 'ND', label: 'North Dakota', labelEs: 'Dakota del Norte' },
  { value: 'OH', label: 'Ohio' },
  { value: 'OK', label: 'Oklahoma' },
  { value: 'OR', label: 'Oregon' },
  { value: 'PA', label: 'Pennsylvania', labelEs: 'Pensilvania' },
  { value: 'RI', label: 'Rhode Island' },
  { value: 'SC', label: 'South Carolina', labelEs: 'Carolina del Sur' },
  { value: 'SD', label: 'South Dakota', labelEs: 'Dakota del Sur' },
  { value: 'TN', label: 'Tennessee' },
  { value: 'TX', label: 'Texas' },
  { value: 'UT', label: 'Utah' },
  { value: 'VT', label: 'Vermont' },
  { value: 'VA', label: 'Virginia' },
  { value: 'WA', label: 'Washington' },
  { value: 'WV', label: 'West Virginia', labelEs: 'Virginia Occidental' },
  { value: 'WI', label: 'Wisconsin' },
  { value: 'WY', label: 'Wyoming' },
];

export const US_TERRITORIES: readonly Option[] = [
  { value: 'AS', label: 'American Samoa', labelEs: 'Samoa Americana' },
  { value: 'FM', label: 'Federated States of Micronesia', labelEs: 'Estados Federados de Micronesia' },
  { value: 'GU', label: 'Guam' },
  { value: 'MH', label: 'Marshall Islands', labelEs: 'Islas Marshall' },
  { value: 'MP', label: 'Northern Mariana Islands', labelEs: 'Islas Marianas del Norte' },
  { value: 'PR', label: 'Puerto Rico' },
  { value: 'PW', label: 'Republic of Palau', labelEs: 'República de Palaos' },
  { value: 'VI', label: 'U.S. Virgin Islands', labelEs: 'Islas Vírgenes de EE. UU.' },
];

export const ARMED_FORCES_REGIONS: readonly Option[] = [
  { value: 'AA', label: 'Armed Forces Americas (except Canada)', labelEs: 'Fuerzas Armadas de las Américas (excepto Canadá)' },
  {
    value: 'AE',
    label: 'Armed Forces Europe, Middle East, Africa and Canada',
    labelEs: 'Fuerzas Armadas de Europa, Medio Oriente, África y Canadá',
  },
  { value: 'AP', label: 'Armed Forces Pacific', labelEs: 'Fuerzas Armadas del Pacífico' },
];

export const CANADIAN_PROVINCES: readonly Option[] = [
  { value: 'AB', label: 'Alberta' },
  { value: 'BC', label: 'British Columbia', labelEs: 'Columbia Británica' },
  { value: 'MB', label: 'Manitoba' },
  { value: 'NB', label: 'New Brunswick', labelEs: 'Nuevo Brunswick' },
  { value: 'NL', label: 'Newfoundland and Labrador', labelEs: 'Terranova y Labrador' },
  { value: 'NT', label: 'Northwest Territories', labelEs: 'Territorios del Noroeste' },
  { value: 'NS', label: 'Nova Scotia', labelEs: 'Nueva Escocia' },
  { value: 'NU', label: 'Nunavut' },
  { value: 'ON', label: 'Ontario' },
  { value: 'PE', label: 'Prince Edward Island', labelEs: 'Isla del Príncipe Eduardo' },
  { value: 'QC', label: 'Quebec' },
  { value: 'SK', label: 'Saskatchewan' },
  { value: 'YT', label: 'Yukon' },
];

export const STATES_AND_PROVINCES: readonly Option[] = [...US_STATES, ...US_TERRITORIES, ...ARMED_FORCES_REGIONS, ...CANADIAN_PROVINCES];

/**
 * §4: state legal residency and driver license are asked only for these (Utah, Northern Mariana Islands, Guam,
 * Marshall Islands, Federated States of Micronesia, Republic of Palau, American Samoa), as option values.
 */
export const RESIDENCY_STATES: readonly string[] = ['UT', 'MP', 'GU', 'MH', 'FM', 'PW', 'AS'];

/** §5: free_lunch is asked (and required) for Utah only. */
export const FREE_LUNCH_STATE = 'UT';
