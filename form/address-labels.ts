/** §2 address block default labels. */
export const ADDRESS_LABELS = {
  address_line_1: 'Address',
  address_line_2: 'Apt. #',
  city: 'City',
  state: 'State/Province',
  zip: 'ZIP/Postal Code',
  country: 'Country',
} as const;

/** The Spanish of ADDRESS_LABELS (docs/i18n.md). */
export const ADDRESS_LABELS_ES: Readonly<Record<keyof typeof ADDRESS_LABELS, string>> = {
  address_line_1: 'Dirección',
  address_line_2: 'Depto. n.º',
  city: 'Ciudad',
  state: 'Estado/provincia',
  zip: 'Código postal (ZIP)',
  country: 'País',
};
