import { Modal } from './ui/Modal.js';

export function PrivacyModal({ officeEmail }: { officeEmail: string }) {
  return (
    <Modal triggerLabel="Privacy and cookies" title="Privacy and cookies" width="medium">
      <h3>Privacy policy</h3>
      <p>
        We use the information in your application only to consider you for admission, scholarships and housing, and to contact you and the
        parents or guardians you name about your application. We do not sell it and we do not use advertising or tracking services. Staff
        read applications through an access-controlled, read-only view.
      </p>
      <p>
        You may ask what we hold about you, or ask us to correct it, by e-mailing <a href={`mailto:${officeEmail}`}>{officeEmail}</a>.
      </p>
      <h3>Cookie notice</h3>
      <p>
        We set one strictly necessary cookie when you log in, to keep you logged in. It expires after 15 minutes of inactivity and is
        deleted when you log out. We set no analytics or advertising cookies. Answers you type before creating an account are kept in this
        browser tab only, until you close it.
      </p>
    </Modal>
  );
}
