import { describe, expect, it } from '@jest/globals';
import { allFields, type Field } from '../../form/fields.js';
import { formDefinition } from '../../form/definition.js';
import { relevant } from '../../form/conditions.js';
import { transcriptKeys } from '../../form/transcript-keys.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';

/**
 * WCAG 2.2 3.3.7 Redundant Entry (docs/accessibility.md): what the applicant has already given in this process
 * is not asked again. Read from the form definition itself, so a question added later that asks again fails here.
 */
const fields = allFields(formDefinition());
const questions = fields.map((f) => f.question);

/** The rule keys a field's visibility depends on. */
const ruleKeys = (field: Field) => field.gates.flatMap((g) => (g.gate === 'rule' && 'valueKey' in g.rule ? [g.rule.valueKey] : []));

describe('3.3.7 Redundant Entry: nothing given once is asked again', () => {
  it('the applicant’s own e-mail is never asked in the form: the account already has it (every e-mail question is a parent’s or the counselor’s)', () => {
    const emails = questions.filter((q) => q.kind === 'email');
    expect(emails.length).toBeGreaterThan(0);
    const ownEmailHints = questions.filter((q) => (q as { autoComplete?: string }).autoComplete === 'email');
    expect(ownEmailHints).toEqual([]);
    const { counselorEmail } = transcriptKeys();
    const parentEmails = fields.filter((f) => f.question.kind === 'email' && f.question.key !== counselorEmail);
    // Each parent's e-mail is shown only inside that parent's section, i.e. behind the "which parents" answer.
    for (const field of parentEmails) expect(ruleKeys(field).length).toBeGreaterThan(0);
  });

  it('a parent who lives at the applicant’s permanent address is not asked for that address again', () => {
    const parentAddressFields = fields.filter((f) => /^parent.*address_line_1$/.test(f.question.key));
    expect(parentAddressFields.length).toBeGreaterThan(0);
    for (const field of parentAddressFields) {
      // The nearest condition: the parent's own "lives at your permanent address?" question.
      const sameAsMine = ruleKeys(field)
        .map((key) => questions.find((q) => q.key === key))
        .filter((q) => q?.kind === 'radio')
        .at(-1);
      expect(sameAsMine).toBeDefined();
      const yes = { ...COMPLETE_ANSWERS, parent_communication_preference: '2', [sameAsMine!.key]: 'Y' };
      const no = { ...yes, [sameAsMine!.key]: 'N' };
      expect(relevant(yes).has(field.question.key)).toBe(false);
      expect(relevant(no).has(field.question.key)).toBe(true);
    }
  });

  it('the counselor is never asked for the school: the request names the school the applicant chose in the school block', () => {
    const { schoolName, counselorEmail } = transcriptKeys();
    const schoolQuestions = questions.filter((q) => q.kind === 'autocomplete' && q.category === 'hs_ceeb');
    // One school question per high-school entry (the add-another copies), and the request reads the first.
    expect(schoolQuestions.map((q) => q.key)).toContain(schoolName);
    const counselorPage = fields.find((f) => f.question.key === counselorEmail)!.page;
    const otherSchoolAsks = fields.filter(
      (f) =>
        f.page === counselorPage &&
        f.question.kind !== 'autocomplete' &&
        /counselor/i.test(f.question.key) &&
        /school|ceeb/i.test(f.question.key),
    );
    expect(otherSchoolAsks).toEqual([]);
  });

  it('an address picked from the lookup fills its city, state, ZIP and country: the applicant types them once or not at all', () => {
    const lookups = questions.filter((q) => q.kind === 'autocomplete');
    expect(lookups.length).toBeGreaterThan(0);
    for (const q of lookups) {
      if (q.kind !== 'autocomplete') continue;
      const filled = Object.values(q.fills);
      expect(filled.length).toBeGreaterThan(1);
      for (const key of filled) expect(questions.some((other) => other.key === key)).toBe(true);
    }
  });
});
