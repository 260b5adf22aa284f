/**
 * Validation cases on a synthetic one-page definition: the kinds and checks the real form does not use
 * (test/unit/validation.test.ts runs them after the real form's, validation-form-cases.ts).
 */
import { FORMAT_MESSAGES, maxLengthMessage, notAnOptionMessage, requiredMessage, typeMessage } from '../../form/messages.js';
import type { FormDefinition, PageId } from '../../form/types.js';
import { labelOf, pageOf, type FormCase } from './validation-form-base.js';

/** A one-page definition holding the kinds and checks the real form does not use (ssn, checks with `when` in any order…). */
export const SYNTHETIC: FormDefinition = {
  pages: [
    {
      id: 'about',
      path: '/about',
      title: 'About',
      navLabel: 'About',
      shortNavLabel: 'About',
      children: [
        { kind: 'ssn', key: 'ssn', label: 'SSN' },
        {
          kind: 'ssn',
          key: 'ssn_own',
          label: 'SSN 2',
          invalidMessage: 'Own SSN message.',
          required: true,
          requiredMessage: 'Own required message.',
        },
        { kind: 'textarea', key: 'essay', label: 'Essay' },
        {
          kind: 'radio',
          key: 'mode',
          label: 'Mode',
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        },
        {
          kind: 'text',
          key: 'code',
          label: 'Code {label}',
          maxLength: 8,
          checks: [
            {
              check: 'pattern',
              pattern: /^[A-Z]+$/,
              message: 'Capitals only when mode is a.',
              when: { valueKey: 'mode', operator: 'equals', target: 'a' },
            },
            { check: 'minLength', min: 4, message: 'At least {4}.' },
            { check: 'pattern', pattern: /^\D+$/, message: 'No digits.' },
            { check: 'pattern', pattern: /^[^0-9]+$/, message: 'No digits.' },
            {
              check: 'minLength',
              min: 6,
              message: 'At least 6 when mode is b.',
              when: { valueKey: 'mode', operator: 'equals', target: 'b' },
            },
          ],
        },
        { kind: 'date', key: 'start', label: 'Start', checks: [{ check: 'minAge', years: 1, message: 'At least a year ago.' }] },
        { kind: 'checkbox', key: 'agree', label: 'Agree', required: { valueKey: 'mode', operator: 'answered' } },
        { kind: 'file', key: 'doc', label: 'Doc', required: true },
        { kind: 'select', key: 'year', label: 'Year', options: { years: { count: 3, direction: 'future' } } },
        // Its controller is asked on another page: validating this page alone, the list is open.
        { kind: 'dependentSelect', key: 'sub', label: 'Sub', controller: 'top', optionsByValue: { x: [{ value: 'x1', label: 'X1' }] } },
      ],
    },
    {
      id: 'education',
      path: '/education',
      title: 'Education',
      navLabel: 'Education',
      shortNavLabel: 'Education',
      children: [
        {
          kind: 'select',
          key: 'top',
          label: 'Top',
          options: [
            { value: 'x', label: 'X' },
            { value: 'y', label: 'Y' },
          ],
        },
      ],
    },
  ],
};

function synthetic(name: string, answers: Record<string, unknown>, page: PageId | 'all', expected: Array<[string, ...string[]]>): FormCase {
  return {
    name,
    answers,
    page,
    definition: SYNTHETIC,
    expected: expected.map(([key, ...messages]) => ({ key, page: pageOf(key, SYNTHETIC), messages })),
  };
}

const sLabel = (key: string) => labelOf(key, SYNTHETIC);
const SYNTHETIC_BASE = { ssn_own: '123-45-6789', doc: 'ANSWERED' };

export const SYNTHETIC_CASES: FormCase[] = [
  synthetic('ssn: valid, all empty otherwise', { ...SYNTHETIC_BASE, ssn: '123-45-6789' }, 'all', []),
  synthetic('ssn: required with its own message', {}, 'about', [
    ['ssn_own', 'Own required message.'],
    ['doc', requiredMessage(sLabel('doc'))],
  ]),
  synthetic('ssn: without hyphens, own and generic message', { ...SYNTHETIC_BASE, ssn: '123456789', ssn_own: '12-345-6789' }, 'about', [
    ['ssn', FORMAT_MESSAGES.ssn],
    ['ssn_own', 'Own SSN message.'],
  ]),
  synthetic('textarea default limit 1500', { ...SYNTHETIC_BASE, essay: 'e'.repeat(1501) }, 'about', [
    ['essay', maxLengthMessage(sLabel('essay'), 1500)],
  ]),
  synthetic(
    'checks: duplicates removed, in definition order, a `when` that holds (mode a)',
    { ...SYNTHETIC_BASE, mode: 'a', code: 'ab1', agree: true },
    'about',
    [['code', 'Capitals only when mode is a.', 'At least {4}.', 'No digits.']],
  ),
  synthetic('checks: mode b', { ...SYNTHETIC_BASE, mode: 'b', code: 'ABCDE', agree: true }, 'about', [
    ['code', 'At least 6 when mode is b.'],
  ]),
  synthetic('checks: two minimum lengths both apply', { ...SYNTHETIC_BASE, mode: 'b', code: 'ab1', agree: true }, 'about', [
    ['code', 'At least {4}.', 'No digits.', 'At least 6 when mode is b.'],
  ]),
  synthetic('checks: a `when` that does not hold is skipped (no mode)', { ...SYNTHETIC_BASE, code: 'ab' }, 'about', [
    ['code', 'At least {4}.'],
  ]),
  synthetic('checks: over the limit too', { ...SYNTHETIC_BASE, mode: 'b', code: 'ab1ab1ab1', agree: true }, 'about', [
    ['code', maxLengthMessage(sLabel('code'), 8), 'No digits.'],
  ]),
  synthetic('conditional required checkbox', { ...SYNTHETIC_BASE, mode: 'a', code: 'ABCD' }, 'about', [
    ['agree', requiredMessage(sLabel('agree'))],
  ]),
  synthetic('minAge on an impossible date: only the date message', { ...SYNTHETIC_BASE, start: '2026-02-29' }, 'about', [
    ['start', FORMAT_MESSAGES.date],
  ]),
  synthetic('minAge: too recent', { ...SYNTHETIC_BASE, start: '2026-01-01' }, 'about', [['start', 'At least a year ago.']]),
  synthetic('year list going forward from now', { ...SYNTHETIC_BASE, year: '2028' }, 'about', []),
  synthetic('year list going forward: last year is not offered', { ...SYNTHETIC_BASE, year: '2025' }, 'about', [
    ['year', notAnOptionMessage(sLabel('year'))],
  ]),
  synthetic(
    'dependentSelect, controller on another page, this page only: open list',
    { ...SYNTHETIC_BASE, top: 'x', sub: 'zzz' },
    'about',
    [],
  ),
  synthetic('dependentSelect, controller on another page, all pages: checked', { ...SYNTHETIC_BASE, top: 'x', sub: 'zzz' }, 'all', [
    ['sub', notAnOptionMessage(sLabel('sub'))],
  ]),
  synthetic('dependentSelect, controller without options: hidden', { ...SYNTHETIC_BASE, top: 'y', sub: 'zzz' }, 'all', []),
  synthetic('file required: wrong type', { ...SYNTHETIC_BASE, doc: 1 }, 'about', [
    ['doc', FORMAT_MESSAGES.file, typeMessage(sLabel('doc'), 'text')],
  ]),
];
