/** A plain page with one message, for answers outside page rendering that are not errors of ours. */
export function NoticePage({ heading, message, link }: { heading: string; message: string; link?: { href: string; label: string } }) {
  return (
    <main className="generic-error" id="main">
      <h1>{heading}</h1>
      <p>{message}</p>
      {link ? (
        <p>
          <a href={link.href}>{link.label}</a>
        </p>
      ) : null}
    </main>
  );
}
