import { Modal } from './ui/Modal.js';
import { t } from '../contracts/i18n/page-text.js';

export interface HelpModalProps {
  helpEmail: string;
  officePhone: string;
  officeEmail: string;
}

export function HelpModal({ helpEmail, officePhone, officeEmail }: HelpModalProps) {
  return (
    <Modal triggerLabel={t('Help')} title={t('Need help?')}>
      <h3>{t('Technical help')}</h3>
      <p>
        {t('If something on this site is not working, e-mail')} <a href={`mailto:${helpEmail}`}>{helpEmail}</a>.{' '}
        {t('Tell us what you were doing and what you saw; never send your password.')}
      </p>
      <h3>{t('Admissions office')}</h3>
      <p>
        {t('Questions about applying: call')} <a href={`tel:${officePhone.replace(/[^0-9+]/g, '')}`}>{officePhone}</a> {t('or e-mail')}{' '}
        <a href={`mailto:${officeEmail}`}>{officeEmail}</a>.
      </p>
    </Modal>
  );
}
