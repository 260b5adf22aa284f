/**
 * The readers' review form, as data (issue 37): what a review asks, in order. Validated once (review-validator.server.ts)
 * and rendered server-side from this; the committee view averages its `scale` fields.
 */

export type ReviewField =
  | { key: string; label: string; kind: 'scale'; min: number; max: number; required: boolean; hint?: string }
  | { key: string; label: string; kind: 'choice'; options: ReadonlyArray<{ value: string; label: string }>; required: boolean }
  | { key: string; label: string; kind: 'text'; maxLength: number; required: boolean };

export const REVIEW_FORM: readonly ReviewField[] = [
  {
    key: 'academic_preparation',
    label: 'Academic preparation',
    kind: 'scale',
    min: 1,
    max: 5,
    required: true,
    hint: '1 weak, 5 outstanding',
  },
  { key: 'personal_qualities', label: 'Personal qualities', kind: 'scale', min: 1, max: 5, required: true, hint: '1 weak, 5 outstanding' },
  {
    key: 'recommendation',
    label: 'Recommendation',
    kind: 'choice',
    options: [
      { value: 'admit', label: 'Admit' },
      { value: 'waitlist', label: 'Waitlist' },
      { value: 'deny', label: 'Deny' },
    ],
    required: true,
  },
  { key: 'comment', label: 'Comment', kind: 'text', maxLength: 4000, required: false },
];

export function scaleFields(form: readonly ReviewField[] = REVIEW_FORM): Array<Extract<ReviewField, { kind: 'scale' }>> {
  return form.filter((f): f is Extract<ReviewField, { kind: 'scale' }> => f.kind === 'scale');
}
