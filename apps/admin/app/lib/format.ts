const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Almaty',
});

/** An instant as staff read it: `6 апреля 2026 г., 11:00` (Almaty time; the shop's head office). */
export const formatDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');
