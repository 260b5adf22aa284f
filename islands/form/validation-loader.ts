import type { Answers, FormDefinition, PageId, UiState, ValidationEntry } from '../../form/types.js';

type Validate = (answers: Readonly<Answers>, page: PageId | 'all', options: { definition: FormDefinition; ui?: UiState }) => ValidationEntry[];

let loading: Promise<Validate> | null = null;

/**
 * The browser validates with form/check-answers.ts (the rules read from the definition, no joi; the server
 * keeps form/schema.ts, and a unit test holds both to the same results). The definition, options and
 * conditions are already in the island, so what loads here is only the few KB of the checks themselves:
 * they come as their own small chunk on the first focus (or on demand).
 */
export function loadValidation(): Promise<Validate> {
  loading ??= import('../../form/check-answers.js').then(
    (module) => module.checkAnswers,
    (err: unknown) => {
      // A failed download (flaky network) must not stay cached: the next validation tries again.
      loading = null;
      throw err;
    },
  );
  return loading;
}
