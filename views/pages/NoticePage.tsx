/**
 * A plain page with one message, for answers outside page rendering that are not errors of ours; `action` is one
 * button that posts to where the page was opened from (a link's page whose choice must not be made by opening it).
 */
export function NoticePage({
  heading,
  message,
  link,
  action,
}: {
  heading: string;
  message: string;
  link?: { href: string; label: string };
  action?: { label: string };
}) {
  return (
    <main className="generic-error" id="main">
      <h1>{heading}</h1>
      <p>{message}</p>
      {action ? (
        <form method="post">
          <button type="submit" className="button">
            {action.label}
          </button>
        </form>
      ) : null}
      {link ? (
        <p>
          <a href={link.href}>{link.label}</a>
        </p>
      ) : null}
    </main>
  );
}
