import type { Answers, FormDefinition, PageId, UiState, ValidationEntry } from '../../form/types.js';

type Validate = (answers: Readonly<Answers>, page: PageId | 'all', options: { definition: FormDefinition; ui?: UiState }) => ValidationEntry[];

let loading: Promise<Validate> | null = null;

/**
 * joi and the schema are most of the form's code, and nothing needs them before the applicant first
 * touches a field: they load on the first focus (or on demand) as their own chunk, so the page's initial
 * JavaScript stays small (issue 3 budget). The same form/schema.ts runs on the server.
 */
export function loadValidation(): Promise<Validate> {
  loading ??= import('../../form/schema.js').then((module) => module.validate);
  return loading;
}
