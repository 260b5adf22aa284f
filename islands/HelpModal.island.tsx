import { Modal } from './ui/Modal.js';

export interface HelpModalProps {
  helpEmail: string;
  officePhone: string;
  officeEmail: string;
}

export function HelpModal({ helpEmail, officePhone, officeEmail }: HelpModalProps) {
  return (
    <Modal triggerLabel="Help" title="Need help?">
      <h3>Technical help</h3>
      <p>
        If something on this site is not working, e-mail <a href={`mailto:${helpEmail}`}>{helpEmail}</a>. Tell us what you were doing and
        what you saw; never send your password.
      </p>
      <h3>Admissions office</h3>
      <p>
        Questions about applying: call <a href={`tel:${officePhone.replace(/[^0-9+]/g, '')}`}>{officePhone}</a> or e-mail{' '}
        <a href={`mailto:${officeEmail}`}>{officeEmail}</a>.
      </p>
    </Modal>
  );
}
