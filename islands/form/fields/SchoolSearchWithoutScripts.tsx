import { LOOKUP_QUERY, LOOKUP_TEXT_QUERY, lookupFormId, lookupResultsId, POST_FIELDS } from '../../../contracts/form-post.js';
import { LOOKUP_MAX_QUERY_LENGTH, type SchoolSearch } from '../../../contracts/lookup.js';
import type { Question } from '../../../form/types.js';
import { t } from '../../../contracts/i18n/page-text.js';

/**
 * The school search without scripts (DESIGN §6), hidden once the island has hydrated (the combobox does it then):
 * "Search" posts the page (what was typed is saved, or kept for a visitor) and opens it again with the schools
 * matching the name, a GET that changes nothing. Each match is a submit button of the page form that fills the
 * block as picking the suggestion would (POST, Origin-checked); "Search again" is a GET form of its own. Rendered by the
 * server only, inside the island's `.school-search` (islands/form/NoScriptPart.tsx).
 */
export function SchoolSearchWithoutScripts({
  q,
  search,
}: {
  q: Extract<Question, { kind: 'autocomplete' }>;
  search: SchoolSearch | undefined;
}) {
  const resultsId = lookupResultsId(q.key);
  const searchId = `${q.key}-search-again`;
  const formId = lookupFormId(q.key);
  return (
    <>
      <button type="submit" name={POST_FIELDS.action} value={`lookup:${q.key}`} className="button button--secondary school-search__button">
        {t('Search')}
        <span className="visually-hidden">{` ${t('schools by the name typed in: {{label}}', { label: q.label })}`}</span>
      </button>
      {search ? (
        <div className="school-search__results" id={resultsId} role="group" aria-labelledby={`${resultsId}-title`}>
          <p id={`${resultsId}-title`} className="school-search__title">
            {search.query === ''
              ? t('Type part of the school’s name to search.')
              : search.items.length > 0
                ? t('Schools matching “{{query}}”: choose yours.', { query: search.query })
                : t('No school matches “{{query}}”. Type its full name above and fill in its details below.', { query: search.query })}
          </p>
          {search.items.length > 0 ? (
            <ul className="school-search__list">
              {search.items.map((item) => (
                <li key={item.id}>
                  <button type="submit" name={POST_FIELDS.action} value={`choose:${q.key}:${item.id}`} className="school-search__choice">
                    <span className="visually-hidden">{`${t('Choose')} `}</span>
                    <span className="autocomplete__text">{item.text}</span> <span className="autocomplete__sub">{item.sub_text}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="school-search__again">
            <label htmlFor={searchId} className="field__label">
              {t('Search again by name')}
            </label>
            <div className="school-search__again-control">
              <input
                id={searchId}
                type="search"
                form={formId}
                name={LOOKUP_TEXT_QUERY}
                defaultValue={search.query}
                maxLength={LOOKUP_MAX_QUERY_LENGTH}
                className="input"
              />
              <input type="hidden" form={formId} name={LOOKUP_QUERY} value={q.key} />
              <button type="submit" form={formId} className="button button--secondary">
                {t('Search')}
                <span className="visually-hidden"> {t('again')}</span>
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
