import type { AuthFieldDefinition } from '../../contracts/auth-cards.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * What was wrong (§5 error summary): the call's own message, then each field's first message linking to the
 * field (`#key`). After a plain form post the server answered it is focused on arrival, so it is read first;
 * after a submit in the island the focus goes to the first field in error (its message is read with it), and
 * the summary stays quiet beside it (issue 38: a card must not report a field only in a toast).
 */
export function AuthErrorSummary({
  title,
  problem,
  errors,
  fields,
  fromServer = true,
}: {
  title: string;
  problem?: string;
  errors: Record<string, readonly string[] | undefined>;
  fields: readonly AuthFieldDefinition[];
  fromServer?: boolean;
}) {
  const items = fields.flatMap((field) => {
    const message = errors[field.key]?.[0];
    return message ? [{ key: field.key, message, href: field.type === 'hidden' ? null : `#${field.key}` }] : [];
  });
  if (!problem && items.length === 0) return null;
  return (
    <div
      className="error-summary"
      {...(fromServer ? { role: 'alert', 'aria-labelledby': 'error-summary-title', autoFocus: true } : {})}
      tabIndex={-1}
    >
      <h2 id="error-summary-title" className="error-summary__title">
        {t(title)}
      </h2>
      <ul className="error-summary__list">
        {problem ? <li>{t(problem)}</li> : null}
        {items.map((item) => (
          <li key={item.key}>{item.href ? <a href={item.href}>{t(item.message)}</a> : t(item.message)}</li>
        ))}
      </ul>
    </div>
  );
}
