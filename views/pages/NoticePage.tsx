/** A plain page with one message, for answers outside page rendering that are not errors of ours. */
export function NoticePage({ heading, message }: { heading: string; message: string }) {
  return (
    <main className="generic-error" id="main">
      <h1>{heading}</h1>
      <p>{message}</p>
    </main>
  );
}
