import { PASSKEY_TEXTS } from '../../contracts/passkeys.js';

export const title = PASSKEY_TEXTS.pageTitle;
