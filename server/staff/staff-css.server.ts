/** The staff desk's stylesheet (served from /staff/staff.css: the CSP allows only 'self' styles). */
export const STAFF_CSS = `
:root { --accent: #00205b; --text: #1b1b1b; --muted: #4a4a4a; --border: #6b6b6b; --background: #f5f6f8; --focus: #ffbf47; --error: #b50909;
  --font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
* { box-sizing: border-box; }
/* The page is one column whose white main reaches the bottom of the window, however short (issue 26: the sign-in
   page was half white, half grey on a phone). */
body { margin: 0; font-family: var(--font); font-size: 1rem; line-height: 1.5; color: var(--text); background: var(--background); min-height: 100vh; display: flex; flex-direction: column; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; } .skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; }
header { background: var(--accent); color: #fff; padding: .75rem 1rem; display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; }
header a, header .who { color: #fff; }
header nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1rem; margin: 0; padding: 0; }
header form { display: inline; }
main { flex: 1 0 auto; width: 100%; max-width: 80rem; margin: 0 auto; padding: 1rem; background: #fff; }
h1 { font-size: 1.6rem; margin-top: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; border-bottom: 1px solid var(--border); padding: .5rem; vertical-align: top; }
caption { text-align: left; font-weight: 600; padding: .5rem 0; }
.filters { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-end; margin-bottom: 1rem; }
.filters label { display: block; font-weight: 600; }
input, select, button { font: inherit; min-height: 2.5rem; padding: .25rem .5rem; border: 1px solid var(--border); border-radius: 4px; }
button, .button { background: var(--accent); color: #fff; border: 0; padding: .5rem 1rem; cursor: pointer; text-decoration: none; display: inline-block; border-radius: 4px; }
header button { background: #fff; color: var(--accent); }
.counts { display: flex; flex-wrap: wrap; gap: 1rem; padding: 0; list-style: none; }
.counts li { border: 1px solid var(--border); border-radius: 4px; padding: .25rem .75rem; }
.actions { display: flex; flex-wrap: wrap; gap: 1rem; margin: 1rem 0; }
.error { color: var(--error); font-weight: 600; }
.muted { color: var(--muted); }
/* The application page: the form's read-only layout (pages/styles.css, in brief). */
.summary { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
.summary dt { font-weight: 600; } .summary dd { margin: 0; }
.documents li { margin: .25rem 0; }
.readonly-page .form-page-title { font-size: 1.35rem; border-top: 2px solid var(--accent); padding-top: 1rem; margin-top: 2rem; }
.readonly-field { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1rem; padding: .375rem 0; border-bottom: 1px solid #e3e6eb; }
.readonly-field__label { font-weight: 600; }
.form-section { margin: 1rem 0; }
@media (max-width: 600px) { .readonly-field { grid-template-columns: 1fr; gap: 0; } .summary { grid-template-columns: 1fr; } }
.letter { white-space: pre-wrap; font: inherit; border: 1px solid var(--border); border-radius: 4px; padding: .75rem; max-width: 44rem; }
fieldset { border: 1px solid var(--border); border-radius: 4px; margin: 1rem 0; }
textarea { font: inherit; width: 100%; max-width: 44rem; border: 1px solid var(--border); border-radius: 4px; padding: .5rem; }
textarea:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
@media (max-width: 600px) { table, thead, tbody, tr, th, td { display: block; } thead { position: absolute; left: -9999px; } td { border: 0; } tr { border-bottom: 1px solid var(--border); } }
`;
