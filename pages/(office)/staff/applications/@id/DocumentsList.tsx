import type { StaffDocumentData } from '../../../../../contracts/staff-application-data.js';

/** Every document of the application, each opened through the staff session, with who sent it and when. */
export function DocumentsList({ documents }: { documents: StaffDocumentData[] }) {
  return (
    <>
      <h2 id="documents">Documents</h2>
      {documents.length === 0 ? (
        <p>No document was uploaded.</p>
      ) : (
        <ul className="documents" aria-labelledby="documents">
          {documents.map((doc) => (
            <li key={doc.key}>
              <a href={doc.href}>{`${doc.label}: ${doc.fileName}`}</a> <span className="muted">{`(${doc.detail})`}</span>
              <br />
              <span className="muted">{doc.at ? `${doc.from}, ${doc.at}` : doc.from}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
