/** Spec §9: dates show as DD.MM.YYYY and DD.MM.YYYY HH:mm (German style) whatever the language. */
const dateFormat = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDate(value: string | Date): string {
  return dateFormat.format(new Date(value));
}

export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(new Date(value)).replace(',', '');
}

/** A dealer as every picker and page names it: its Reseller Id, then its name. */
export function formatDealer(dealer: { dealerId: string; name: string }): string {
  return `${dealer.dealerId} · ${dealer.name}`;
}
