import type { AuthFieldDefinition } from '../../contracts/auth-cards.js';

/**
 * What was wrong with a plain form post the server answered (§5 error summary): the call's own message,
 * then each field's first message linking to the field (`#key`). Focused on arrival, so it is read first.
 */
export function AuthErrorSummary({
  title,
  problem,
  errors,
  fields,
}: {
  title: string;
  problem?: string;
  errors: Record<string, readonly string[] | undefined>;
  fields: readonly AuthFieldDefinition[];
}) {
  const items = fields.flatMap((field) => {
    const message = errors[field.key]?.[0];
    return message ? [{ key: field.key, message, href: field.type === 'hidden' ? null : `#${field.key}` }] : [];
  });
  if (!problem && items.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} autoFocus>
      <h2 id="error-summary-title" className="error-summary__title">
        {title}
      </h2>
      <ul className="error-summary__list">
        {problem ? <li>{problem}</li> : null}
        {items.map((item) => (
          <li key={item.key}>{item.href ? <a href={item.href}>{item.message}</a> : item.message}</li>
        ))}
      </ul>
    </div>
  );
}
