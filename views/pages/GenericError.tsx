export function GenericError() {
  return (
    <main className="generic-error" id="main">
      <h1>Something went wrong.</h1>
      <p>The issue that caused you to see this has been logged. We will get it fixed as soon as possible.</p>
      <p>
        <a href="/about">Return to your application</a>
      </p>
    </main>
  );
}
