import type { Answers, FormDefinition, PageId, UiState, ValidationEntry } from '../../form/types.js';

type Validate = (answers: Readonly<Answers>, page: PageId | 'all', options: { definition: FormDefinition; ui?: UiState }) => ValidationEntry[];

let loading: Promise<Validate> | null = null;

/**
 * The island validates with form/validate.ts, the module the API validates with. The definition, options
 * and conditions are already in the island, so what loads here is only the few KB of the checks themselves:
 * they come as their own small chunk on the first focus (or on demand).
 */
export function loadValidation(): Promise<Validate> {
  loading ??= import('../../form/validate.js').then(
    (module) => module.validate,
    (err: unknown) => {
      // A failed download (flaky network) must not stay cached: the next validation tries again.
      loading = null;
      throw err;
    },
  );
  return loading;
}
