export function Page() {
  return (
    <main id="main" className="container completion">
      <h1>Freshman Application</h1>
      <p className="completion__message">Your application was successfully submitted.</p>
    </main>
  );
}
