import Joi from 'joi';

/**
 * DEPOSIT_URL (issue 39, docs/after-submission.md "Replies and deposits"): the university's payment page for the
 * enrollment deposit, parsed for the joi schema of config.server.ts, which alone reads the environment and calls this.
 */

/** The one merge field a deposit URL may hold: the applicant's reference, so the payment page knows who pays. */
export const DEPOSIT_URL_FIELD = '{reference}';

/** An http(s) URL (https unless on loopback) whose only `{…}` is `{reference}`; the value, or what is wrong with it. */
export function parseDepositUrl(raw: string): { value: string } | { problem: string } {
  const text = raw.trim();
  const braces = text.match(/\{[^}]*\}?/g) ?? [];
  const other = braces.find((b) => b !== DEPOSIT_URL_FIELD);
  if (other) return { problem: `holds ${other}; the only merge field it may hold is ${DEPOSIT_URL_FIELD}` };
  let url: URL;
  try {
    url = new URL(text.replaceAll(DEPOSIT_URL_FIELD, 'FA-XXXXXX'));
  } catch {
    return { problem: `"${text}" is not a URL (e.g. https://pay.example.edu/deposit?ref={reference})` };
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return { problem: 'must be an https URL (http only on loopback)' };
  return { value: text };
}

/** The payment link for one applicant: the reference URL-encoded where the URL says `{reference}`. */
export function depositLink(template: string, reference: string): string {
  return template.replaceAll(DEPOSIT_URL_FIELD, encodeURIComponent(reference));
}

/** The variable's schema, for config.server.ts's envSchema. */
export const depositUrlSchema = Joi.string()
  .max(2000)
  .custom((value: string, helpers) => {
    const parsed = parseDepositUrl(value);
    // joi reads {…} in a message as a template: the problem names {reference}, so its braces are escaped.
    return 'problem' in parsed ? helpers.message({ custom: `"DEPOSIT_URL" ${parsed.problem.replace(/\{/g, '\\{')}` }) : parsed.value;
  });
