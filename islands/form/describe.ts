import type { Answers, FormDefinition } from '../../form/types.js';
import { withDescriptions } from '../../form/answers.js';
import { descKey } from '../../form/fields.js';

/**
 * `values` plus the `_desc` companion of every choice among them (§3), computed by the core from the
 * definition: for changes made on the applicant's behalf (a picked lookup record, values the browser held).
 */
export function withChangedDescriptions(answers: Readonly<Answers>, values: Answers, definition?: FormDefinition): Answers {
  const described = withDescriptions({ ...answers, ...values }, definition);
  const keys = Object.keys(values).flatMap((key) => [key, descKey(key)]);
  return Object.fromEntries(keys.filter((key) => key in described).map((key) => [key, described[key]!]));
}
