import { Modal } from './ui/Modal.js';
import { t } from '../contracts/i18n/page-text.js';

export function PrivacyModal({ officeEmail }: { officeEmail: string }) {
  return (
    <Modal triggerLabel={t('Privacy and cookies')} title={t('Privacy and cookies')} width="medium">
      <h3>{t('Privacy policy')}</h3>
      <p>
        {t(
          'We use the information in your application only to consider you for admission, scholarships and housing, and to contact you and the parents or guardians you name about your application. We do not sell it and we do not use advertising or tracking services. Staff read applications through an access-controlled, read-only view.',
        )}
      </p>
      <p>
        {t('You may ask what we hold about you, or ask us to correct it, by e-mailing')} <a href={`mailto:${officeEmail}`}>{officeEmail}</a>
        .
      </p>
      <h3>{t('Cookie notice')}</h3>
      <p>
        {t(
          'We set one strictly necessary cookie when you log in, to keep you logged in. It expires after 15 minutes of inactivity and is deleted when you log out. We set no analytics or advertising cookies. Answers you type before creating an account are kept in this browser tab only, until you close it.',
        )}
      </p>
    </Modal>
  );
}
