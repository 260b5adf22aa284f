import { useData } from '../../../page-context.js';
import type { FamilySignInData } from '../../../../contracts/family.js';
import { FAMILY_CODE_PATH, FAMILY_FIELDS, FAMILY_SIGN_IN_PATH } from '../../../../contracts/family.js';
import { FamilyLayout } from '../FamilyLayout.js';
import { t } from '../../../../contracts/i18n/page-text.js';

/**
 * Family sign-in (issue 39): the address, then the six-digit code we e-mail to it. Two plain forms; the code step
 * carries the address in a hidden field and offers to send a new code. What it says never depends on whether the
 * address was invited.
 */
export function Page() {
  const page = useData<FamilySignInData>()!;
  const error = page.error;
  const emailError = error?.field === 'email' ? t(error.text) : null;
  const codeError = error?.field === 'code' ? t(error.text) : null;
  return (
    <FamilyLayout title={t(page.title)}>
      {page.notice ? (
        <p className="family__notice" role="status">
          {t(page.notice.text)}
        </p>
      ) : null}
      {page.step === 'email' ? (
        <>
          <p>
            {t(
              'If an applicant has given you access to their application status, enter the e-mail address they invited. We will e-mail you a one-time code; no password is needed.',
            )}
          </p>
          <form method="post" action={FAMILY_SIGN_IN_PATH} noValidate>
            <p>
              <label htmlFor="family-email">{t('E-mail address')}</label>
              <br />
              {emailError ? (
                <span id="family-email-error" className="error">
                  {emailError}
                  <br />
                </span>
              ) : null}
              <input
                id="family-email"
                name={FAMILY_FIELDS.email}
                type="email"
                autoComplete="email"
                defaultValue={page.email}
                maxLength={254}
                required
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? 'family-email-error' : undefined}
              />
            </p>
            <p>
              <button type="submit">{t('Send me a code')}</button>
            </p>
          </form>
        </>
      ) : (
        <>
          <form method="post" action={FAMILY_CODE_PATH} noValidate>
            <input type="hidden" name={FAMILY_FIELDS.email} value={page.email} />
            <p>
              <label htmlFor="family-code">{t('Sign-in code sent to {{email}}', { email: page.email })}</label>
              <br />
              <span id="family-code-hint" className="muted">
                {t('Six digits.')}
              </span>
              <br />
              {codeError ? (
                <span id="family-code-error" className="error">
                  {codeError}
                  <br />
                </span>
              ) : null}
              <input
                id="family-code"
                name={FAMILY_FIELDS.code}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                pattern="[0-9]{6}"
                required
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? 'family-code-hint family-code-error' : 'family-code-hint'}
              />
            </p>
            <p>
              <button type="submit">{t('Sign in')}</button>
            </p>
          </form>
          <form method="post" action={FAMILY_SIGN_IN_PATH} className="actions">
            <input type="hidden" name={FAMILY_FIELDS.email} value={page.email} />
            <button type="submit" className="secondary">
              {t('Send a new code')}
            </button>
            <a href={FAMILY_SIGN_IN_PATH}>{t('Use another address')}</a>
          </form>
        </>
      )}
    </FamilyLayout>
  );
}
