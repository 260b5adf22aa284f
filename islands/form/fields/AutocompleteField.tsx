import type { Answers, Question } from '../../../form/types.js';
import { POST_FIELDS } from '../../../contracts/form-post.js';
import { inputMaxLength } from '../../../form/limits.js';
import { isAnswered } from '../../../form/conditions.js';
import { AutocompleteInput } from '../../autocomplete/AutocompleteInput.js';
import { answersFromRecord, type LookupRecord, type RecordKey } from '../../../contracts/lookup.js';
import { withChangedDescriptions } from '../describe.js';
import { ErrorText, errorId, Hint, hintId, useQuestion } from './Field.js';
import { useFormState } from '../context.js';
import { answeredFills, ceebKey, clearedMessage, restoredMessage } from '../../../form/lookup-clear.js';
import { ClearNotice, useClearNotice } from './LookupNotice.js';
import { NoScriptPart } from '../NoScriptPart.js';
import { useState } from 'react';
import { pageLang, t } from '../../../contracts/i18n/page-text.js';
import { formDefinition } from '../../../form/definition.js';

type Of<K extends Question['kind']> = Extract<Question, { kind: K }>;

/**
 * School / address search (§2, §4) through the lookup issue's combobox. Picking a suggestion fills every
 * field of the block (`fills`), typing free text clears them and keeps only the typed text (also after they were
 * filled by hand), clearing the field clears them all. Issue 38: a clearing of answered fields is said under the
 * search, naming them, with Undo (useClearNotice); "My school is not listed" opens hand entry at once.
 */
export function AutocompleteField({ q }: { q: Of<'autocomplete'> }) {
  const { form, messages, required, value } = useQuestion(q);
  const fills = Object.entries(q.fills) as Array<[RecordKey, string]>;
  const blank = (): Answers => Object.fromEntries(fills.map(([, key]) => [key, '']));
  const ceeb = ceebKey(q);
  // The answers at the moment of the change (in the island the context reads the store's current state).
  const apply = (values: Answers) => form.change(withChangedDescriptions(form.answers, values));
  const selected = useFormState((snapshot) => ceeb !== undefined && isAnswered(snapshot.answers[ceeb]));
  const preferState = useFormState((snapshot) => (typeof snapshot.answers.state === 'string' ? snapshot.answers.state : ''));
  const preferCity = useFormState((snapshot) => (typeof snapshot.answers.city === 'string' ? snapshot.answers.city : ''));
  const notice = useClearNotice();
  const posted = form.lookupNotices?.find((n) => n.key === q.key);
  const [manual, setManual] = useState(posted?.manual === true);
  // The server's notice (a post without scripts) stands until the applicant changes the block here.
  const [fromPost, setFromPost] = useState(true);
  const noticeId = `${q.key}-cleared`;
  const message = notice.message || (fromPost && posted?.message) || '';

  /** Clears the block but `kept`, telling which answered fields went; Undo puts them back (and the name, with `name`). */
  const clearBut = (kept: Answers, name: boolean) => {
    const before = form.answers;
    const keys = answeredFills(q, before);
    setFromPost(false);
    if (keys.length > 0) {
      const restore = Object.fromEntries([...keys, ...(name ? [q.key] : [])].map((key) => [key, before[key] ?? '']));
      notice.show(clearedMessage(keys, t, formDefinition(pageLang())), { keys, restore });
    }
    apply({ ...blank(), ...kept });
  };
  const undo = () => {
    const offer = notice.offer;
    if (!offer) return;
    apply(offer.restore);
    notice.show(restoredMessage(offer.keys, t, formDefinition(pageLang())));
    document.getElementById(q.key)?.focus();
  };
  const notListed = () => {
    if (ceeb !== undefined && isAnswered(form.answers[ceeb])) clearBut({ [q.key]: form.answers[q.key] ?? '' }, false);
    setManual(true);
    document.getElementById(q.fills.address_line_1 ?? '')?.focus();
  };
  return (
    <div
      className={messages.length > 0 ? 'field field--invalid' : 'field'}
      onFocus={notice.focusIn}
      onBlur={(event) => {
        form.blur(q.key);
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) notice.focusOut();
      }}
    >
      <AutocompleteInput
        id={q.key}
        label={q.label}
        category={q.category}
        value={value}
        selected={selected}
        required={required}
        invalid={messages.length > 0}
        describedBy={[q.hint ? hintId(q.key) : null, errorId(q.key)].filter(Boolean).join(' ')}
        maxLength={inputMaxLength(q)}
        {...(preferState ? { preferState } : {})}
        {...(preferCity ? { preferCity } : {})}
        manual={manual}
        noticeId={message ? noticeId : undefined}
        notice={<ClearNotice id={noticeId} message={message} onUndo={notice.offer ? undo : null} />}
        onSelect={(record: LookupRecord) => {
          notice.show('');
          setFromPost(false);
          setManual(false);
          apply(answersFromRecord(q.fills, record));
        }}
        // §4 "Typing free text clears them, stores only the typed text in the main field": whether the block was
        // filled from a suggestion or by hand, so no city or CEEB code of another school survives the new name.
        // Undo after typing over a pick brings the pick back whole (its name too); after hand entry, only the fields.
        onFreeText={(text, replacedSelection) => clearBut({ [q.key]: text }, replacedSelection || selected)}
        onClear={() => clearBut({}, true)}
      />
      <Hint q={q} />
      <ErrorText keyName={q.key} messages={messages} />
      {q.category === 'address' ? null : (
        <>
          <NoScriptPart
            part="schoolSearch"
            className="school-search nojs-only"
            props={{ q, search: form.schoolSearch?.key === q.key ? form.schoolSearch : undefined }}
          />
          <button
            type="submit"
            name={POST_FIELDS.action}
            value={`manual:${q.key}`}
            className="button button--secondary lookup-not-listed"
            onClick={(event) => {
              event.preventDefault();
              notListed();
            }}
          >
            {q.category === 'college_ceeb' ? t('My college is not listed') : t('My school is not listed')}
          </button>
        </>
      )}
    </div>
  );
}
