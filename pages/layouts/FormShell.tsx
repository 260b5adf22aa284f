import type { ReactNode } from 'react';
import { useData, usePageContext } from '../page-context.js';
import { shellConfig } from './public-config.js';
import { SiteFooter } from './SiteFooter.js';
// Lifecycle (issue 5): greeting banner, account popover, inactivity modal and toaster, from pages/(form)/+data.ts.
import type { FormPageData } from '../../contracts/page-data.js';
import { GreetingBanner } from './banners/GreetingBanner.js';
import { AccountSlot, ShellLifecycle } from './banners/ShellLifecycle.js';
import { PAGE_FORM_ID } from '../../contracts/form-post.js';
import { FormFlash, KeptAnswersNotice } from './banners/KeptAnswersNotice.js';
import { DeadlineBanner } from './banners/DeadlineBanner.js';
import { t } from '../../contracts/i18n/page-text.js';
import { LanguageSwitch } from './LanguageSwitch.js';

export const STEPS = [
  { href: '/about', label: '1. About you', short: 'Step 1' },
  { href: '/education', label: '2. Your academics', short: 'Step 2' },
  { href: '/final-steps', label: '3. Final steps', short: 'Step 3' },
] as const;

function isWithin(window: { start: string; end: string } | null, now: string): boolean {
  return window !== null && now >= window.start && now <= window.end;
}

/**
 * Header, step navigation, banners, main content and footer of the three form pages (§2).
 * `body` replaces navigation, banners and main with one island that renders all three (the form island:
 * its step links and Continue button share the answers); the banners are handed to it to place between.
 */
export function FormShell({
  current,
  children,
  banner,
  nav,
  body,
}: {
  current: string;
  children?: ReactNode;
  banner?: ReactNode;
  nav?: ReactNode;
  body?: (banners: ReactNode) => ReactNode;
}) {
  const pageContext = usePageContext();
  const config = shellConfig(pageContext);
  // Lifecycle (issue 5): the page data of pages/(form)/+data.ts (undefined on a page without it).
  const data = useData<FormPageData>();
  // A form page (the island's body) has the page form: without scripts, sign-up and login post it, answers and all.
  const carryForm = body ? PAGE_FORM_ID : undefined;
  const locals = pageContext.locals;
  const banners = (
    <>
      {/* The form pages' one-time message; /review and /completion show theirs beside the form that left it. */}
      {body && locals?.flash ? <FormFlash flash={locals.flash} /> : null}
      {isWithin(config.applicationWindow, config.now) && (
        <div className="alert alert--info" role="status">
          {t('Applications are open. Submit yours before the deadline to be considered for this entry term.')}
        </div>
      )}
      {data?.deadline ? <DeadlineBanner deadline={data.deadline} /> : null}
      {banner}
      {data?.banner ? <GreetingBanner banner={data.banner} carryForm={carryForm} /> : null}
      {locals?.keptAnswers && !locals.user ? <KeptAnswersNotice back={current} /> : null}
    </>
  );
  return (
    <>
      <a className="skip-link" href="#main">
        {t('Skip to main content')}
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <p className="site-title">{t('Freshman Application')}</p>
          <LanguageSwitch />
          <div className="site-header__account" id="account-slot">
            <AccountSlot data={data} carryForm={carryForm} />
          </div>
        </div>
      </header>
      {body ? (
        body(banners)
      ) : (
        <>
          {nav ?? (
            <nav className="steps" aria-label={t('Application steps')}>
              <ol className="container steps__list">
                {STEPS.map((step) => (
                  <li key={step.href} className="steps__item">
                    <a href={step.href} className="steps__link" aria-current={step.href === current ? 'step' : undefined}>
                      <span className="steps__long">{t(step.label)}</span>
                      <span className="steps__short" aria-hidden="true">
                        {t(step.short)}
                      </span>
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <div className="container banners">{banners}</div>
          <main id="main" className="container main" tabIndex={-1}>
            {children}
          </main>
        </>
      )}
      <SiteFooter contacts={config.contacts} loggedIn={data?.is_logged_in === true && !data.is_service_user} />
      <ShellLifecycle data={data} />
    </>
  );
}
