import { describe, expect, it } from '@jest/globals';
import { redirectFor, formPaths, type RouteState } from '../../server/application/page-routing.server.js';
import { bannerFor, derivedWebStatus } from '../../server/application/page-data.server.js';
import { applicantName, greetingName } from '../../form/applicant-name.js';

const student = (over: Partial<Extract<RouteState, { kind: 'student' }>> = {}): RouteState => ({
  kind: 'student',
  submitted: false,
  lastPage: null,
  hasChangedPage: false,
  ...over,
});
const ALL_ROUTES = ['/about', '/education', '/final-steps', '/completion', '/signup', '/confirm', '/login', '/forgot', '/reset'];

describe('§2 routing rules', () => {
  it('the form pages come from the definition', () => {
    expect(formPaths()).toEqual(['/about', '/education', '/final-steps']);
  });

  it('visitors: everything but /completion, which goes to /about keeping the query', () => {
    for (const path of ALL_ROUTES.filter((p) => p !== '/completion')) expect(redirectFor(path, '', { kind: 'visitor' })).toBeNull();
    expect(redirectFor('/completion', '?token=t', { kind: 'visitor' })).toBe('/about?token=t');
  });

  it('staff: only the three form pages; anything else goes to /about with the service_token', () => {
    for (const path of ALL_ROUTES) {
      const target = redirectFor(path, '?service_token=s', { kind: 'service' });
      expect({ path, target }).toEqual({ path, target: formPaths().includes(path) ? null : '/about?service_token=s' });
    }
  });

  it('/print (the whole application in one document, for the PDF) is for staff only', () => {
    expect(redirectFor('/print', '?service_token=s', { kind: 'service' })).toBeNull();
    expect(redirectFor('/print', '?token=t', { kind: 'visitor' })).toBe('/about');
    expect(redirectFor('/print', '', student())).toBe('/about');
    expect(redirectFor('/print', '', student({ submitted: true }))).toBe('/about');
  });

  it('submitted students: /completion only', () => {
    for (const path of ALL_ROUTES) {
      expect({ path, target: redirectFor(path, '?a=1', student({ submitted: true, lastPage: '/education' })) }).toEqual({
        path,
        target: path === '/completion' ? null : '/completion',
      });
    }
  });

  it('not-submitted students: /completion → /about; /login and /signup → the application', () => {
    expect(redirectFor('/completion', '', student())).toBe('/about');
    expect(redirectFor('/login', '', student())).toBe('/about');
    expect(redirectFor('/signup', '', student({ lastPage: '/final-steps' }))).toBe('/final-steps');
    for (const path of ['/about', '/confirm', '/forgot', '/reset']) expect(redirectFor(path, '', student())).toBeNull();
  });

  it('first load goes to the last page unless the student already moved in this session', () => {
    expect(redirectFor('/about', '?x=1', student({ lastPage: '/education' }))).toBe('/education?x=1');
    expect(redirectFor('/education', '', student({ lastPage: '/education' }))).toBeNull();
    expect(redirectFor('/about', '', student({ lastPage: '/education', hasChangedPage: true }))).toBeNull();
    // Only form pages are ever a redirect target.
    expect(redirectFor('/about', '', student({ lastPage: 'https://evil.example/' }))).toBeNull();
    expect(redirectFor('/about', '', student({ lastPage: '/completion' }))).toBeNull();
  });
});

describe('§4 web status and §1 banners', () => {
  it('derives the status from the count of distinct recognised statuses', () => {
    expect(derivedWebStatus([])).toBeNull();
    expect(derivedWebStatus(['started'])).toBe('started');
    expect(derivedWebStatus(['started', 'started', 'validating'])).toBe('validating');
    expect(derivedWebStatus(['started', 'validating', 'submitted'])).toBe('submitted');
    expect(derivedWebStatus(['unknown', 'started'])).toBe('started');
  });

  const base = { isLoggedIn: true, isServiceUser: false, webStatus: 'started' as const, hasChangedPage: false, numLogins: 1, answers: {} };

  it('picks the variant', () => {
    expect(bannerFor({ ...base, isLoggedIn: false })).toEqual({ variant: 'visitor', name: '' });
    expect(bannerFor(base)).toEqual({ variant: 'first-login', name: '' });
    expect(bannerFor({ ...base, numLogins: 2, answers: { first_name: 'Maria', preferred_name: 'Mari' } })).toEqual({
      variant: 'returning',
      name: 'Mari',
    });
    expect(bannerFor({ ...base, webStatus: 'submitted', answers: { first_name: 'Maria' } })).toEqual({
      variant: 'submitted',
      name: 'Maria',
    });
  });

  it('hides it after a page change while logged in (unless submitted), while validating, and for staff', () => {
    expect(bannerFor({ ...base, hasChangedPage: true })).toBeNull();
    expect(bannerFor({ ...base, webStatus: 'submitted', hasChangedPage: true })?.variant).toBe('submitted');
    expect(bannerFor({ ...base, webStatus: 'validating' })).toBeNull();
    expect(bannerFor({ ...base, isServiceUser: true })).toBeNull();
  });

  it('greets by the preferred name, else the first name', () => {
    expect(greetingName({ first_name: ' Maria ', preferred_name: '' })).toBe('Maria');
    expect(greetingName({ first_name: 'Maria', preferred_name: 'Mari' })).toBe('Mari');
    expect(greetingName({})).toBe('');
  });

  it('names the applicant on the PDF by first and last name (not the preferred name), else the fallback', () => {
    expect(applicantName({ first_name: 'Maria', preferred_name: 'Mari', last_name: ' Lopez ' }, 'x@example.edu')).toBe('Maria Lopez');
    expect(applicantName({ first_name: 'Maria', last_name: 'Lopez' }, 'x@example.edu')).toBe('Maria Lopez');
    expect(applicantName({ last_name: 'Lopez' }, 'x@example.edu')).toBe('Lopez');
    expect(applicantName({ first_name: ' ', last_name: '' }, 'x@example.edu')).toBe('x@example.edu');
  });
});
