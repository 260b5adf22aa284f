import { Fragment } from 'react';

/**
 * An e-mail address that a narrow screen may wrap only at its seams: after the '@' and before each '.', never in
 * the middle of a word (issue 26). The <wbr> break points add no text, so the address reads and copies as typed.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className="email-text">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
