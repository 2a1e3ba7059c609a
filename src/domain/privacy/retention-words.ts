/** How the privacy page says each edition's retention (docs/PRODUCT.md "Retention"). */
export const RETENTION_WORDS = {
  off: 'Registrations are kept until the site’s owner removes them, or you ask for them to be erased.',
  anonymise: 'Registrations are anonymised (name and e-mail removed, links ended, listening kept only as counts)',
  erase: 'Registrations are erased (a buyer’s is anonymised instead, so the purchase stays for the accounts)',
  accounting: (months: number) =>
    `A buyer’s name and e-mail stay with their purchase for ${months} month${months === 1 ? '' : 's'}, as accounting law asks; amounts and invoices are kept.`,
} as const;
