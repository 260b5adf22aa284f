import type { Option } from '../types.js';

/** The About page's own option lists (§3), each label with its Spanish (docs/i18n.md). */
export const SEXES: readonly Option[] = [
  { value: 'F', label: 'Female', labelEs: 'Femenino' },
  { value: 'M', label: 'Male', labelEs: 'Masculino' },
];

export const CITIZENSHIP_TYPES: readonly Option[] = [
  { value: '1', label: 'U.S. citizen or U.S. national', labelEs: 'Ciudadano o nacional de EE. UU.' },
  { value: '2', label: 'U.S. permanent resident', labelEs: 'Residente permanente de EE. UU.' },
  { value: '3', label: 'Not a U.S. citizen or permanent resident', labelEs: 'No soy ciudadano ni residente permanente de EE. UU.' },
];

export const BRANCHES: readonly Option[] = [
  { value: 'ARMY', label: 'Army', labelEs: 'Ejército' },
  { value: 'NAVY', label: 'Navy', labelEs: 'Armada' },
  { value: 'AIR_FORCE', label: 'Air Force', labelEs: 'Fuerza Aérea' },
  { value: 'MARINES', label: 'Marine Corps', labelEs: 'Cuerpo de Marines' },
  { value: 'COAST_GUARD', label: 'Coast Guard', labelEs: 'Guardia Costera' },
  { value: 'SPACE_FORCE', label: 'Space Force', labelEs: 'Fuerza Espacial' },
  { value: 'NATIONAL_GUARD', label: 'National Guard', labelEs: 'Guardia Nacional' },
  { value: 'RESERVES', label: 'Reserves', labelEs: 'Reservas' },
];

export const VETERAN_RELATIONS: readonly Option[] = [
  { value: 'SPOUSE', label: 'Spouse', labelEs: 'Cónyuge' },
  { value: 'CHILD', label: 'Child', labelEs: 'Hijo o hija' },
];
